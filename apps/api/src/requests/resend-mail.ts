import { sql, type Kysely } from 'kysely';
import { canResendMail, hasRole } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { writeHistory } from '../history/history.ts';
import type { MailHistoryItem } from '@voirie/domain';
import { mailLogEntry } from './mail-history.ts';

export const MAIL_RESENT_NOTICE = "Le mail a été remis en file d'envoi.";
const MAIL_NOT_FOUND = "Ce mail n'existe pas.";
const MAIL_NOT_FAILED = 'Seul un mail en échec peut être renvoyé.';
const ADMIN_ONLY = 'Seul un administrateur peut renvoyer un mail.';

/**
 * 'Renvoyer': an administrator queues a failed mail again — same content, attempts
 * reset, a new retry window — and the request's history says so, in one transaction. A mail that
 * is not failed (waiting, sent, refused by the cap) answers 409.
 */
export async function resendMail(
  db: Kysely<Database>,
  actor: { id: number; email: string; picture: string | null; roles: readonly string[] },
  mailLogId: number,
): Promise<MailHistoryItem> {
  // The route's policy already requires the role; the service does not rely on it.
  if (!hasRole(actor, 'ROLE_ADMIN')) throw new AppError('FORBIDDEN', ADMIN_ONLY);
  await db.transaction().execute(async (trx) => {
    const mail = await trx
      .selectFrom('mailLog as m')
      .leftJoin('mailOutbox as o', 'o.id', 'm.outboxId')
      .select(['m.id', 'm.outboxId', 'm.requestId', 'm.context', 'o.status as delivery'])
      .where('m.id', '=', mailLogId)
      .executeTakeFirst();
    if (!mail) throw new AppError('NOT_FOUND', MAIL_NOT_FOUND);
    if (mail.outboxId === null || !canResendMail(actor, mail.delivery))
      throw new AppError('CONFLICT', MAIL_NOT_FAILED);
    const requeued = await trx
      .updateTable('mailOutbox')
      .set({
        status: 'pending',
        attempts: 0,
        lastError: null,
        // Due at once, its retry window anew: the times a queued mail takes (migration 0027).
        nextAttemptAt: sql`DEFAULT`,
        retrySince: sql`DEFAULT`,
      })
      .where('id', '=', mail.outboxId)
      // Resent by someone else meanwhile: once only.
      .where('status', '=', 'failed')
      .returning('id')
      .executeTakeFirst();
    if (!requeued) throw new AppError('CONFLICT', MAIL_NOT_FAILED);
    await trx
      .updateTable('mailLog')
      .set({ status: 'queued', updatedAt: sql`now()` })
      .where('id', '=', mail.id)
      .execute();
    await writeHistory(trx, {
      entity: mail.requestId === null ? 'mail' : 'request',
      entityId: mail.requestId ?? mail.id,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: "Renvoi d'un mail",
      data: { action: 'resendMail', mailLogId: mail.id, context: mail.context },
    });
  });
  return (await mailLogEntry(db, actor, mailLogId))!;
}
