import { sql, type Kysely } from 'kysely';
import type { CommuneAt } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { pointOf } from './sql-helpers.ts';
import { featureCollectionJson } from './geojson.ts';

/** The member town containing the point, or null outside the community (the wizard refuses it). */
export async function findCommuneAt(
  db: Kysely<Database>,
  lon: number,
  lat: number,
): Promise<CommuneAt | null> {
  const { rows } = await sql<CommuneAt>`
    SELECT c.insee_code AS insee, c.name, c.postal_code, c.postal_codes
    FROM commune c
    WHERE ST_Intersects(c.geom, ${pointOf(lon, lat)})
    ORDER BY c.insee_code
    LIMIT 1`.execute(db);
  const row = rows[0];
  return row
    ? { insee: row.insee, name: row.name, postalCode: row.postalCode, postalCodes: [...row.postalCodes] }
    : null;
}

/** Simplification of the town boundaries on the map, in degrees (~10 m). */
const COMMUNE_SIMPLIFY_DEGREES = 0.0001;

/** `GET layers/communes`: the 23 town boundaries, simplified, as a GeoJSON FeatureCollection text. */
export async function communesLayer(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ insee: string; name: string; postalCode: string; geometry: string }>`
    SELECT c.insee_code AS insee, c.name, c.postal_code,
      ST_AsGeoJSON(ST_Multi(ST_SimplifyPreserveTopology(c.geom, ${COMMUNE_SIMPLIFY_DEGREES}::float8)), 5) AS geometry
    FROM commune c
    ORDER BY c.insee_code`.execute(db);
  return featureCollectionJson(
    rows.map((row) => ({
      id: row.insee,
      geometry: row.geometry,
      properties: { insee: row.insee, name: row.name, postalCode: row.postalCode },
    })),
  );
}
