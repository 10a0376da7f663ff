import type { Kysely } from 'kysely';
import type { Database, InlineAttachment } from '../db/schema/index.ts';
import { countsTowardCap, isOverCap, type MailCause } from './mail-cap.ts';
import { inlineText, isSingleAddress, subjectLine } from './mail-text.ts';

export type { MailCause } from './mail-cap.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about, shown in the mail history (e.g. 'Validation du compte'). */
  context: string;
  userId?: number | null;
  requestId?: number | null;
  /** Stored documents to attach (ids of `document`). */
  attachmentDocumentIds?: number[];
  /** Small text attachments carried by the outbox row itself (an appointment's .ics). */
  inlineAttachments?: InlineAttachment[];
  /**
   * The signed-in account whose action queued the mail: its mails to addresses that are neither
   * its own nor staff are capped per day (MAIL_MAX_PER_ACCOUNT_PER_DAY). Absent: not counted.
   */
  cause?: MailCause;
}

/**
 * Queues a mail in the caller's transaction: it leaves only if the change that caused it
 * commits. The mail log row shows it as queued until the sender reports. A mail that cannot be
 * sent (not one plain address) or that its causing account may not send any more today is not
 * queued: it is logged as 'refused' so that administrators see it, and null is returned.
 */
export async function enqueueMail(trx: Kysely<Database>, mail: OutgoingMail): Promise<number | null> {
  const to = mail.to.trim();
  const subject = subjectLine(mail.subject);
  const counted = mail.cause ? await countsTowardCap(trx, mail.cause, to) : false;
  if (!isSingleAddress(to) || (counted && (await isOverCap(trx, mail.cause!)))) {
    await logMail(trx, { ...mail, to, subject }, { outboxId: null, status: 'refused' });
    return null;
  }
  const { id } = await trx
    .insertInto('mailOutbox')
    .values({
      toAddress: to,
      subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      context: mail.context,
      userId: mail.userId ?? null,
      requestId: mail.requestId ?? null,
      attachmentDocumentIds: mail.attachmentDocumentIds ?? [],
      inlineAttachments: JSON.stringify(mail.inlineAttachments ?? []),
      causedByUserId: mail.cause?.userId ?? null,
      countsTowardCap: counted,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logMail(trx, { ...mail, to, subject }, { outboxId: id, status: 'queued' });
  return id;
}

async function logMail(
  trx: Kysely<Database>,
  mail: OutgoingMail,
  entry: { outboxId: number | null; status: 'queued' | 'refused' },
) {
  await trx
    .insertInto('mailLog')
    .values({
      outboxId: entry.outboxId,
      // A refused address may be anything a user typed: kept on one short line.
      toAddress: inlineText(mail.to, 254),
      subject: mail.subject,
      context: mail.context,
      userId: mail.userId ?? null,
      requestId: mail.requestId ?? null,
      status: entry.status,
    })
    .execute();
}
