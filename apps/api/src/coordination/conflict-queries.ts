import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { COORDINATION_STATES, FULL_WIDTH_REFECTIONS, RECEIVED_STATE } from '@voirie/domain';
import { degreesCovering } from '../geo/services/sql-helpers.ts';

// The conflict search in PostGIS (issue 17, docs/coordination.md). The footprints are EPSG:4326
// GeometryCollections; distances are measured on the spheroid (geography), after a `&&` test
// against the footprint's box widened by the distance in degrees, so that the GiST indexes of
// migration 0020 answer first. Exported for the bench, which runs them without the API.

const STATES = sql.join(COORDINATION_STATES.map((state) => sql.lit(state)));

/**
 * The permissions that can conflict: in force or under instruction, with a start day. Written as
 * the predicate of migration 0020's partial indexes, so that the planner may use them.
 */
const CANDIDATE = sql<SqlBool>`r.type IN (1, 3) AND r.state_id IN (${STATES}) AND r.date_start IS NOT NULL`;

/** The works period as a day range, as migration 0020 indexes it (the domain's `worksPeriod`). */
const periodOf = (alias: string) =>
  sql`daterange(${sql.ref(`${alias}.date_start`)}, greatest(${sql.ref(`${alias}.date_start`)}, coalesce(${sql.ref(`${alias}.date_end`)}, ${sql.ref(`${alias}.date_start`)})), '[]')`;

/** What the searches need of the request they are run for. */
export interface ConflictSearch {
  requestId: number;
  distanceMetres: number;
  /** Only the requests the viewer may see (a condition on `request r`), or null for all of them. */
  visible: RawBuilder<SqlBool> | null;
}

export interface ConflictRow {
  id: number;
  publicId: string;
  numaffaire: string | null;
  type: number;
  stateId: number;
  sendToSign: boolean;
  addressNum: string | null;
  addressType: string | null;
  addressName: string | null;
  addressCity: string | null;
  dateStart: string;
  dateEnd: string;
  distance: number;
  overlapDays: number;
  geometry: string | null;
}

/** The request searched for: its footprint, the footprint's box widened by the distance, its period. */
function subject(search: Pick<ConflictSearch, 'requestId' | 'distanceMetres'>) {
  return sql`SELECT s.id, s.the_geom AS g, s.the_geom::geography AS gg,
      ST_Expand(s.the_geom, ${degreesCovering(search.distanceMetres)}::float8) AS box,
      CASE WHEN s.date_start IS NULL THEN NULL ELSE ${periodOf('s')} END AS period
    FROM request s WHERE s.id = ${search.requestId} AND s.the_geom IS NOT NULL`;
}

/**
 * The other permissions in force or under instruction whose footprint is within the distance of
 * this request's and whose period overlaps its own: the distance in metres (0 when they touch)
 * and the days both periods share. Nearest first. None when the request has no period.
 */
export function conflictsQuery(search: ConflictSearch) {
  const visible = search.visible ?? sql<SqlBool>`true`;
  return sql<ConflictRow>`WITH subject AS MATERIALIZED (${subject(search)}),
    candidate AS (
      SELECT r.id, ${periodOf('r')} * subject.period AS shared,
        ST_Distance(r.the_geom::geography, subject.gg) AS distance
      FROM request r, subject
      WHERE ${CANDIDATE} AND r.id <> subject.id
        AND r.the_geom && subject.box
        AND ${periodOf('r')} && subject.period
        AND ST_DWithin(r.the_geom::geography, subject.gg, ${search.distanceMetres}::float8)
        AND ${visible}
    )
    SELECT o.id, o.public_id AS "publicId", o.numaffaire, o.type, o.state_id AS "stateId",
      o.send_to_sign AS "sendToSign", o.address_num AS "addressNum", o.address_type AS "addressType",
      o.address_name AS "addressName", o.address_city AS "addressCity",
      to_char(o.date_start, 'YYYY-MM-DD') AS "dateStart",
      to_char(greatest(o.date_start, coalesce(o.date_end, o.date_start)), 'YYYY-MM-DD') AS "dateEnd",
      c.distance::float8 AS distance, (upper(c.shared) - lower(c.shared))::int AS "overlapDays",
      ST_AsGeoJSON(o.the_geom) AS geometry
    FROM candidate c JOIN request o ON o.id = c.id
    ORDER BY c.distance, c.id`;
}

export interface ResurfacingRow {
  source: 'reception' | 'layer';
  id: number;
  publicId: string | null;
  numaffaire: string | null;
  name: string | null;
  resurfacedOn: string;
  distance: number;
  geometry: string | null;
}

/**
 * The roads resurfaced after `cutoff` within the distance of the footprint: received works
 * (state 2) whose decision ordered a full-width refection, dated by their accepted reception —
 * the first acceptance in the history, else the reception's visit day or its last change — and
 * the imported layer's resurfacings. Most recent first.
 */
export function resurfacingsQuery(search: ConflictSearch & { cutoff: string }) {
  const visible = search.visible ?? sql<SqlBool>`true`;
  const fullWidth = sql`ARRAY[${sql.join(FULL_WIDTH_REFECTIONS.map((value) => sql.lit(value)))}]::text[]`;
  return sql<ResurfacingRow>`WITH subject AS MATERIALIZED (${subject(search)}),
    received AS (
      SELECT r.id, r.public_id, r.numaffaire, r.the_geom, (
          SELECT coalesce(
            (SELECT min((h.logged_at AT TIME ZONE 'Europe/Paris')::date) FROM history_log h
              WHERE h.entity = 'request' AND h.entity_id = r.id
                AND h.data->>'action' = 'recordReception' AND h.data->>'to' = '2'),
            (SELECT max(coalesce(rc.date_visite, (rc.updated_at AT TIME ZONE 'Europe/Paris')::date))
              FROM reception rc WHERE rc.request_id = r.id AND rc.avis = 'accepté'))
        ) AS day
      FROM request r
      JOIN cerfa14023 c ON c.id = r.cerfa14023_id
      CROSS JOIN subject
      WHERE r.type IN (1, 3) AND r.state_id = ${RECEIVED_STATE} AND r.id <> subject.id
        AND r.the_geom && subject.box
        AND EXISTS (SELECT 1 FROM unnest(string_to_array(c.decision_refections, ',')) AS v(value)
          WHERE trim(v.value) = ANY(${fullWidth}))
        AND ${visible}
    )
    SELECT 'reception' AS source, w.id, w.public_id AS "publicId", w.numaffaire, NULL::text AS name,
      to_char(w.day, 'YYYY-MM-DD') AS "resurfacedOn",
      ST_Distance(w.the_geom::geography, subject.gg)::float8 AS distance, ST_AsGeoJSON(w.the_geom) AS geometry
    FROM received w, subject
    WHERE w.day > ${search.cutoff}::date
      AND ST_DWithin(w.the_geom::geography, subject.gg, ${search.distanceMetres}::float8)
    UNION ALL
    SELECT 'layer', l.id, NULL, NULL, l.name, to_char(l.resurfaced_on, 'YYYY-MM-DD'),
      ST_Distance(l.geom::geography, subject.gg)::float8, ST_AsGeoJSON(l.geom)
    FROM road_resurfacing l, subject
    WHERE l.geom && subject.box AND l.resurfaced_on > ${search.cutoff}::date
      AND ST_DWithin(l.geom::geography, subject.gg, ${search.distanceMetres}::float8)
    ORDER BY "resurfacedOn" DESC, distance, id`;
}
