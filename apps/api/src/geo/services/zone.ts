import { sql, type Kysely } from 'kysely';
import type { ZoneAt } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { pointOf } from './sql-helpers.ts';

/** `POST zone {lon, lat}`: the operation zone containing the point (the smallest when nested), or null. */
export async function findZoneAt(db: Kysely<Database>, lon: number, lat: number): Promise<ZoneAt | null> {
  const { rows } = await sql<{ codeOpe: string; name: string | null }>`
    SELECT z.code_ope, z.name
    FROM zone z
    WHERE ST_Intersects(z.geom, ${pointOf(lon, lat)})
    ORDER BY ST_Area(z.geom), z.id
    LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { code_ope: row.codeOpe, name: row.name } : null;
}
