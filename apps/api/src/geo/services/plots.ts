import { sql, type Kysely } from 'kysely';
import type { Geometry, ParcelRef, PlotsAnswer } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { degreesCovering, shapeOf } from './sql-helpers.ts';

/** At most this many parcels per call: a footprint covering more is not a works site. */
export const MAX_PLOTS = 500;
/** A footprint drawn on the roadway touches no parcel (the road is not cadastred): riverside parcels within this distance are taken instead. */
export const NEARBY_PLOT_METRES = 10;

/** The SQL of `POST plots`: parcels intersecting the shape, in the department when given. */
export function plotsQuery(geometry: Geometry, dep: string | null) {
  return sql<ParcelRef>`
    WITH shape AS (SELECT ${shapeOf(geometry)} AS g)
    SELECT p.id, p.section, p.numero, p.insee_code AS insee
    FROM parcel p, shape
    WHERE p.geom && shape.g AND ST_Intersects(p.geom, shape.g)
      AND (${dep}::text IS NULL OR left(p.insee_code, 2) = ${dep}::text)
    ORDER BY p.id
    LIMIT ${MAX_PLOTS}`;
}

/** The riverside parcels: within NEARBY_PLOT_METRES of the shape, nearest first. */
export function nearbyPlotsQuery(geometry: Geometry, dep: string | null) {
  return sql<ParcelRef>`
    WITH shape AS (SELECT ${shapeOf(geometry)} AS g)
    SELECT p.id, p.section, p.numero, p.insee_code AS insee
    FROM parcel p, shape
    WHERE p.geom && ST_Expand(shape.g, ${degreesCovering(NEARBY_PLOT_METRES)}::float8)
      AND ST_DWithin(p.geom::geography, shape.g::geography, ${NEARBY_PLOT_METRES}::float8)
      AND (${dep}::text IS NULL OR left(p.insee_code, 2) = ${dep}::text)
    ORDER BY ST_Distance(p.geom::geography, shape.g::geography), p.id
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
