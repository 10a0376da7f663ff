import { sql, type Kysely, type RawBuilder } from 'kysely';
import { IN_URBAN_WAY_TYPE, type Geometry, type RoadSegment } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { degreesCovering, MAX_CANDIDATE_PAIRS, piecesOf, shapeOf } from './sql-helpers.ts';

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
 * The road segments within the tolerance of a shape (SQL, EPSG:4326), nearest first, measured on
 * the spheroid (geography: metres without a projection); ties (a shape crossing several roads)
 * go to the segment nearest the shape's centre, then to the lowest id. The shape is cut in
 * pieces (piecesOf): the index meets only the roads near each piece.
 */
export function roadSegmentsNearQuery(shape: RawBuilder<unknown>, limit: number) {
  return sql<TronconRow>`
    WITH shape AS MATERIALIZED (SELECT ${shape} AS g),
    piece AS MATERIALIZED (SELECT p.g, p.g::geography AS gg FROM shape, LATERAL ${piecesOf(sql`shape.g`)} AS p),
    candidate AS (
      SELECT r.id, r.geom, piece.gg FROM piece
      JOIN road_segment r ON r.geom && ST_Expand(piece.g, ${degreesCovering(TRONCON_TOLERANCE_METRES)}::float8)
      LIMIT ${MAX_CANDIDATE_PAIRS}
    ), near AS (
      SELECT id, min(ST_Distance(geom::geography, gg)) AS distance FROM candidate
      WHERE ST_DWithin(geom::geography, gg, ${TRONCON_TOLERANCE_METRES}::float8)
      GROUP BY id
    )
    SELECT r.id, r.typevoie, r.name AS nom, r.numero, near.distance
    FROM near JOIN road_segment r ON r.id = near.id, shape
    ORDER BY near.distance, ST_Distance(r.geom::geography, ST_Centroid(shape.g)::geography), r.id
    LIMIT ${limit}`;
}

/** The SQL of `POST troncon`: the nearest segment within the tolerance of the drawn shape. */
export function nearestRoadSegmentQuery(geometry: Geometry) {
  return roadSegmentsNearQuery(shapeOf(geometry), 1);
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
