import { sql, type Kysely } from 'kysely';
import type { PerimeterRequest } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';

// What the perimeter requests read: kept apart from their writes, which present the
// user through user-detail.ts, itself a reader of the waiting request.

/** Territories by id, named, in the order of their names. */
export async function namedPerimeters(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('perimeter')
    .select(['id', 'libelle', 'type'])
    .where('id', 'in', [...ids])
    .orderBy(sql`search_normalize(libelle)`)
    .orderBy('id')
    .execute();
}

/** The guichet territories linked to a user now (sorted ids). */
export async function guichetIdsOf(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('userPerimeter')
    .select('perimeterId')
    .where('userId', '=', userId)
    .where('kind', '=', 'guichet')
    .orderBy('perimeterId')
    .execute();
  return rows.map((row) => row.perimeterId);
}

/** The user's request waiting for an administrator, its territories named; null when none. */
export async function pendingPerimeterRequestOf(
  db: Kysely<Database>,
  userId: number,
): Promise<PerimeterRequest | null> {
  const row = await db
    .selectFrom('perimeterRequest')
    .select(['id', 'perimeterIds', 'requestedAt'])
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    perimeters: await namedPerimeters(db, row.perimeterIds),
    requestedAt: row.requestedAt.toISOString(),
  };
}
