import { hasRole } from './accounts.ts';
import { canUser } from './capabilities.ts';

// Who may do what with the portal's mails: resend a failed one, and whose mails are
// not capped per day.

/**
 * Mails an account may cause in a rolling 24 hours to addresses that are neither its own nor an
 * instructor's or administrator's, whatever the path that mails them (a filing's
 * parties, a cancellation's notice, a new address to confirm…). The server's default;
 * MAIL_MAX_PER_ACCOUNT_PER_DAY overrides it.
 */
export const MAIL_CAP_PER_ACCOUNT_PER_DAY = 50;

/** The 429 of an action whose very point is a mail the account may not cause any more today. */
export const MAIL_CAP_MESSAGE =
  "Vous avez atteint la limite de courriels que votre compte peut faire envoyer à d'autres adresses en 24 heures. Veuillez réessayer plus tard.";

/**
 * True when the user may send a mail again: an administrator, and only a mail the outbox gave up
 * (`delivery` is its outbox state: 'pending', 'sent' or 'failed').
 */
export function canResendMail(
  user: { roles: readonly string[] } | null | undefined,
  delivery: string | null | undefined,
): boolean {
  return hasRole(user, 'ROLE_ADMIN') && delivery === 'failed';
}

/**
 * True when the mails an account causes are not capped per day: instructors and administrators
 * mail applicants as their work (completeness, decisions, orders), applicants do not.
 */
export function isMailCapExempt(user: { roles: readonly string[] } | null | undefined): boolean {
  return canUser(user, 'instructRequests');
}
