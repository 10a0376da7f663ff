import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { issueLinkToken, LINK_LIFETIME_SECONDS } from '../accounts/link-tokens.ts';
import { enqueueMail, type MailCause } from '../mail/outbox.ts';
import { resetMail } from '../accounts/account-mails.ts';
import { emailChangeMail, welcomeMail } from './user-mails.ts';
import type { UsersDeps } from './users-deps.ts';

type LinkDeps = Pick<UsersDeps, 'publicUrl' | 'communityName' | 'linkTtlSeconds'>;

/**
 * Queues the mail with a single-use link to choose a password: a new account's welcome
 * (48 hours, as a validation link: the person has not asked for it), or a reset link (1 hour)
 * for an account already in use. The set-password page and `PUT user/{id}/password` take both.
 * Returns the link (the first-admin command prints it, and mails it only with `mail`).
 */
export async function sendPasswordLink(
  trx: Kysely<Database>,
  deps: LinkDeps,
  user: { id: number; email: string; isNew: boolean },
  options: { mail?: boolean } = {},
): Promise<string> {
  const ttlSeconds =
    deps.linkTtlSeconds ?? LINK_LIFETIME_SECONDS[user.isNew ? 'validate_email' : 'reset_password'];
  const token = await issueLinkToken(trx, { userId: user.id, purpose: 'reset_password', ttlSeconds });
  const link = `${deps.publicUrl}/password/${token}`;
  const args = { to: user.email, userId: user.id, link, communityName: deps.communityName };
  if (options.mail ?? true) await enqueueMail(trx, user.isNew ? welcomeMail(args) : resetMail(args));
  return link;
}

/**
 * Queues the confirmation link of a new address, sent to that address (48 hours, single use); it
 * counts toward the daily cap of the account that typed it (`cause`).
 */
export async function sendEmailChangeLink(
  trx: Kysely<Database>,
  deps: LinkDeps,
  user: { id: number; newEmail: string; cause: MailCause },
): Promise<void> {
  const ttlSeconds = deps.linkTtlSeconds ?? LINK_LIFETIME_SECONDS.change_email;
  const token = await issueLinkToken(trx, {
    userId: user.id,
    purpose: 'change_email',
    ttlSeconds,
    newEmail: user.newEmail,
  });
  await enqueueMail(trx, {
    ...emailChangeMail({
      to: user.newEmail,
      userId: user.id,
      link: `${deps.publicUrl}/confirm-email/${token}`,
      communityName: deps.communityName,
    }),
    cause: user.cause,
  });
}
