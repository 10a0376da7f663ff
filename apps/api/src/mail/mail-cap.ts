import { sql, type Kysely } from 'kysely';
import { isMailCapExempt } from '@voirie/domain';
import { lockAccountCaps } from '../db/account-lock.ts';
import type { Database } from '../db/schema/index.ts';

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

/** True when the account has already caused its cap of counted mails in the last 24 hours. */
export async function isOverCap(trx: Kysely<Database>, cause: MailCause): Promise<boolean> {
  // Until commit: two filings at once cannot both take the last mail of the day.
  await lockAccountCaps(trx, cause.userId);
  const { n } = await trx
    .selectFrom('mailOutbox')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('causedByUserId', '=', cause.userId)
    .where('countsTowardCap', '=', true)
    .where('createdAt', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return n >= cause.maxPerDay;
}
