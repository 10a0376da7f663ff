import { sql, type Kysely } from 'kysely';
import { NOTIFICATION_TEXTS, needsPostalNotification } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { writeHistory } from '../history/history.ts';
import { requestInstructorAddresses } from '../requests/filing/filing-mails.ts';
import { notificationRows, statusOf } from '../requests/acts/notification-service.ts';
import { rowsByIdsQuery } from '../requests/list-query.ts';
import { describeRequest, enqueueRequestMail, requestLink } from '../requests/workflow/instruction-mails.ts';

// The daily run's notification step (docs/acts.md « Notification »): a notified act whose mail
// bounced, could not be sent, or that nobody opened within NOTIFICATION_PROOF_DAYS of its
// signature is reported once to the request's instructor (else to every instructor), who then
// records a postal notification from the detail. Once per act whoever runs it: the
// `clock_notice` row is inserted in the mail's transaction.

/** Tells the instructors of the acts still without proof that need a letter; returns how many. */
export async function remindUnprovenNotifications(
  deps: { db: Kysely<Database>; publicUrl: string },
  today: string,
): Promise<number> {
  const unproven = await notificationRows(deps.db)
    .where('n.notifiedAt', 'is', null)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM clock_notice c WHERE c.kind = 'notificationReminder' AND c.key = n.act_id::text)`,
    )
    .orderBy('n.actId')
    .execute();
  let sent = 0;
  for (const act of unproven) {
    const status = statusOf(act, today);
    if (!needsPostalNotification(status)) continue;
    const reason = NOTIFICATION_TEXTS[status as 'bounced' | 'unopened' | 'noAccount'];
    const mailed = await deps.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('clockNotice')
        .values({
          kind: 'notificationReminder',
          key: String(act.actId),
          requestId: act.requestId,
          userId: null,
        })
        .onConflict((conflict) => conflict.columns(['kind', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!claimed) return false;
      const { rows } = await rowsByIdsQuery([act.requestId]).execute(trx);
      const row = rows[0]!;
      await enqueueRequestMail(trx, row, {
        to: await requestInstructorAddresses(trx, act.instructeurId),
        subject: `Demande n° ${String(row.id)} : notification de l'acte n° ${act.number} à faire par courrier`,
        lines: [
          `Acte n° ${act.number} de la demande ${describeRequest(row)} : ${reason}.`,
          'Enregistrez la notification postale (numéro de la lettre recommandée, date de réception) depuis la page de la demande.',
        ],
        context: 'Rappel : notification à prouver',
        link: requestLink(deps.publicUrl, row),
      });
      await writeHistory(trx, {
        entity: 'request',
        entityId: act.requestId,
        actor: null,
        context: `Rappel envoyé : acte n° ${act.number} sans preuve de notification`,
        data: { action: 'notificationReminder', number: act.number, status },
      });
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}
