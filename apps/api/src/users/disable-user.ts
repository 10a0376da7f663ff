import { sql } from 'kysely';
import { USER_ADMIN_MESSAGES, type UserDetail } from '@voirie/domain';
import { AppError } from '../errors/app-error.ts';
import { writeHistory } from '../history/history.ts';
import { findUserWithRoles } from '../accounts/user-repository.ts';
import { assertAnAdminRemains } from './admin-guard.ts';
import { loadUserFor, userDetailOf, type Viewer } from './user-detail.ts';
import type { UsersDeps } from './users-deps.ts';

/**
 * `DELETE stduser/{id}` (admins, docs/screens.md "Users list"): the account is disabled, never erased — its
 * requests, documents and history stay. Its sessions end and its live links stop working. An
 * admin cannot delete itself, nor the last active admin.
 */
export async function disableUser(
  deps: UsersDeps,
  input: { actor: Viewer; key: string },
): Promise<{ user: UserDetail; message: string }> {
  const { actor } = input;
  const target = await loadUserFor(deps.db, actor, input.key, 'write');
  if (target.id === actor.id) throw new AppError('FORBIDDEN', USER_ADMIN_MESSAGES.deleteSelf);
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('stdUser')
      .select('isActive')
      .where('id', '=', target.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!row.isActive) throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.alreadyDisabled);
    if (target.roles.includes('ROLE_ADMIN'))
      await assertAnAdminRemains(trx, { targetId: target.id, rolesAfter: null });
    await trx
      .updateTable('stdUser')
      .set({ isActive: false, updatedAt: sql`now()` })
      .where('id', '=', target.id)
      .execute();
    await deps.sessions.revokeAll(trx, target.id);
    await trx
      .updateTable('authToken')
      .set({ usedAt: sql`now()` })
      .where('userId', '=', target.id)
      .where('usedAt', 'is', null)
      .execute();
    await writeHistory(trx, {
      entity: 'user',
      entityId: target.id,
      actor,
      context: 'Suppression du compte (désactivé)',
      data: { email: target.email },
    });
  });
  deps.sessions.forgetUser(target.id);
  const disabled = await findUserWithRoles(deps.db, target.id);
  return { user: await userDetailOf(deps.db, actor, disabled!), message: USER_ADMIN_MESSAGES.deleted };
}
