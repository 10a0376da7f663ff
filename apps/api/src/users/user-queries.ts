import { sql, type Kysely } from 'kysely';
import {
  USER_PERIMETER_FIELDS,
  USER_PERIMETER_FIELD_NAMES,
  type UserPerimeterField,
  type UserPerimeterIds,
  type UserPerimeterLink,
  databaseIdOf,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { withImplicitRole, type UserWithRoles } from '../accounts/user-repository.ts';

/** A user's key in a path: its number, or the opaque id of its web page. */
type UserKey = { id: number } | { publicId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a path's user key; null when it can be neither (then no user has it). */
export function userKeyOf(key: string): UserKey | null {
  const id = databaseIdOf(key);
  if (id !== null) return { id };
  if (UUID.test(key)) return { publicId: key.toLowerCase() };
  return null;
}

/** True when the key names this user (its number or its opaque id). */
export function isKeyOf(key: string, user: { id: number; publicId: string }): boolean {
  const parsed = userKeyOf(key);
  if (!parsed) return false;
  return 'id' in parsed ? parsed.id === user.id : parsed.publicId === user.publicId.toLowerCase();
}

/** A user and its roles by key (row lock with `forUpdate`), or undefined. */
export async function findUserByKey(
  db: Kysely<Database>,
  key: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserWithRoles | undefined> {
  const parsed = userKeyOf(key);
  if (!parsed) return undefined;
  let query = db.selectFrom('stdUser').selectAll();
  query = 'id' in parsed ? query.where('id', '=', parsed.id) : query.where('publicId', '=', parsed.publicId);
  if (options.forUpdate) query = query.forUpdate();
  const user = await query.executeTakeFirst();
  if (!user) return undefined;
  const rows = await db.selectFrom('userRole').select('roleCode').where('userId', '=', user.id).execute();
  return withImplicitRole(
    user,
    rows.map((row) => row.roleCode),
  );
}

/** The perimeters linked to a user, named, by kind then name. */
export async function perimeterLinksOf(db: Kysely<Database>, userId: number): Promise<UserPerimeterLink[]> {
  return db
    .selectFrom('userPerimeter as up')
    .innerJoin('perimeter as p', 'p.id', 'up.perimeterId')
    .select(['p.id', 'p.libelle', 'p.type', 'up.kind'])
    .where('up.userId', '=', userId)
    .orderBy('up.kind')
    .orderBy(sql`search_normalize(p.libelle)`)
    .orderBy('p.id')
    .execute();
}

/** The links grouped by the form's field (every field present, empty when none). */
export function perimeterIdsOf(links: readonly UserPerimeterLink[]): Record<UserPerimeterField, number[]> {
  const byField = {} as Record<UserPerimeterField, number[]>;
  for (const field of USER_PERIMETER_FIELD_NAMES) {
    const kind = USER_PERIMETER_FIELDS[field].kind;
    byField[field] = links.filter((link) => link.kind === kind).map((link) => link.id);
  }
  return byField;
}

/** The perimeter fields a form sends (absent: unchanged; null: none). */
export function perimeterFieldsOf(form: UserPerimeterIds): UserPerimeterIds {
  const given: UserPerimeterIds = {};
  for (const field of USER_PERIMETER_FIELD_NAMES) {
    const value = form[field];
    if (value !== undefined) given[field] = [...new Set(value ?? [])];
  }
  return given;
}

/** The new address a user asked for and has not confirmed yet (a live link), or null. */
export async function pendingEmailOf(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('authToken')
    .select('newEmail')
    .where('userId', '=', userId)
    .where('purpose', '=', 'change_email')
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.newEmail ?? null;
}

/** True when another account (active or not) already has this address. */
export async function isEmailTaken(
  db: Kysely<Database>,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('stdUser')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}
