import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The place of each request on the list's map as one number (requests/map-tiles-query.ts): the
 * middle of its footprint's box in web mercator, as a Morton code (bits of x and y interleaved)
 * at zoom 31 — the requests of any tile, and of any cell of a tile, are one range of it. The
 * index holds it with what the map's cells read (id, and the kind, state and signature flag the
 * list's tabs and kinds filter on), so that a town's cells are counted from the index alone,
 * never from the table's pages (ADR 0017). A stored generated column: PostgreSQL keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE FUNCTION map_key_step(v bigint, s integer, m bigint) RETURNS bigint
      LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN (v | (v << s)) & m`,
    // The 31 bits of v spread to the even bits of the result.
    `CREATE FUNCTION map_key_spread(v bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN map_key_step(map_key_step(map_key_step(map_key_step(map_key_step(v,
        16, 281470681808895), 8, 71777214294589695), 4, 1085102592571150095),
        2, 3689348814741910323), 1, 6148914691236517205)`,
    // Web mercator from 0 to 1 (x from the west, y from the north), at 2^31 cells a side.
    `CREATE FUNCTION request_map_key(g geometry) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN map_key_spread(least(greatest(floor(
          ((ST_XMin(g) + ST_XMax(g)) / 2 + 180) / 360 * 2147483648), 0), 2147483647)::bigint)
        | (map_key_spread(least(greatest(floor(
          (1 - ln(tan(radians((ST_YMin(g) + ST_YMax(g)) / 2)) + 1 / cos(radians((ST_YMin(g) + ST_YMax(g)) / 2))) / pi())
            / 2 * 2147483648), 0), 2147483647)::bigint) << 1)`,
    `ALTER TABLE request ADD COLUMN map_key bigint GENERATED ALWAYS AS (request_map_key(the_geom)) STORED`,
    `CREATE INDEX request_map_key_idx ON request (map_key) INCLUDE (id, type, state_id, send_to_sign)
      WHERE map_key IS NOT NULL`,
  ]);
}
