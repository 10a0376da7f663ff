import { sql, type Kysely } from 'kysely';
import type { ReferencePlace } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { degreesCovering } from './sql-helpers.ts';
import { TRONCON_TOLERANCE_METRES } from './troncon.ts';

interface ReferencePlaceRow {
  id: number;
  roadName: string | null;
  roadNumero: string | null;
  hasRoad: boolean;
  townInsee: string | null;
}

/**
 * Where these requests' works are, from the reference data alone (what is published
 * never says where from the address typed): the road segment nearest any part of the footprint
 * within the troncon tolerance (30 m, on the spheroid; ties to the lowest id), and the member town
 * the footprint lies in (the lowest INSEE code should it cross a boundary). One query for a page
 * of works; a request without a footprint has neither.
 */
export async function loadReferencePlaces(
  db: Kysely<Database>,
  requestIds: readonly number[],
): Promise<Map<number, ReferencePlace>> {
  if (requestIds.length === 0) return new Map();
  const { rows } = await sql<ReferencePlaceRow>`SELECT r.id, road.name AS "roadName",
      road.numero AS "roadNumero", (road.id IS NOT NULL) AS "hasRoad", town.insee_code AS "townInsee"
    FROM request r
    LEFT JOIN LATERAL (
      SELECT s.id, s.name, s.numero
      FROM ST_Dump(r.the_geom) AS part, road_segment s
      WHERE s.geom && ST_Expand(part.geom, ${degreesCovering(TRONCON_TOLERANCE_METRES)}::float8)
        AND ST_DWithin(s.geom::geography, part.geom::geography, ${TRONCON_TOLERANCE_METRES}::float8)
      ORDER BY ST_Distance(s.geom::geography, part.geom::geography), s.id
      LIMIT 1
    ) road ON true
    LEFT JOIN LATERAL (
      SELECT m.insee_code FROM commune m
      WHERE m.geom && r.the_geom AND ST_Intersects(m.geom, r.the_geom)
      ORDER BY m.insee_code
      LIMIT 1
    ) town ON true
    WHERE r.id = ANY(${[...requestIds]}::int[])`.execute(db);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        road: row.hasRoad ? { name: row.roadName, numero: row.roadNumero } : null,
        footprintInsee: row.townInsee,
      },
    ]),
  );
}

/** The reference place of one request (loadReferencePlaces). */
export async function loadReferencePlace(db: Kysely<Database>, requestId: number): Promise<ReferencePlace> {
  return (await loadReferencePlaces(db, [requestId])).get(requestId) ?? { road: null, footprintInsee: null };
}
