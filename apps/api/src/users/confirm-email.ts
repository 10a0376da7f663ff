import { sql } from 'kysely';
import { USER_ADMIN_MESSAGES, type EmailConfirmed } from '@voirie/domain';
import { AppError } from '../errors/app-error.ts';
import { writeHistory } from '../history/history.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { consumeLinkToken } from '../accounts/link-tokens.ts';
import { emailChangedNotice } from './user-mails.ts';
import { isEmailTaken } from './user-queries.ts';
import { isUniqueViolation } from './user-write-checks.ts';
import type { UsersDeps } from './users-deps.ts';

/**
 * `PUT user/confirm-email/{token}`: the link mailed to a new address proves that mailbox; the
 * address replaces the old one (single use, 48 hours, an active account), the old address is
 * told, and the history keeps both. A dead link, or an address taken meanwhile, changes nothing.
 */
export async function confirmEmailChange(deps: UsersDeps, token: string): Promise<EmailConfirmed> {
  const confirmed = await deps.db
    .transaction()
    .execute(async (trx) => {
      const found = await consumeLinkToken(trx, { token, purpose: 'change_email' });
      if (!found?.newEmail) throw new AppError('TOKEN_INVALID', USER_ADMIN_MESSAGES.emailLinkInvalid);
      const before = await trx
        .selectFrom('stdUser')
        .select(['id', 'email', 'picture', 'isActive'])
        .where('id', '=', found.userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (!before.isActive) throw new AppError('TOKEN_INVALID', USER_ADMIN_MESSAGES.emailLinkInvalid);
      if (await isEmailTaken(trx, found.newEmail, before.id))
        throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.emailTaken);
      const user = await trx
        .updateTable('stdUser')
        .set({
          email: found.newEmail,
          emailValidatedAt: sql`coalesce(email_validated_at, now())`,
          updatedAt: sql`now()`,
        })
        .where('id', '=', before.id)
        .returning(['id', 'email', 'picture'])
        .executeTakeFirstOrThrow();
      await enqueueMail(
        trx,
        emailChangedNotice({
          to: before.email,
          userId: user.id,
          newEmail: user.email,
          communityName: deps.communityName,
        }),
      );
      await writeHistory(trx, {
        entity: 'user',
        entityId: user.id,
        actor: user,
        context: 'Confirmation de la nouvelle adresse e-mail',
        data: { email: { before: before.email, after: user.email } },
      });
      return { id: user.id, email: user.email };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? new AppError('CONFLICT', USER_ADMIN_MESSAGES.emailTaken) : error;
    });
  deps.sessions.forgetUser(confirmed.id);
  deps.onMailQueued();
  return { email: confirmed.email };
}
