import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { RequestListRow } from '../list-query.ts';

/**
 * A member town and its recipients' addresses (the recipients screen, docs/api-recipients.md "The
 * screen").
 */
export interface RequestTown {
  name: string;
  mailMairie: string | null;
  mailPm: string | null;
}

/**
 * The town of a request: the `city` named as its address's town (compared without case or
 * accents), else the one its works' footprint lies in (the first by id should it cross a
 * boundary); null when neither is known.
 */
export async function findRequestTown(
  db: Kysely<Database>,
  row: Pick<RequestListRow, 'id' | 'addressCity'>,
): Promise<RequestTown | null> {
  const columns = ['c.name', 'c.mailMairie', 'c.mailPm'] as const;
  if (row.addressCity?.trim()) {
    const byName = await db
      .selectFrom('city as c')
      .select(columns)
      .where(sql<boolean>`search_normalize(c.name) = search_normalize(${row.addressCity})`)
      .orderBy('c.id')
      .executeTakeFirst();
    if (byName) return byName;
  }
  const byPlace = await db
    .selectFrom('city as c')
    .innerJoin('commune as m', 'm.inseeCode', 'c.inseeCode')
    .innerJoin('request as r', (join) => join.on(sql<boolean>`ST_Intersects(m.geom, r.the_geom)`))
    .select(columns)
    .where('r.id', '=', row.id)
    .orderBy('c.id')
    .executeTakeFirst();
  return byPlace ?? null;
}
