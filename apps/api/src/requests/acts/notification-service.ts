import { sql, type Kysely } from 'kysely';
import {
  ACT_NATURE_LABELS,
  APPEAL_NOTICE,
  NOTIFICATION_TEXTS,
  appealDeadline,
  canUser,
  formatDateFr,
  mailStatusText,
  needsPostalNotification,
  notificationStatus,
  parisIsoDay,
  postalReceiptProblem,
  type ActNotification,
  type NotifiedAct,
  type PostalNotification,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldError, validationError } from '../../errors/field-errors.ts';
import { writeHistory } from '../../history/history.ts';
import type { Actor, Viewer } from '../../policies/visibility.ts';
import { frenchDateTime, parisToday } from '../french-date.ts';
import { findVisibleRequest } from '../list-service.ts';
import { startFormalNoticeDelay } from './formal-notice-delay.ts';

// The notification of individual decisions and its proof (docs/acts.md « Notification »): the
// detail's view of a request's notified acts, the recipient's first opening through the personal
// link (the acknowledgement), and the registered letter an instructor records when the mail
// bounced or nobody opened it. The request's state never changes: an act-level record, not a
// workflow action.

/** The notified acts with their mail's delivery and who opened them (the reminders' too). */
export function notificationRows(db: Kysely<Database>) {
  return db
    .selectFrom('actNotification as n')
    .innerJoin('actRegister as a', 'a.id', 'n.actId')
    .innerJoin('request as r', 'r.id', 'n.requestId')
    .leftJoin('mailLog as l', 'l.outboxId', 'n.mailOutboxId')
    .leftJoin('mailOutbox as o', 'o.id', 'n.mailOutboxId')
    .leftJoin('stdUser as u', 'u.id', 'n.openedBy')
    .select([
      'n.actId',
      'a.number',
      'a.nature',
      'a.subject',
      'a.signedAt',
      'a.documentId',
      'a.signatoryName',
      'a.signatoryTitle',
      'n.requestId',
      'r.publicId as requestPublicId',
      'r.instructeurId',
      'n.mailOutboxId',
      'n.mode',
      'n.notifiedAt',
      'n.letterNumber',
      'l.status as mailStatus',
      'o.status as outboxStatus',
      sql<string | null>`nullif(concat_ws(' ', u.first_name, u.last_name), '')`.as('openedBy'),
    ]);
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof notificationRows>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The last day of the appeal, from the proven date's Paris day; null before notification. */
const appealUntilOf = (notifiedAt: Date | string | null) =>
  notifiedAt === null ? null : appealDeadline(parisIsoDay(new Date(notifiedAt).toISOString()));

/** Where the notification of a row stands on `today` (a Paris day). */
export function statusOf(row: NotificationRow, today: string) {
  return notificationStatus({
    notifiedAt: iso(row.notifiedAt),
    hasMail: row.mailOutboxId !== null,
    mailStatus: row.mailStatus,
    outboxStatus: row.outboxStatus,
    signedOn: parisIsoDay(new Date(row.signedAt).toISOString()),
    today,
  });
}

function presentNotification(row: NotificationRow, viewer: Viewer, today: string): ActNotification {
  const status = statusOf(row, today);
  const staff = canUser(viewer, 'recordPostalNotification');
  const notifiedAt = iso(row.notifiedAt);
  return {
    number: row.number,
    nature: row.nature,
    natureLabel: ACT_NATURE_LABELS[row.nature],
    signedAt: new Date(row.signedAt).toISOString(),
    documentId: row.documentId,
    status,
    statusText:
      notifiedAt && row.mode
        ? NOTIFICATION_TEXTS.notified(frenchDateTime(notifiedAt), row.mode)
        : NOTIFICATION_TEXTS[status as Exclude<typeof status, 'notified'>],
    alert: needsPostalNotification(status),
    mode: row.mode,
    notifiedAt,
    // Who opened it is the staff's proof; the applicant knows it was them.
    openedBy: staff ? row.openedBy : null,
    letterNumber: row.letterNumber,
    mailStatus: row.mailStatus,
    mailStatusText: row.mailStatus === null ? null : mailStatusText(row.mailStatus),
    appealUntil: appealUntilOf(row.notifiedAt),
    abilities: { recordPostal: staff && notifiedAt === null },
  };
}

/** `GET request/{id}/notifications`: the notified acts of a request the viewer sees, in order. */
export async function listRequestNotifications(
  db: Kysely<Database>,
  viewer: Viewer,
  key: string,
): Promise<ActNotification[]> {
  const request = await findVisibleRequest(db, viewer, key);
  const rows = await notificationRows(db).where('n.requestId', '=', request.id).orderBy('a.id').execute();
  const today = parisToday();
  return rows.map((row) => presentNotification(row, viewer, today));
}

/**
 * True when the viewer is the decision's addressee: a party of the request through its own
 * account — the filer, the petitioner's or the beneficiary's account — and not staff. An
 * instructor or an administrator reading the act proves nothing about its addressee.
 */
async function isAddressee(db: Kysely<Database>, viewer: Viewer, requestId: number): Promise<boolean> {
  if (canUser(viewer, 'recordPostalNotification')) return false;
  const party = await db
    .selectFrom('request as r')
    .leftJoin('petitioner as p', 'p.id', 'r.petitionerId')
    .leftJoin('petitioner as b', 'b.id', 'r.beneficiaryId')
    .select('r.id')
    .where('r.id', '=', requestId)
    .where((eb) =>
      eb.or([
        eb('r.ownerUserId', '=', viewer.id),
        eb('p.stdUserId', '=', viewer.id),
        eb('b.stdUserId', '=', viewer.id),
      ]),
    )
    .executeTakeFirst();
  return party !== undefined;
}

/**
 * `POST acts/{number}/opening`: the act opened through the personal link of its mail. The first
 * opening by its addressee is the acknowledgement — date, time and account kept, the proven date
 * of the notification; anyone else who sees the request reads it without proving anything.
 */
export async function openNotifiedAct(
  db: Kysely<Database>,
  viewer: Actor,
  number: string,
): Promise<NotifiedAct> {
  const found = await notificationRows(db).where('a.number', '=', number).executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', NOTIFICATION_TEXTS.notOpenable);
  // 404 as well for whoever may not see the request: the number proves nothing.
  await findVisibleRequest(db, viewer, String(found.requestId));
  let acknowledged = false;
  if (found.notifiedAt === null && (await isAddressee(db, viewer, found.requestId))) {
    acknowledged = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('actNotification')
        .set({ openedAt: sql`now()`, openedBy: viewer.id, mode: 'portal', notifiedAt: sql`now()` })
        .where('actId', '=', found.actId)
        .where('notifiedAt', 'is', null)
        .returning('notifiedAt')
        .executeTakeFirst();
      if (!updated?.notifiedAt) return false;
      await writeHistory(trx, {
        entity: 'request',
        entityId: found.requestId,
        actor: { id: viewer.id, email: viewer.email, picture: viewer.picture },
        context: `Acte n° ${found.number} notifié : ouvert par son destinataire sur le portail`,
        data: { action: 'actNotified', number: found.number, mode: 'portal' },
      });
      await startFormalNoticeDelay(trx, viewer, found, new Date(updated.notifiedAt).toISOString());
      return true;
    });
  }
  const row = acknowledged
    ? await notificationRows(db).where('n.actId', '=', found.actId).executeTakeFirstOrThrow()
    : found;
  return {
    number: row.number,
    natureLabel: ACT_NATURE_LABELS[row.nature],
    subject: row.subject,
    signedAt: new Date(row.signedAt).toISOString(),
    signatoryName: row.signatoryName,
    signatoryTitle: row.signatoryTitle,
    documentId: row.documentId,
    requestPublicId: row.requestPublicId,
    notifiedAt: iso(row.notifiedAt),
    mode: row.mode,
    acknowledgedNow: acknowledged,
    appealUntil: appealUntilOf(row.notifiedAt),
    appealNotice: APPEAL_NOTICE,
  };
}

/**
 * `POST request/{id}/notifications/{number}/postal`: the registered letter an instructor records
 * for a signed act not yet notified — received neither in the future nor before the signature.
 * The receipt's day is the proven date; written to the request's history.
 */
export async function recordPostalNotification(
  db: Kysely<Database>,
  actor: Actor,
  target: { key: string; number: string },
  letter: PostalNotification,
): Promise<ActNotification[]> {
  if (!canUser(actor, 'recordPostalNotification')) {
    throw new AppError('FORBIDDEN', "Vous n'avez pas les droits pour effectuer cette action.");
  }
  const request = await findVisibleRequest(db, actor, target.key);
  const act = await notificationRows(db)
    .where('n.requestId', '=', request.id)
    .where('a.number', '=', target.number)
    .executeTakeFirst();
  if (!act) throw new AppError('NOT_FOUND', NOTIFICATION_TEXTS.notOpenable);
  if (act.notifiedAt !== null) throw new AppError('CONFLICT', NOTIFICATION_TEXTS.alreadyNotified);
  const signedOn = parisIsoDay(new Date(act.signedAt).toISOString());
  const problem = postalReceiptProblem(letter.receivedOn, { signedOn, today: parisToday() });
  if (problem) throw validationError('', [fieldError('receivedOn', problem)]);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('actNotification')
      .set({
        letterNumber: letter.letterNumber,
        receivedOn: letter.receivedOn,
        postalRecordedBy: actor.id,
        postalRecordedAt: sql`now()`,
        mode: 'postal',
        notifiedAt: sql`(${letter.receivedOn}::date)::timestamp AT TIME ZONE 'Europe/Paris'`,
      })
      .where('actId', '=', act.actId)
      .where('notifiedAt', 'is', null)
      .returning(['actId', 'notifiedAt'])
      .executeTakeFirst();
    // Opened, or recorded by another instructor, meanwhile.
    if (!updated) throw new AppError('CONFLICT', NOTIFICATION_TEXTS.alreadyNotified);
    await writeHistory(trx, {
      entity: 'request',
      entityId: request.id,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: `Acte n° ${act.number} notifié par lettre recommandée n° ${letter.letterNumber}, reçue le ${formatDateFr(letter.receivedOn)}`,
      data: { action: 'actNotified', number: act.number, mode: 'postal', ...letter },
    });
    await startFormalNoticeDelay(trx, actor, act, new Date(updated.notifiedAt!).toISOString());
  });
  return listRequestNotifications(db, actor, target.key);
}
