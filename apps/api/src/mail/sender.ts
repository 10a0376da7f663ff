import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema/index.ts';
import type { MailTransport } from './transports.ts';

export const MAX_ATTEMPTS = 6;
const LEASE_SECONDS = 300;

/** Seconds to wait before attempt n+1: 30 s, 1 min, 2 min… */
export function backoffSeconds(attempts: number): number {
  return 30 * 2 ** Math.max(0, attempts - 1);
}

/**
 * Sends the outbox: picks due mails (leasing them so that two instances never send the same
 * one), sends each, and records the outcome with retries and exponential backoff.
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Set by stop(): no batch starts any more (the database may be closing). */
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    private readonly options: {
      from: string;
      logger: FastifyBaseLogger;
      pollMs?: number;
      /** Where attached documents are read from (their storage key to a path). */
      files?: { pathOf(storageKey: string): string };
    },
  ) {}

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

  private async sendDue(): Promise<number> {
    const batch = await this.db
      .updateTable('mailOutbox')
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('mailOutbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('nextAttemptAt', '<=', sql<Date>`now()`)
          .orderBy('id')
          .limit(20)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
    for (const mail of batch) {
      await this.sendOne(mail);
    }
    return batch.length;
  }

  /** The attached documents as files the transport reads. */
  private async attachmentsOf(ids: readonly number[]) {
    if (ids.length === 0) return undefined;
    const files = this.options.files;
    if (!files) throw new Error('mail attachments need the file store');
    const documents = await this.db.selectFrom('document').select(['id', 'name', 'mimeType', 'storageKey']).where('id', 'in', ids).orderBy('id').execute();
    return documents.map((document) => ({ filename: document.name, path: files.pathOf(document.storageKey), contentType: document.mimeType }));
  }

  private async sendOne(mail: {
    id: number;
    toAddress: string;
    subject: string;
    textBody: string;
    htmlBody: string | null;
    attempts: number;
    attachmentDocumentIds: number[];
  }) {
    const attempts = mail.attempts + 1;
    try {
      const { messageId } = await this.transport.send({
        from: this.options.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
        attachments: await this.attachmentsOf(mail.attachmentDocumentIds),
      });
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('mailOutbox').set({ status: 'sent', attempts, sentAt: sql`now()`, lastError: null }).where('id', '=', mail.id).execute();
        await trx.updateTable('mailLog').set({ status: 'sent', mailjetId: messageId, updatedAt: sql`now()` }).where('outboxId', '=', mail.id).execute();
      });
      this.options.logger.info({ mailId: mail.id, transport: this.transport.name }, 'mail sent');
    } catch (error) {
      const permanent = (error as { permanent?: boolean }).permanent === true;
      const failed = permanent || attempts >= MAX_ATTEMPTS;
      const reason = (error as Error).message.slice(0, 500);
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('mailOutbox')
          .set({
            status: failed ? 'failed' : 'pending',
            attempts,
            lastError: reason,
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
          })
          .where('id', '=', mail.id)
          .execute();
        await trx
          .updateTable('mailLog')
          .set({ status: failed ? 'bounce' : 'deferred', updatedAt: sql`now()` })
          .where('outboxId', '=', mail.id)
          .execute();
      });
      // The address is personal data: log the id and the reason only.
      this.options.logger.warn({ mailId: mail.id, attempts, failed, reason }, 'mail not sent');
    }
  }
}
