import type { Kysely } from 'kysely';
import { USER_ADMIN_MESSAGES, canReadUsers, canUser, type UserDetail } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { UserWithRoles } from '../accounts/user-repository.ts';
import { AppError } from '../errors/app-error.ts';
import { pendingPerimeterRequestOf } from './perimeter-request-queries.ts';
import { presentUserDetail } from './present-user.ts';
import { findUserByKey, isKeyOf, pendingEmailOf, perimeterLinksOf } from './user-queries.ts';

/** What the user services need to know of the caller. */
export type Viewer = UserWithRoles;

/**
 * The user behind a path key, for a caller who may `read` (admins, instructors, oneself) or
 * `write` (admins, oneself) it: another account is a 403 before it is looked up (no way to learn
 * who exists), then an unknown one a 404.
 */
export async function loadUserFor(
  db: Kysely<Database>,
  viewer: Viewer,
  key: string,
  access: 'read' | 'write',
  options: { forUpdate?: boolean } = {},
): Promise<UserWithRoles> {
  const isSelf = isKeyOf(key, viewer);
  if (!isSelf) {
    const allowed = access === 'read' ? canReadUsers(viewer) : canUser(viewer, 'manageUsers');
    if (!allowed)
      throw new AppError(
        'FORBIDDEN',
        access === 'read' ? USER_ADMIN_MESSAGES.readForbidden : USER_ADMIN_MESSAGES.editForbidden,
      );
  }
  const user = await findUserByKey(db, key, options);
  if (!user) throw new AppError('NOT_FOUND', USER_ADMIN_MESSAGES.notFound);
  return user;
}

/**
 * The user as the API presents it to this viewer (its perimeters, a pending address, a perimeter
 * request waiting for an administrator, abilities).
 */
export async function userDetailOf(
  db: Kysely<Database>,
  viewer: Viewer,
  user: UserWithRoles,
): Promise<UserDetail> {
  const [links, pendingEmail, perimeterRequest] = await Promise.all([
    perimeterLinksOf(db, user.id),
    pendingEmailOf(db, user.id),
    pendingPerimeterRequestOf(db, user.id),
  ]);
  return presentUserDetail({ user, links, pendingEmail, perimeterRequest, viewer });
}

/**
 * `GET stduser/{id}` (docs/api-users.md): oneself, or anyone for admins and instructors (read-only
 * for the latter).
 */
export async function getUserDetail(db: Kysely<Database>, viewer: Viewer, key: string): Promise<UserDetail> {
  return userDetailOf(db, viewer, await loadUserFor(db, viewer, key, 'read'));
}
