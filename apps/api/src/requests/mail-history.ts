import { sql, type Kysely } from 'kysely';
import {
  canResendMail,
  isMailErrorStatus,
  mailStatusText,
  MAIL_STATUSES,
  type MailHistoryItem,
  type MailStatus,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { findVisibleRequest } from './list-service.ts';
import type { Viewer } from '../policies/visibility.ts';

/** The mail-log rows with their outbox state (`o.status`: pending, sent, failed). */
function mailRows(db: Kysely<Database>) {
  return db
    .selectFrom('mailLog as m')
    .leftJoin('stdUser as u', 'u.id', 'm.userId')
    .leftJoin('mailOutbox as o', 'o.id', 'm.outboxId')
    .select([
      'm.id',
      'm.mailjetId',
      'm.status',
      'm.subject',
      'm.toAddress',
      'm.context',
      'm.createdAt',
      'm.requestId',
      'u.picture',
      'u.email',
      'o.status as delivery',
    ]);
}

type MailRow = Awaited<ReturnType<ReturnType<typeof mailRows>['executeTakeFirstOrThrow']>>;

function presentMail(row: MailRow, viewer: Viewer): MailHistoryItem {
  return {
    id: row.id,
    mailjetId: row.mailjetId,
    status: row.status,
    statusText: mailStatusText(row.status),
    isError: isMailErrorStatus(row.status),
    subject: row.subject,
    to: row.toAddress,
    context: row.context,
    createdAt: new Date(row.createdAt).toISOString(),
    stdUser: { picture: row.picture ?? null, email: row.email ?? row.toAddress },
    abilities: { resend: canResendMail(viewer, row.delivery) },
  };
}

/** `GET mails/{id}`: the mails of a request the viewer may see, newest first. */
export async function mailHistory(
  db: Kysely<Database>,
  viewer: Viewer,
  key: string,
): Promise<MailHistoryItem[]> {
  const request = await findVisibleRequest(db, viewer, key);
  const rows = await mailRows(db)
    .where('m.requestId', '=', request.id)
    .orderBy('m.createdAt', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return rows.map((row) => presentMail(row, viewer));
}

/** One mail-log entry as the history shows it to the viewer, or undefined. */
export async function mailLogEntry(
  db: Kysely<Database>,
  viewer: Viewer,
  mailLogId: number,
): Promise<MailHistoryItem | undefined> {
  const row = await mailRows(db).where('m.id', '=', mailLogId).executeTakeFirst();
  return row && presentMail(row, viewer);
}

/** A provider event, Mailjet-shaped (`event`, `MessageID`); a few aliases accepted. */
export interface MailEvent {
  event?: string;
  status?: string;
  MessageID?: string | number;
  messageId?: string | number;
  mailjetId?: string | number;
  hard_bounce?: boolean;
}

const EVENT_STATUS: Readonly<Record<string, MailStatus>> = {
  sent: 'sent',
  open: 'opened',
  opened: 'opened',
  click: 'clicked',
  clicked: 'clicked',
  bounce: 'bounce',
  spam: 'spam',
  blocked: 'blocked',
  unsub: 'unsub',
  deferred: 'deferred',
  queued: 'queued',
  hardbounced: 'hardbounced',
  softbounced: 'softbounced',
};

/** The mail-log status of a provider event, or null when the event is not one we track. */
export function statusOfEvent(event: MailEvent): MailStatus | null {
  const name = (event.event ?? event.status ?? '').toLowerCase();
  if (name === 'bounce' && event.hard_bounce !== undefined)
    return event.hard_bounce ? 'hardbounced' : 'softbounced';
  const status = EVENT_STATUS[name];
  return status && (MAIL_STATUSES as readonly string[]).includes(status) ? status : null;
}

/**
 * Applies provider events to the mail log (docs/api-requests.md "POST webhooks/mail"); returns the
 * rows updated.
 */
export async function applyMailEvents(db: Kysely<Database>, events: readonly MailEvent[]): Promise<number> {
  let updated = 0;
  for (const event of events) {
    const status = statusOfEvent(event);
    const id = event.MessageID ?? event.messageId ?? event.mailjetId;
    if (!status || id === undefined || id === null || String(id) === '') continue;
    const result = await db
      .updateTable('mailLog')
      .set({ status, updatedAt: sql`now()` })
      .where('mailjetId', '=', String(id))
      .executeTakeFirst();
    updated += Number(result.numUpdatedRows);
  }
  return updated;
}
