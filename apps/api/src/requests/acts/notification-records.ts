import type { Kysely } from 'kysely';
import { APPEAL_NOTICE, NOTIFIED_NATURES, notifiedActPath } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';

// The notification's rows, written in the signature's transaction (docs/acts.md « Notification »):
// each notified act just numbered keeps the decision mail sent to the applicant's account, whose
// delivery and opening will prove it.

/** The notified acts among the numbers just registered, oldest first. */
export async function notifiedActsOf(trx: Kysely<Database>, requestId: number, numbers: readonly string[]) {
  if (numbers.length === 0) return [];
  return trx
    .selectFrom('actRegister')
    .select(['id', 'number', 'nature'])
    .where('requestId', '=', requestId)
    .where('number', 'in', numbers)
    .where('nature', 'in', NOTIFIED_NATURES)
    .orderBy('sequence')
    .execute();
}

/** The decision mail's lines about the notified acts: their personal links and the appeal. */
export function notificationMailLines(publicUrl: string, numbers: readonly string[]): string[] {
  if (numbers.length === 0) return [];
  return [
    '',
    'Cette décision vous est notifiée par le portail : ouvrez-la avec votre compte pour en accuser réception (la date de cette ouverture est celle de la notification).',
    ...numbers.map((number) => `Acte n° ${number} : ${publicUrl}${notifiedActPath(number)}`),
    '',
    APPEAL_NOTICE,
  ];
}

/** One notification row per notified act, with the applicant's account and its mail. */
export async function recordNotifications(
  trx: Kysely<Database>,
  notification: {
    requestId: number;
    actIds: readonly number[];
    recipientUserId: number | null;
    mailOutboxId: number | null;
  },
): Promise<void> {
  if (notification.actIds.length === 0) return;
  await trx
    .insertInto('actNotification')
    .values(
      notification.actIds.map((actId) => ({
        actId,
        requestId: notification.requestId,
        recipientUserId: notification.recipientUserId,
        mailOutboxId: notification.mailOutboxId,
      })),
    )
    .execute();
}
