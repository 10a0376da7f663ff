import { sql, type Kysely } from 'kysely';
import { IN_URBAN_WAY_TYPE, type Geometry, type RoadSegment } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { degreesCovering, shapeOf } from './sql-helpers.ts';

/** A road segment farther than this from the drawn shape is not "under" it. */
export const TRONCON_TOLERANCE_METRES = 30;

interface TronconRow {
  id: number;
  typevoie: string;
  nom: string | null;
  numero: string | null;
  distance: number;
}

/**
 * The SQL of `POST troncon`: the nearest segment within the tolerance, measured on the
 * spheroid (geography: metres without a projection); ties (a shape crossing several roads)
 * go to the segment nearest the shape's centre, then to the lowest id.
 */
export function nearestRoadSegmentQuery(geometry: Geometry) {
  return sql<TronconRow>`
    WITH shape AS (SELECT g, g::geography AS gg, ST_Centroid(g)::geography AS centre
                   FROM (SELECT ${shapeOf(geometry)} AS g) AS drawn)
    SELECT r.id, r.typevoie, r.name AS nom, r.numero,
      ST_Distance(r.geom::geography, shape.gg) AS distance
    FROM road_segment r, shape
    WHERE r.geom && ST_Expand(shape.g, ${degreesCovering(TRONCON_TOLERANCE_METRES)}::float8)
      AND ST_DWithin(r.geom::geography, shape.gg, ${TRONCON_TOLERANCE_METRES}::float8)
    ORDER BY distance, ST_Distance(r.geom::geography, shape.centre), r.id
    LIMIT 1`;
}

/** `POST troncon {geom}`: the road segment under the drawn shape, or null when none is within 30 m. */
export async function findNearestRoadSegment(
  db: Kysely<Database>,
  geometry: Geometry,
): Promise<RoadSegment | null> {
  const { rows } = await nearestRoadSegmentQuery(geometry).execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    typevoie: row.typevoie,
    nom: row.nom,
    numero: row.numero,
    inUrban: row.typevoie === IN_URBAN_WAY_TYPE,
    distance: Math.round(Number(row.distance) * 10) / 10,
  };
}
