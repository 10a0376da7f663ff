import { sql, type Kysely } from 'kysely';
import { MAIL_CAP_MESSAGE, isMailCapExempt } from '@voirie/domain';
import { lockAccountCaps } from '../db/account-lock.ts';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';

// One daily cap per account over every path that mails an address the account does not own
// (issues 13 and 27). Its one counter is the outbox itself: the mails queued in the last 24 hours
// that counted, read under a lock of the account — in the database, so every API instance shares
// it. A mail that only goes with another change (a filing's party, a cancellation's notice) is
// dropped at the cap and the change goes on (enqueueMail logs it 'refused'); an action whose very
// point is the mail (a new address to confirm) is refused first (assertMayMail: 429).

/** The signed-in account whose action queues a mail, and its daily cap. */
export interface MailCause {
  userId: number;
  email: string;
  roles: readonly string[];
  /** Mails it may cause per rolling 24 h to addresses other than its own and the staff's. */
  maxPerDay: number;
}

/** The cause of the mails an actor's action queues (MAIL_MAX_PER_ACCOUNT_PER_DAY). */
export function mailCauseOf(
  actor: { id: number; email: string; roles: readonly string[] },
  maxPerDay: number,
): MailCause {
  return { userId: actor.id, email: actor.email, roles: actor.roles, maxPerDay };
}

/**
 * True when a mail to `to` counts toward the cause's cap: the cause is not staff, and the address
 * is neither the account's own nor an active instructor's or administrator's.
 */
export async function countsTowardCap(trx: Kysely<Database>, cause: MailCause, to: string): Promise<boolean> {
  if (isMailCapExempt(cause) || to.trim().toLowerCase() === cause.email.trim().toLowerCase()) return false;
  const staff = await trx
    .selectFrom('stdUser as u')
    .innerJoin('userRole as r', 'r.userId', 'u.id')
    .select('u.id')
    .where(sql<string>`lower(u.email)`, '=', to.trim().toLowerCase())
    .where('u.isActive', '=', true)
    .where('r.roleCode', 'in', ['ROLE_INSTRUCTEUR', 'ROLE_ADMIN'])
    .executeTakeFirst();
  return !staff;
}

/**
 * Seconds until the account may cause a counted mail again: null while it is under its cap of
 * counted mails in the last 24 hours; otherwise until the cap-th newest of them leaves the window.
 * Takes the account's cap lock (held until commit): the caller's own mail is counted before another
 * transaction reads the cap.
 */
async function secondsUntilUnderCap(trx: Kysely<Database>, cause: MailCause): Promise<number | null> {
  // Until commit: two filings at once cannot both take the last mail of the day.
  await lockAccountCaps(trx, cause.userId);
  const row = await trx
    .selectFrom('mailOutbox')
    .select(sql<number>`extract(epoch FROM created_at + interval '24 hours' - now())::float8`.as('seconds'))
    .where('causedByUserId', '=', cause.userId)
    .where('countsTowardCap', '=', true)
    .where('createdAt', '>', sql<Date>`now() - interval '24 hours'`)
    .orderBy('createdAt', 'desc')
    .offset(cause.maxPerDay - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Math.max(1, Math.ceil(row.seconds)) : null;
}

/** True when the account has already caused its cap of counted mails in the last 24 hours. */
export async function isOverCap(trx: Kysely<Database>, cause: MailCause): Promise<boolean> {
  return (await secondsUntilUnderCap(trx, cause)) !== null;
}

/**
 * Refuses an action whose very point is to mail `to` (429 with Retry-After, in French) when that
 * mail would count toward the cause's cap and the cap is reached; nothing is written then. Call
 * it in the action's transaction, before its writes.
 */
export async function assertMayMail(trx: Kysely<Database>, cause: MailCause, to: string): Promise<void> {
  if (!(await countsTowardCap(trx, cause, to))) return;
  const wait = await secondsUntilUnderCap(trx, cause);
  if (wait !== null) throw new AppError('TOO_MANY_ATTEMPTS', MAIL_CAP_MESSAGE, { retryAfter: wait });
}
