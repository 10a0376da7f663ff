import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * A drawn footprint GEOS cannot read (an unclosed ring, a bow-tie) broke every list of
 * perimeter accounts. Filings now refuse such shapes; this repairs those already stored, as
 * ST_MakeValid reads them, flattened into a collection of simple shapes (the column's type, as
 * the wizard draws them). Valid shapes are left as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `UPDATE request r
      SET the_geom = (SELECT ST_ForceCollection(ST_Collect(d.geom)) FROM ST_Dump(ST_MakeValid(r.the_geom)) AS d)
      WHERE r.the_geom IS NOT NULL
        AND ST_AsEWKB(ST_MakeValid(r.the_geom)) IS DISTINCT FROM ST_AsEWKB(r.the_geom)`,
  ]);
}
