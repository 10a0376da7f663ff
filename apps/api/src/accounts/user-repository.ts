import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConnectedUser, Role } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { StdUserTable } from '../db/schema/accounts.ts';

export type UserRow = Selectable<StdUserTable>;
export type UserWithRoles = UserRow & { roles: Role[] };

/** Finds a user by e-mail, case-insensitively. */
export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('stdUser')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The addresses of the active accounts holding a role, in the order of their ids. */
export async function activeAddressesWithRole(db: Kysely<Database>, role: Role): Promise<string[]> {
  const rows = await db
    .selectFrom('stdUser as u')
    .innerJoin('userRole as ur', 'ur.userId', 'u.id')
    .select('u.email')
    .where('ur.roleCode', '=', role)
    .where('u.isActive', '=', true)
    .orderBy('u.id')
    .execute();
  return rows.map((row) => row.email);
}

/** Loads a user and their roles. */
export async function findUserWithRoles(
  db: Kysely<Database>,
  id: number,
): Promise<UserWithRoles | undefined> {
  const user = await db.selectFrom('stdUser').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) return undefined;
  const rows = await db.selectFrom('userRole').select('roleCode').where('userId', '=', id).execute();
  return withImplicitRole(
    user,
    rows.map((r) => r.roleCode),
  );
}

/** Every account holds ROLE_USER (docs/workflow.md "Who may do what"); the stored roles add to it. */
export function withImplicitRole(user: UserRow, roleCodes: readonly string[]): UserWithRoles {
  const extra = roleCodes.filter((r) => r !== 'ROLE_USER').map((r) => r as Role);
  return { ...user, roles: ['ROLE_USER', ...extra.sort()] };
}

/**
 * An account's company and address, as the connected user and the admin's user screen both show
 * them ('Je suis le demandeur' copies them, docs/api-accounts.md).
 */
export function companyAndAddressOf(user: UserRow) {
  return {
    isCorporation: user.isCorporation,
    corporationName: user.corporationName,
    corporationSiret: user.corporationSiret,
    corporationAgentTitle: user.corporationAgentTitle,
    corporationAgent: user.corporationAgent,
    addressNum: user.addressNum,
    addressExt: user.addressExt,
    addressType: user.addressType,
    addressName: user.addressName,
    addressCity: user.addressCity,
    addressPostalCode: user.addressPostalCode,
    place: user.place,
    country: user.country,
  };
}

/**
 * The connected user as the API shows it: no hash, no internal flags; the whole identity, which
 * 'Je suis le demandeur' copies (docs/api-accounts.md).
 */
export function presentConnectedUser(user: UserWithRoles): ConnectedUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    picture: user.picture,
    roles: user.roles,
    nature: user.nature,
    title: user.title,
    phone: user.phone,
    phoneIndicative: user.phoneIndicative,
    jobTitle: user.jobTitle,
    ...companyAndAddressOf(user),
  };
}
