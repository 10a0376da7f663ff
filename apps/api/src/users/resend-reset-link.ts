import { USER_ADMIN_MESSAGES } from '@voirie/domain';
import { AppError } from '../errors/app-error.ts';
import { writeHistory } from '../history/history.ts';
import { sendPasswordLink } from './user-links.ts';
import { loadUserFor, type Viewer } from './user-detail.ts';
import type { UsersDeps } from './users-deps.ts';

/**
 * `POST stduser/{id}/reset-link` (admins, docs/screens.md "Users list"): mails the account a new
 * single-use link to choose its password — the welcome link (48 hours) while it has never been
 * used, a reset link (1 hour) otherwise. Earlier live links of the account stop working.
 */
export async function resendResetLink(
  deps: UsersDeps,
  input: { actor: Viewer; key: string },
): Promise<{ email: string; message: string }> {
  const target = await loadUserFor(deps.db, input.actor, input.key, 'write');
  if (!target.isActive) throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.accountDisabled);
  await deps.db.transaction().execute(async (trx) => {
    const isNew = target.emailValidatedAt === null && target.passwordHash === null;
    await sendPasswordLink(trx, deps, { id: target.id, email: target.email, isNew });
    await writeHistory(trx, {
      entity: 'user',
      entityId: target.id,
      actor: input.actor,
      context: 'Envoi d’un lien de réinitialisation du mot de passe',
    });
  });
  deps.onMailQueued();
  return { email: target.email, message: USER_ADMIN_MESSAGES.resetSent(target.email) };
}
