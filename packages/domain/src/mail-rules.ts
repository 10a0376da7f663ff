import { hasRole } from './accounts.ts';
import { canUser } from './capabilities.ts';

// Who may do what with the portal's mails (issue 13): resend a failed one, and whose mails are
// not capped per day.

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
