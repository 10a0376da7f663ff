import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { PERMISSION_KINDS, COORDINATION_STATES, FULL_WIDTH_REFECTIONS, RECEIVED_STATE } from '@voirie/domain';
import { sqlLiterals } from '../db/sql-literals.ts';
import { degreesCovering, mapShape, MAX_CANDIDATE_PAIRS, piecesOf } from '../geo/services/sql-helpers.ts';

// The conflict search in PostGIS (docs/coordination.md). The footprints are EPSG:4326
// GeometryCollections; distances are measured on the spheroid (geography), after a `&&` test
// against each piece of the footprint (piecesOf) widened by the distance in degrees, so that the
// GiST indexes of migration 0020 answer first and each exact test reads a few vertices (ADR 0009:
// a footprint's whole box over a dense resurfacing layer took 26 s). At most
// MAX_CANDIDATE_PAIRS pairs are tested and `limit` rows answered (COORDINATION_MAX_SHOWN + 1: the
// service knows when the list was cut). Exported for the bench, which runs them without the API.

/** The shapes answered are drawn on the detail's map: simplified for its street zoom (mapShape). */
const SHAPE_ZOOM = 17;

const STATES = sqlLiterals(COORDINATION_STATES);
const PERMISSIONS = sqlLiterals(PERMISSION_KINDS);
const RECEIVED = sql.lit(String(RECEIVED_STATE));

/**
 * The permissions that can conflict: in force or under instruction, with a start day. Written as
 * the predicate of migration 0020's partial indexes, so that the planner may use them.
 */
const CANDIDATE = sql<SqlBool>`r.type IN (${PERMISSIONS}) AND r.state_id IN (${STATES}) AND r.date_start IS NOT NULL`;

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

/** The request searched for: its id and period, then its footprint's pieces, each with its box widened by the distance. */
function subject(search: Pick<ConflictSearch, 'requestId' | 'distanceMetres'>) {
  return sql`subject AS MATERIALIZED (
      SELECT s.id, s.the_geom AS g, CASE WHEN s.date_start IS NULL THEN NULL ELSE ${periodOf('s')} END AS period
      FROM request s WHERE s.id = ${search.requestId} AND s.the_geom IS NOT NULL),
    piece AS MATERIALIZED (
      SELECT p.g::geography AS gg, ST_Expand(p.g, ${degreesCovering(search.distanceMetres)}::float8) AS box
      FROM subject, LATERAL ${piecesOf(sql`subject.g`)} AS p)`;
}

/**
 * The other permissions in force or under instruction whose footprint is within the distance of
 * this request's and whose period overlaps its own: the distance in metres (0 when they touch)
 * and the days both periods share. Nearest first. None when the request has no period.
 */
export function conflictsQuery(search: ConflictSearch & { limit: number }) {
  const visible = search.visible ?? sql<SqlBool>`true`;
  return sql<ConflictRow>`WITH ${subject(search)},
    pair AS (
      SELECT r.id, r.the_geom, piece.gg, ${periodOf('r')} * subject.period AS shared
      FROM subject, piece JOIN request r ON r.the_geom && piece.box
      WHERE ${CANDIDATE} AND r.id <> subject.id
        AND ${periodOf('r')} && subject.period
        AND ${visible}
      LIMIT ${MAX_CANDIDATE_PAIRS}
    ),
    candidate AS (
      SELECT id, shared, min(ST_Distance(the_geom::geography, gg)) AS distance FROM pair
      WHERE ST_DWithin(the_geom::geography, gg, ${search.distanceMetres}::float8)
      GROUP BY id, shared
      ORDER BY distance, id
      LIMIT ${search.limit}
    )
    SELECT o.id, o.public_id AS "publicId", o.numaffaire, o.type, o.state_id AS "stateId",
      o.send_to_sign AS "sendToSign", o.address_num AS "addressNum", o.address_type AS "addressType",
      o.address_name AS "addressName", o.address_city AS "addressCity",
      to_char(o.date_start, 'YYYY-MM-DD') AS "dateStart",
      to_char(greatest(o.date_start, coalesce(o.date_end, o.date_start)), 'YYYY-MM-DD') AS "dateEnd",
      c.distance::float8 AS distance, (upper(c.shared) - lower(c.shared))::int AS "overlapDays",
      ${mapShape(sql`o.the_geom`, SHAPE_ZOOM, { collection: true })} AS geometry
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
export function resurfacingsQuery(search: ConflictSearch & { cutoff: string; limit: number }) {
  const visible = search.visible ?? sql<SqlBool>`true`;
  const fullWidth = sql`ARRAY[${sql.join(FULL_WIDTH_REFECTIONS.map((value) => sql.lit(value)))}]::text[]`;
  return sql<ResurfacingRow>`WITH ${subject(search)},
    received AS (
      SELECT r.id, r.public_id, r.numaffaire, r.the_geom, (
          SELECT coalesce(
            (SELECT min((h.logged_at AT TIME ZONE 'Europe/Paris')::date) FROM history_log h
              WHERE h.entity = 'request' AND h.entity_id = r.id
                AND h.data->>'action' = 'recordReception' AND h.data->>'to' = ${RECEIVED}),
            (SELECT max(coalesce(rc.date_visite, (rc.updated_at AT TIME ZONE 'Europe/Paris')::date))
              FROM reception rc WHERE rc.request_id = r.id AND rc.avis = 'accepté'))
        ) AS day
      FROM request r
      JOIN cerfa14023 c ON c.id = r.cerfa14023_id
      CROSS JOIN subject
      WHERE r.type IN (${PERMISSIONS}) AND r.state_id = ${RECEIVED_STATE} AND r.id <> subject.id
        AND r.the_geom && (SELECT ST_Extent(box) FROM piece)
        AND EXISTS (SELECT 1 FROM unnest(string_to_array(c.decision_refections, ',')) AS v(value)
          WHERE trim(v.value) = ANY(${fullWidth}))
        AND ${visible}
    ),
    pair AS (
      (SELECT 'reception' AS source, w.id, w.the_geom AS g, w.day, piece.gg
        FROM received w JOIN piece ON w.the_geom && piece.box
        WHERE w.day > ${search.cutoff}::date
        LIMIT ${MAX_CANDIDATE_PAIRS})
      UNION ALL
      (SELECT 'layer', l.id, l.geom, l.resurfaced_on, piece.gg
        FROM piece JOIN road_resurfacing l ON l.geom && piece.box
        WHERE l.resurfaced_on > ${search.cutoff}::date
        LIMIT ${MAX_CANDIDATE_PAIRS})
    ),
    near AS (
      SELECT source, id, day, min(ST_Distance(g::geography, gg)) AS distance FROM pair
      WHERE ST_DWithin(g::geography, gg, ${search.distanceMetres}::float8)
      GROUP BY source, id, day
      ORDER BY day DESC, distance, id
      LIMIT ${search.limit}
    )
    SELECT n.source, n.id, w.public_id AS "publicId", w.numaffaire, l.name,
      to_char(n.day, 'YYYY-MM-DD') AS "resurfacedOn", n.distance::float8 AS distance,
      ${mapShape(sql`coalesce(w.the_geom, l.geom)`, SHAPE_ZOOM)} AS geometry
    FROM near n
    LEFT JOIN request w ON n.source = 'reception' AND w.id = n.id
    LEFT JOIN road_resurfacing l ON n.source = 'layer' AND l.id = n.id
    ORDER BY n.day DESC, n.distance, n.id`;
}
