import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  PERMISSION_KINDS,
  DOCUMENT_TYPE,
  GRANTED_WORKS_STATES,
  PUBLIC_WORKS_DECIMALS,
  type Cerfa14023,
  type Cerfa14024,
  type TrafficImpactSubject,
} from '@voirie/domain';
import type { Cerfa14024Table } from '../db/schema/requests.ts';
import { sqlLiterals } from '../db/sql-literals.ts';
import { contains } from '../requests/list-query.ts';

// The works: road permissions granted and not received (the domain's
// GRANTED_WORKS_STATES) whose period meets a window — the one query behind the works calendar
// (signed-in, through the viewer's visibility) and the public works map (no visibility: only what
// the public presenter lets out). Dates are calendar days; no end means the start day only.

/** The filters of a works query on `request r` (operator perimeter `o`). */
export interface WorksFilters {
  /** Works whose last day is on or after this day. */
  from: string;
  /** Works whose first day is on or before this day (none: no bound). */
  to?: string | undefined;
  /** minLon, minLat, maxLon, maxLat: works whose footprint's box meets it. */
  bbox?: readonly [number, number, number, number] | undefined;
  /** The stored localities that name the chosen town; null: every town. */
  localities?: readonly string[] | null;
  type?: 1 | 3 | undefined;
  operatorId?: number | undefined;
  /** Free text: case number, address, town, or the operator's name. */
  text?: string | undefined;
  /** The viewer's visibility condition (visibility.ts); null: every request. */
  visibility?: RawBuilder<SqlBool> | null;
}

/** The conditions of the works matching the filters (the operator filter apart, for its choices). */
function worksConditions(filters: WorksFilters, options: { withOperator: boolean }): RawBuilder<SqlBool> {
  const conditions: RawBuilder<unknown>[] = [
    sql`r.state_id IN (${sql.join([...GRANTED_WORKS_STATES])})`,
    sql`r.type IN (${sqlLiterals(PERMISSION_KINDS)})`,
    sql`r.date_start IS NOT NULL`,
    sql`coalesce(r.date_end, r.date_start) >= ${filters.from}::date`,
  ];
  if (filters.to) conditions.push(sql`r.date_start <= ${filters.to}::date`);
  // A traffic measure applies from its order's publication (docs/acts.md « Publication »): the
  // works wait for it. Acts signed before publication existed have no row and are unchanged.
  conditions.push(sql`NOT EXISTS (SELECT 1 FROM act_register ar
      JOIN act_publication ap ON ap.act_id = ar.id
      WHERE ar.request_id = r.id AND ar.nature = 'traffic'
        AND (ap.published_at IS NULL OR ap.published_at > now()))`);
  if (filters.visibility) conditions.push(filters.visibility);
  if (filters.bbox) {
    const [minLon, minLat, maxLon, maxLat] = filters.bbox;
    conditions.push(
      sql`r.the_geom && ST_MakeEnvelope(${minLon}::float8, ${minLat}::float8, ${maxLon}::float8, ${maxLat}::float8, 4326)`,
    );
  }
  if (filters.localities) conditions.push(sql`r.address_city = ANY(${[...filters.localities]}::text[])`);
  if (filters.type !== undefined) conditions.push(sql`r.type = ${filters.type}`);
  if (options.withOperator && filters.operatorId !== undefined)
    conditions.push(sql`o.id = ${filters.operatorId}`);
  if (filters.text) {
    const pattern = contains(filters.text);
    conditions.push(
      sql`(r.search_text LIKE ${pattern} OR search_normalize(coalesce(o.libelle, '')) LIKE ${pattern})`,
    );
  }
  return sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;
}

/** The network operator a request is attached to (a live or deleted group of type operator). */
const OPERATOR_JOIN = sql`LEFT JOIN perimeter o ON o.id = r.operator_perimeter_id AND o.type = 'operator'`;

/** Positions a footprint may carry; beyond, its bounding box (a stored shape may be huge). */
const MAX_POSITIONS = 500;

/** The traffic-police order's restrictions, as stored. */
type TrafficRestrictions = Pick<
  Cerfa14024Table,
  | 'alternatingCirculationManual'
  | 'encroachmentRoadway'
  | 'wayRemoval'
  | 'numberWayRemoved'
  | 'moveCar'
  | 'moveTruck'
  | 'parkCar'
  | 'parkTruck'
  | 'overtakeCar'
  | 'overtakeTruck'
  | 'limitedSpeed'
>;

/** One works site with what the calendar and the public presenter read (never a party). */
export interface WorksRow extends TrafficRestrictions {
  id: number;
  publicId: string;
  type: number;
  stateId: number;
  numaffaire: string | null;
  addressNum: string | null;
  addressType: string | null;
  addressName: string | null;
  addressCity: string | null;
  wayType: string | null;
  dateStart: string;
  dateEnd: string;
  operatorId: number | null;
  operatorName: string | null;
  /** The footprint as GeoJSON text (collections of one kind merged), or null. */
  geometry: string | null;
  /** The centre of the footprint's box (degrees), or null without a footprint. */
  centerLon: number | null;
  centerLat: number | null;
  // The works form (cerfa 14023) fields the traffic impact reads.
  themes: string | null;
  longitudinalTrenchUnderRoad: number | null;
  transverseTrenchUnderRoad: number | null;
  decisionRoadwayTrench: string | null;
  decisionRoadwayTrenchRecommended: string | null;
  // The traffic-police order (cerfa 14024) fields it reads beside its restrictions (above); its free
  // text only as « present ».
  directionTraffic: string | null;
  hasDetour: boolean;
  hasTrafficOrder: boolean;
  /** The signed traffic-police order is attached (published on the public works page). */
  trafficOrderSigned: boolean;
  /** The number of the traffic order as published (its page /actes/{number}), or null. */
  publishedActNumber: string | null;
}

/**
 * The works matching the filters, the soonest first, at most `limit` + 1 rows (one more tells
 * the answer was cut). `geometry: 'all'` returns every footprint; 'operators' only those of a
 * network operator's works (the public map places the others by their box's centre only).
 */
export function worksQuery(filters: WorksFilters, options: { limit: number; geometry: 'all' | 'operators' }) {
  const footprint = sql`ST_AsGeoJSON(ST_CollectionHomogenize(CASE WHEN ST_NPoints(r.the_geom) <= ${MAX_POSITIONS}::int
      THEN r.the_geom ELSE ST_Envelope(r.the_geom) END), ${PUBLIC_WORKS_DECIMALS.footprint}::int)`;
  const geometry =
    options.geometry === 'all' ? footprint : sql`CASE WHEN o.id IS NOT NULL THEN ${footprint} END`;
  return sql<WorksRow>`SELECT r.id, r.public_id AS "publicId", r.type, r.state_id AS "stateId", r.numaffaire,
      r.address_num AS "addressNum", r.address_type AS "addressType", r.address_name AS "addressName",
      r.address_city AS "addressCity", r.way_type AS "wayType",
      to_char(r.date_start, 'YYYY-MM-DD') AS "dateStart",
      to_char(coalesce(r.date_end, r.date_start), 'YYYY-MM-DD') AS "dateEnd",
      o.id AS "operatorId", o.libelle AS "operatorName",
      ${geometry} AS geometry,
      (ST_XMin(r.the_geom) + ST_XMax(r.the_geom)) / 2 AS "centerLon",
      (ST_YMin(r.the_geom) + ST_YMax(r.the_geom)) / 2 AS "centerLat",
      c.themes, c.longitudinal_trench_under_road::float8 AS "longitudinalTrenchUnderRoad",
      c.transverse_trench_under_road::float8 AS "transverseTrenchUnderRoad",
      c.decision_roadway_trench AS "decisionRoadwayTrench",
      c.decision_roadway_trench_recommended AS "decisionRoadwayTrenchRecommended",
      t.direction_traffic AS "directionTraffic", t.alternating_circulation_manual AS "alternatingCirculationManual",
      t.encroachment_roadway AS "encroachmentRoadway", t.way_removal AS "wayRemoval",
      t.number_way_removed::float8 AS "numberWayRemoved", t.move_car AS "moveCar", t.move_truck AS "moveTruck",
      t.park_car AS "parkCar", t.park_truck AS "parkTruck", t.overtake_car AS "overtakeCar",
      t.overtake_truck AS "overtakeTruck", t.limited_speed::float8 AS "limitedSpeed",
      (nullif(trim(t.detour_route), '') IS NOT NULL) AS "hasDetour", (t.id IS NOT NULL) AS "hasTrafficOrder",
      EXISTS (SELECT 1 FROM document d WHERE d.request_id = r.id
        AND d.type_document_id = ${DOCUMENT_TYPE.SIGNED_TRAFFIC_ORDER}) AS "trafficOrderSigned",
      (SELECT ar.number FROM act_register ar JOIN act_publication ap ON ap.act_id = ar.id
        WHERE ar.request_id = r.id AND ar.nature = 'traffic' AND ap.published_at IS NOT NULL
        ORDER BY ar.id DESC LIMIT 1) AS "publishedActNumber"
    FROM request r
    ${OPERATOR_JOIN}
    LEFT JOIN cerfa14023 c ON c.id = r.cerfa14023_id
    LEFT JOIN cerfa14024 t ON t.id = r.cerfa14024_id
    WHERE ${worksConditions(filters, { withOperator: true })}
    ORDER BY r.date_start, coalesce(r.date_end, r.date_start), r.id
    LIMIT ${options.limit + 1}`;
}

/** The network operators of the works matching the filters but the operator (its filter's choices). */
export function worksOperatorsQuery(filters: WorksFilters) {
  return sql<{ id: number; libelle: string }>`SELECT DISTINCT o.id, o.libelle
    FROM request r ${OPERATOR_JOIN}
    WHERE o.id IS NOT NULL AND ${worksConditions(filters, { withOperator: false })}
    ORDER BY o.libelle, o.id`;
}

/** The stored localities of the works of the window (to fold into member towns). */
export function worksLocalitiesQuery(filters: Pick<WorksFilters, 'from' | 'to' | 'visibility'>) {
  return sql<{ locality: string | null }>`SELECT DISTINCT r.address_city AS locality
    FROM request r ${OPERATOR_JOIN}
    WHERE ${worksConditions({ from: filters.from, to: filters.to, visibility: filters.visibility ?? null }, { withOperator: false })}`;
}

/**
 * What the domain's trafficImpact reads of a row: the works form's and the traffic order's fields
 * (the order's detour stands as a fixed marker: its text is never read, it may name people).
 */
export function impactSubjectOf(row: WorksRow): TrafficImpactSubject {
  const works: Partial<Cerfa14023> = {
    themes: row.themes,
    longitudinalTrenchUnderRoad: row.longitudinalTrenchUnderRoad,
    transverseTrenchUnderRoad: row.transverseTrenchUnderRoad,
    decisionRoadwayTrench: row.decisionRoadwayTrench as Cerfa14023['decisionRoadwayTrench'],
    decisionRoadwayTrenchRecommended:
      row.decisionRoadwayTrenchRecommended as Cerfa14023['decisionRoadwayTrenchRecommended'],
  };
  const trafficOrder: Partial<Cerfa14024> | null = row.hasTrafficOrder
    ? {
        directionTraffic: row.directionTraffic as Cerfa14024['directionTraffic'],
        alternatingCirculationManual: row.alternatingCirculationManual,
        encroachmentRoadway: row.encroachmentRoadway,
        wayRemoval: row.wayRemoval,
        numberWayRemoved: row.numberWayRemoved,
        moveCar: row.moveCar,
        moveTruck: row.moveTruck,
        parkCar: row.parkCar,
        parkTruck: row.parkTruck,
        overtakeCar: row.overtakeCar,
        overtakeTruck: row.overtakeTruck,
        limitedSpeed: row.limitedSpeed,
        detourRoute: row.hasDetour ? 'oui' : null,
      }
    : null;
  return { type: row.type, wayType: row.wayType, works, trafficOrder };
}
