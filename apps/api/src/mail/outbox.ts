import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';

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
}

/**
 * Queues a mail in the caller's transaction: it leaves only if the change that caused it
 * commits. The mail log row shows it as queued until the sender reports.
 */
export async function enqueueMail(trx: Kysely<Database>, mail: OutgoingMail): Promise<number> {
  const { id } = await trx
    .insertInto('mailOutbox')
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      context: mail.context,
      userId: mail.userId ?? null,
      requestId: mail.requestId ?? null,
      attachmentDocumentIds: mail.attachmentDocumentIds ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('mailLog')
    .values({
      outboxId: id,
      toAddress: mail.to,
      subject: mail.subject,
      context: mail.context,
      userId: mail.userId ?? null,
      requestId: mail.requestId ?? null,
      status: 'queued',
    })
    .execute();
  return id;
}
