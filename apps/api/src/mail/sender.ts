import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, InlineAttachment } from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import type { MailTransport } from './transports.ts';

/** How long a mail keeps being retried before it is given up as failed (MAIL_RETRY_HOURS). */
const DEFAULT_RETRY_HOURS = 48;
/** Longest wait between two attempts: a long outage is retried every hour. */
export const MAX_BACKOFF_SECONDS = 3600;
/** Longest time one mail may take, all included (MAIL_SEND_TIMEOUT_MS). */
const DEFAULT_SEND_TIMEOUT_MS = 60_000;
/** Mails sent at once: a slow one holds one slot, not the batch. */
const DEFAULT_CONCURRENCY = 4;
const BATCH_SIZE = 20;

/** Seconds to wait before attempt n+1: 30 s, 1 min, 2 min… at most an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, 30 * 2 ** Math.max(0, attempts - 1));
}

interface MailSenderOptions {
  from: string;
  logger: FastifyBaseLogger;
  pollMs?: number;
  /** Where attached documents are read from (their storage key to a path). */
  files?: Pick<FileStore, 'open'>;
  retryHours?: number;
  sendTimeoutMs?: number;
  concurrency?: number;
  /** The time the sender acts at (tests drive it); by default the database's now(). */
  clock?: () => Date;
}

interface LeasedMail {
  id: number;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  attempts: number;
  attachmentDocumentIds: number[];
  inlineAttachments: InlineAttachment[];
}

/**
 * Sends the outbox: picks due mails (leasing them with FOR UPDATE SKIP LOCKED so that two
 * instances never send the same one), sends a few at once, each within a time limit, and records
 * each outcome: sent, or retried with capped exponential backoff until the retry window
 * (MAIL_RETRY_HOURS from queueing) is over or the server refused for good — then 'failed',
 * which an administrator may resend.
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Set by stop(): no batch starts any more (the database may be closing). */
  private closed = false;
  private readonly retrySeconds: number;
  private readonly sendTimeoutMs: number;
  private readonly concurrency: number;
  /**
   * A leased mail is not picked again before the batch could have ended: every mail of it taking
   * its whole time limit, a slot after the other, plus a minute of margin.
   */
  private readonly leaseSeconds: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    private readonly options: MailSenderOptions,
  ) {
    this.retrySeconds = (options.retryHours ?? DEFAULT_RETRY_HOURS) * 3600;
    this.sendTimeoutMs = options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    this.leaseSeconds = Math.ceil(BATCH_SIZE / this.concurrency) * Math.ceil(this.sendTimeoutMs / 1000) + 60;
  }

  /** Starts polling the outbox. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the batch under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await this.running;
  }

  /** Sends what is due now (after a commit that queued mail, or from tests). */
  async flush(): Promise<number> {
    // One batch at a time in this process.
    while (this.running) await this.running;
    // A flush that waited behind the last batch must not start one once stopped: the database
    // is closed right after stop() (a query on a closed PGlite never returns).
    if (this.closed) return 0;
    this.running = this.sendDue();
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.flush()
        .catch((error: unknown) => this.options.logger.error({ err: error }, 'mail outbox: batch failed'))
        .finally(() => this.schedule(this.options.pollMs ?? 2000));
    }, delayMs);
    this.timer.unref();
  }

  /** The sender's "now" in SQL. */
  private now(): RawBuilder<Date> {
    return this.options.clock
      ? sql<Date>`${this.options.clock().toISOString()}::timestamptz`
      : sql<Date>`now()`;
  }

  private async sendDue(): Promise<number> {
    const now = this.now();
    const batch = await this.db
      .updateTable('mailOutbox')
      .set({ nextAttemptAt: sql`${now} + make_interval(secs => ${this.leaseSeconds})` })
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('mailOutbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('nextAttemptAt', '<=', now)
          .orderBy('id')
          .limit(BATCH_SIZE)
          .forUpdate()
          .skipLocked(),
      )
      .returning([
        'id',
        'toAddress',
        'subject',
        'textBody',
        'htmlBody',
        'attempts',
        'attachmentDocumentIds',
        'inlineAttachments',
      ])
      .execute();
    await forEachLimited(
      batch.sort((a, b) => a.id - b.id),
      this.concurrency,
      async (mail) => {
        try {
          await this.sendOne(mail);
        } catch (error) {
          // Recording the outcome failed (database gone?): the lease expires and the mail is retried.
          this.options.logger.error({ err: error, mailId: mail.id }, 'mail outbox: outcome not recorded');
        }
      },
    );
    return batch.length;
  }

  /** The attached documents as streams the transport reads (from the disk or the bucket). */
  private async attachmentsOf(ids: readonly number[]) {
    if (ids.length === 0) return undefined;
    const files = this.options.files;
    if (!files) throw new Error('mail attachments need the file store');
    const documents = await this.db
      .selectFrom('document')
      .select(['id', 'name', 'mimeType', 'storageKey'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const attachments: { filename: string; content: Readable; contentType: string }[] = [];
    try {
      for (const document of documents)
        attachments.push({
          filename: document.name,
          content: await files.open(document.storageKey),
          contentType: document.mimeType,
        });
    } catch (error) {
      for (const attachment of attachments) attachment.content.destroy();
      throw error;
    }
    return attachments;
  }

  private async sendOne(mail: LeasedMail) {
    const attempts = mail.attempts + 1;
    let stored: { filename: string; content: Readable; contentType: string }[] = [];
    try {
      stored = (await this.attachmentsOf(mail.attachmentDocumentIds)) ?? [];
      const attachments = [...stored, ...mail.inlineAttachments];
      const message = {
        from: this.options.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
        attachments: attachments.length > 0 ? attachments : undefined,
      };
      const { messageId } = await withTimeout(
        (signal) => this.transport.send(message, { signal }),
        this.sendTimeoutMs,
      );
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('mailOutbox')
          .set({ status: 'sent', attempts, sentAt: sql`now()`, lastError: null })
          .where('id', '=', mail.id)
          .execute();
        await trx
          .updateTable('mailLog')
          .set({ status: 'sent', mailjetId: messageId, updatedAt: sql`now()` })
          .where('outboxId', '=', mail.id)
          .execute();
      });
      this.options.logger.info({ mailId: mail.id, transport: this.transport.name }, 'mail sent');
    } catch (error) {
      await this.recordFailure(mail, attempts, error);
    } finally {
      // A send that failed before reading them leaves them open (a file, or a bucket's socket).
      for (const attachment of stored) attachment.content.destroy();
    }
  }

  /** Retried later, or given up: a permanent refusal, or the retry window is over. */
  private async recordFailure(mail: LeasedMail, attempts: number, error: unknown) {
    const permanent = (error as { permanent?: boolean }).permanent === true;
    const reason = String((error as Error).message ?? error).slice(0, 500);
    const now = this.now();
    const failed = await this.db.transaction().execute(async (trx) => {
      const { status } = await trx
        .updateTable('mailOutbox')
        .set({
          status: sql<
            'pending' | 'failed'
          >`CASE WHEN ${permanent}::boolean OR retry_since + make_interval(secs => ${this.retrySeconds}) <= ${now} THEN 'failed' ELSE 'pending' END`,
          attempts,
          lastError: reason,
          nextAttemptAt: sql`${now} + make_interval(secs => ${backoffSeconds(attempts)})`,
        })
        .where('id', '=', mail.id)
        .returning('status')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('mailLog')
        .set({ status: status === 'failed' ? 'failed' : 'deferred', updatedAt: sql`now()` })
        .where('outboxId', '=', mail.id)
        .execute();
      return status === 'failed';
    });
    // The address is personal data: log the id and the reason only.
    this.options.logger.warn(
      { mailId: mail.id, attempts, failed, reason },
      failed ? 'mail given up' : 'mail not sent, retried later',
    );
  }
}

/** Runs `work` on every item, at most `limit` at a time. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The work, given up (and told to stop through its signal) when it takes longer than `ms`. */
async function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`mail not sent within ${String(ms)} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
