import { USER_ADMIN_MESSAGES, normalizeRoles, type UserDetail, type UserForm } from '@voirie/domain';
import { AppError } from '../errors/app-error.ts';
import { writeHistory } from '../history/history.ts';
import { findUserWithRoles } from '../accounts/user-repository.ts';
import { profileColumns, replaceRoles } from './user-profile.ts';
import { checkPerimeterIds, replacePerimeterLinks } from './user-perimeters.ts';
import { isEmailTaken, perimeterFieldsOf } from './user-queries.ts';
import { sendPasswordLink } from './user-links.ts';
import { userDetailOf, type Viewer } from './user-detail.ts';
import { assertMayWrite, isUniqueViolation } from './user-write-checks.ts';
import type { UsersDeps } from './users-deps.ts';

/**
 * `POST stduser` (the NewUser screen, admins): creates the account with its roles and perimeters,
 * without a password; it gets a mail with a single-use link (48 hours) to choose one, which also
 * validates its address. One transaction with its history entry; the mail leaves after commit.
 */
export async function createUser(
  deps: UsersDeps,
  input: { actor: Viewer; form: UserForm },
): Promise<{ user: UserDetail; message: string }> {
  const { actor, form } = input;
  const perimeters = perimeterFieldsOf(form);
  assertMayWrite({ editor: actor, target: null, form, perimeters });
  await checkPerimeterIds(deps.db, perimeters);
  const email = form.email.trim().toLowerCase();
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      if (await isEmailTaken(trx, email)) throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.emailTaken);
      const { id } = await trx
        .insertInto('stdUser')
        .values({ email, passwordHash: null, ...profileColumns(form) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const roles = await replaceRoles(trx, id, normalizeRoles(form.roles ?? []));
      await replacePerimeterLinks(trx, id, perimeters);
      await sendPasswordLink(trx, deps, { id, email, isNew: true });
      await writeHistory(trx, {
        entity: 'user',
        entityId: id,
        actor,
        context: 'Création du compte',
        data: { email, roles, ...perimeters },
      });
      return id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? new AppError('CONFLICT', USER_ADMIN_MESSAGES.emailTaken) : error;
    });
  deps.onMailQueued();
  const created = await findUserWithRoles(deps.db, id);
  return { user: await userDetailOf(deps.db, actor, created!), message: USER_ADMIN_MESSAGES.created(email) };
}
