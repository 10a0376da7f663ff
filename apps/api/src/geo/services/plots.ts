import { sql, type Kysely } from 'kysely';
import type { Geometry, ParcelRef, PlotsAnswer } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { degreesCovering, MAX_CANDIDATE_PAIRS, piecesOf, shapeOf } from './sql-helpers.ts';

/** At most this many parcels per call: a footprint covering more is not a works site. */
export const MAX_PLOTS = 500;
/** A footprint drawn on the roadway touches no parcel (the road is not cadastred): riverside parcels within this distance are taken instead. */
export const NEARBY_PLOT_METRES = 10;

/** The drawn shape's pieces (piecesOf): each meets, through the index, only the parcels near it. */
const pieces = (geometry: Geometry) =>
  sql`piece AS MATERIALIZED (SELECT p.g, p.g::geography AS gg FROM ${piecesOf(shapeOf(geometry))} AS p)`;

/** The SQL of `POST plots`: parcels intersecting the shape, in the department when given. */
export function plotsQuery(geometry: Geometry, dep: string | null) {
  return sql<ParcelRef>`
    WITH ${pieces(geometry)},
    candidate AS (
      SELECT p.id, p.geom, piece.g FROM piece JOIN parcel p ON p.geom && piece.g
      WHERE (${dep}::text IS NULL OR left(p.insee_code, 2) = ${dep}::text)
      LIMIT ${MAX_CANDIDATE_PAIRS}
    ), hit AS (SELECT DISTINCT id FROM candidate WHERE ST_Intersects(geom, g))
    SELECT p.id, p.section, p.numero, p.insee_code AS insee
    FROM hit JOIN parcel p ON p.id = hit.id
    ORDER BY p.id
    LIMIT ${MAX_PLOTS}`;
}

/** The riverside parcels: within NEARBY_PLOT_METRES of the shape, nearest first. */
export function nearbyPlotsQuery(geometry: Geometry, dep: string | null) {
  return sql<ParcelRef>`
    WITH ${pieces(geometry)},
    candidate AS (
      SELECT p.id, p.geom, piece.gg FROM piece
      JOIN parcel p ON p.geom && ST_Expand(piece.g, ${degreesCovering(NEARBY_PLOT_METRES)}::float8)
      WHERE (${dep}::text IS NULL OR left(p.insee_code, 2) = ${dep}::text)
      LIMIT ${MAX_CANDIDATE_PAIRS}
    ), near AS (
      SELECT id, min(ST_Distance(geom::geography, gg)) AS distance FROM candidate
      WHERE ST_DWithin(geom::geography, gg, ${NEARBY_PLOT_METRES}::float8)
      GROUP BY id
    )
    SELECT p.id, p.section, p.numero, p.insee_code AS insee
    FROM near JOIN parcel p ON p.id = near.id
    ORDER BY near.distance, p.id
    LIMIT ${MAX_PLOTS}`;
}

/**
 * `POST plots {dep, geom}`: the parcels under the drawn shape — or, when it touches none
 * (a footprint on the roadway), the riverside parcels within 10 m — with their sections.
 */
export async function findPlots(
  db: Kysely<Database>,
  input: { geom: Geometry; dep?: string | null | undefined },
): Promise<PlotsAnswer> {
  const dep = input.dep ? input.dep : null;
  let match: PlotsAnswer['match'] = 'intersects';
  let { rows } = await plotsQuery(input.geom, dep).execute(db);
  if (rows.length === 0) {
    ({ rows } = await nearbyPlotsQuery(input.geom, dep).execute(db));
    if (rows.length > 0) match = 'nearby';
  }
  const parcels = rows.map((row) => ({
    id: row.id,
    section: row.section,
    numero: row.numero,
    insee: row.insee,
  }));
  return {
    plots: parcels.map((parcel) => parcel.id),
    sections: [...new Set(parcels.map((parcel) => parcel.section))].sort(),
    parcels,
    match,
  };
}
