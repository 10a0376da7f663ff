import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  deadlineFilterBounds,
  LIST_TABS,
  MAP_SETTINGS,
  type DeadlineFilter,
  type RequestSortField,
  databaseIdOf,
} from '@voirie/domain';
import { mapShape } from '../geo/services/sql-helpers.ts';
import { parisToday } from './french-date.ts';
import type { ListFilters } from './list-filters.ts';
import { visibilityCondition, type Viewer } from '../policies/visibility.ts';

/** LIKE pattern of a user's text: wildcards escaped, normalized as the search_text columns. */
export function contains(text: string): RawBuilder<string> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<string>`'%' || search_normalize(${escaped}) || '%'`;
}

/** The status tab as a condition: the domain's criteria, OR-ed. */
function tabCondition(tabId: number): RawBuilder<SqlBool> {
  const tab = LIST_TABS.find((candidate) => candidate.id === tabId);
  if (!tab) return sql<SqlBool>`false`;
  const parts = tab.criteria.map((criterion) =>
    criterion.sendToSign === undefined
      ? sql`r.state_id = ${criterion.stateId}`
      : sql`(r.state_id = ${criterion.stateId} AND r.send_to_sign = ${criterion.sendToSign})`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

function inList(column: string, value: number | readonly number[]): RawBuilder<SqlBool> {
  const values = Array.isArray(value) ? value : [value as number];
  if (values.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`${sql.raw(column)} IN (${sql.join(values)})`;
}

/**
 * The WHERE clause of the list, counts and exports, on `request r` alone (names through
 * petitioner sub-queries, so that the count needs no join): visibility, kind, tab, works start
 * and deposit date ranges, free text and column filters.
 */
export function listCondition(
  viewer: Viewer,
  filters: ListFilters,
  options: { withTab?: boolean } = {},
): RawBuilder<SqlBool> {
  const visible = visibilityCondition(viewer);
  const conditions = [...(visible ? [visible] : []), ...filterConditions(filters, options)];
  if (conditions.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;
}

/** The conditions of the filters alone, visibility aside: none when the list is not filtered. */
export function filterConditions(
  filters: ListFilters,
  options: { withTab?: boolean } = {},
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.type !== undefined) conditions.push(sql`r.type = ${filters.type}`);
  if (filters.tab !== undefined && options.withTab !== false) conditions.push(tabCondition(filters.tab));
  if (filters.dateStartFrom) conditions.push(sql`r.date_start >= ${filters.dateStartFrom}::date`);
  if (filters.dateStartTo) conditions.push(sql`r.date_start <= ${filters.dateStartTo}::date`);
  // Deposit days are Paris days: bounds as instants, so that request_deposit_idx serves them.
  if (filters.depositDateFrom) {
    conditions.push(
      sql`r.deposit_date >= (${filters.depositDateFrom}::date::timestamp AT TIME ZONE 'Europe/Paris')`,
    );
  }
  if (filters.depositDateTo) {
    conditions.push(
      sql`r.deposit_date < ((${filters.depositDateTo}::date + 1)::timestamp AT TIME ZONE 'Europe/Paris')`,
    );
  }
  const text = filters.searchText;
  if (text) {
    const pattern = contains(text);
    const id = databaseIdOf(text);
    const byId = id === null ? sql`` : sql` OR r.id = ${id}`;
    // Two trigram indexes of `request` (its own text, and its people's copied by PostgreSQL,
    // migration 0022): a bitmap of the matches, never a scan of every request.
    conditions.push(sql`(r.search_text LIKE ${pattern} OR r.search_people LIKE ${pattern}${byId})`);
  }
  const columns = filters.columns;
  if (columns.id !== undefined) conditions.push(sql`r.id = ${columns.id}`);
  if (columns.stateId !== undefined) conditions.push(inList('r.state_id', columns.stateId));
  if (columns.type !== undefined) conditions.push(inList('r.type', columns.type));
  if (columns.instructeurId !== undefined) {
    conditions.push(
      columns.instructeurId
        ? sql`r.instructeur_id = ${columns.instructeurId}`
        : sql`r.instructeur_id IS NULL`,
    );
  }
  if (columns.addressCity?.trim())
    conditions.push(
      sql`search_normalize(coalesce(r.address_city, '')) LIKE ${contains(columns.addressCity.trim())}`,
    );
  if (columns.numaffaire?.trim())
    conditions.push(
      sql`search_normalize(coalesce(r.numaffaire, '')) LIKE ${contains(columns.numaffaire.trim())}`,
    );
  if (columns.address?.trim()) {
    conditions.push(
      sql`search_normalize(concat_ws(' ', r.address_num, r.address_type, r.address_name)) LIKE ${contains(columns.address.trim())}`,
    );
  }
  if (columns.demandeur?.trim()) {
    conditions.push(
      sql`r.petitioner_id IN (SELECT ps.id FROM petitioner ps WHERE ps.search_text LIKE ${contains(columns.demandeur.trim())})`,
    );
  }
  if (columns.deadline) conditions.push(deadlineCondition(columns.deadline, filters.today ?? parisToday()));
  return conditions;
}

/**
 * The deadline quick filter on `today` (the domain's deadlineFilterBounds): plain comparisons of
 * the stored deadline, which imply it is not null, so request_clock_deadline_idx serves them.
 */
function deadlineCondition(filter: DeadlineFilter, today: string): RawBuilder<SqlBool> {
  const bounds = deadlineFilterBounds(today);
  return filter === 'overdue'
    ? sql<SqlBool>`r.clock_deadline_on <= ${bounds.overdueUpTo}::date`
    : sql<SqlBool>`(r.clock_deadline_on > ${bounds.overdueUpTo}::date AND r.clock_deadline_on < ${bounds.nearBefore}::date)`;
}

/** The SQL expression of each sortable column (whitelisted by the domain's REQUEST_SORT_FIELDS). */
const SORT_EXPRESSIONS: Readonly<Record<RequestSortField, string>> = {
  id: 'r.id',
  type: 'r.type',
  stateId: 'r.state_id',
  // Copies of the names kept on `request` by PostgreSQL (migration 0022), for their indexes.
  instructeur: 'r.sort_instructeur',
  address: 'r.address_name',
  demandeur: 'r.sort_demandeur',
  numaffaire: 'r.numaffaire',
  addressCity: 'r.address_city',
  depositDate: 'r.deposit_date',
  dateStart: 'r.date_start',
  deadline: 'r.clock_deadline_on',
};

/** Sort columns that are never null (no NULLS clause: their indexes serve the ORDER BY as is). */
const NOT_NULL_SORTS: readonly RequestSortField[] = ['id', 'type', 'stateId', 'depositDate'];

/** ORDER BY of the list: the column (empty values last), then the id in the same direction. */
export function orderBy(sort: RequestSortField, dir: 'asc' | 'desc'): RawBuilder<unknown> {
  const direction = dir === 'asc' ? 'ASC' : 'DESC';
  const expression = SORT_EXPRESSIONS[sort];
  if (sort === 'id') return sql.raw(`r.id ${direction}`);
  const nulls = NOT_NULL_SORTS.includes(sort) ? '' : ' NULLS LAST';
  return sql.raw(`${expression} ${direction}${nulls}, r.id ${direction}`);
}

/** The columns of a list row, as the presenter reads them. */
export interface RequestListRow {
  id: number;
  publicId: string;
  type: number;
  stateId: number;
  sendToSign: boolean;
  ownerUserId: number | null;
  beneficiaryUserId: number | null;
  alignmentId: number | null;
  /** The traffic-police order (cerfa 14024) filed with a permission. */
  cerfa14024Id: number | null;
  instructeurId: number | null;
  instructeurFirstName: string | null;
  instructeurLastName: string | null;
  addressNum: string | null;
  addressType: string | null;
  addressName: string | null;
  addressCity: string | null;
  addressPostalCode: string | null;
  demandeurPrenom: string | null;
  demandeurNom: string | null;
  demandeurCorporation: string | null;
  demandeurCorporationAgent: string | null;
  demandeurEmail: string | null;
  beneficiaryName: string | null;
  operatorName: string | null;
  numaffaire: string | null;
  reference: string | null;
  depositDate: Date | string;
  dateStart: string | null;
  dateEnd: string | null;
  /** The legal clock's deadline, null when it does not run. */
  clockDeadlineOn: string | null;
  hasGeometry: boolean;
}

/** The SELECT list of a row (joins: petitioner p, beneficiary b, instructor i, operator o). */
const ROW_COLUMNS =
  sql.raw(`r.id, r.public_id AS "publicId", r.type, r.state_id AS "stateId", r.send_to_sign AS "sendToSign",
  r.owner_user_id AS "ownerUserId", b.std_user_id AS "beneficiaryUserId", r.alignment_id AS "alignmentId",
  r.cerfa14024_id AS "cerfa14024Id", r.instructeur_id AS "instructeurId", i.first_name AS "instructeurFirstName", i.last_name AS "instructeurLastName",
  r.address_num AS "addressNum", r.address_type AS "addressType", r.address_name AS "addressName",
  r.address_city AS "addressCity", r.address_postal_code AS "addressPostalCode",
  p.first_name AS "demandeurPrenom", p.last_name AS "demandeurNom", p.corporation_name AS "demandeurCorporation",
  p.corporation_agent AS "demandeurCorporationAgent", p.email AS "demandeurEmail",
  coalesce(nullif(b.corporation_name, ''), nullif(concat_ws(' ', b.first_name, b.last_name), '')) AS "beneficiaryName",
  o.libelle AS "operatorName",
  r.numaffaire, r.reference, r.deposit_date AS "depositDate", to_char(r.date_start, 'YYYY-MM-DD') AS "dateStart",
  to_char(r.date_end, 'YYYY-MM-DD') AS "dateEnd", to_char(r.clock_deadline_on, 'YYYY-MM-DD') AS "clockDeadlineOn",
  (r.the_geom IS NOT NULL) AS "hasGeometry"`);

// LATERAL … LIMIT 1: one index look-up per row of the page or batch, never a hash of the
// whole petitioner table (the planner would otherwise scan it for an export batch).
const ROW_JOINS =
  sql.raw(`JOIN LATERAL (SELECT * FROM petitioner pp WHERE pp.id = r.petitioner_id LIMIT 1) p ON true
  LEFT JOIN LATERAL (SELECT * FROM petitioner pb WHERE pb.id = r.beneficiary_id LIMIT 1) b ON true
  LEFT JOIN std_user i ON i.id = r.instructeur_id
  LEFT JOIN perimeter o ON o.id = r.operator_perimeter_id`);

/** A page of the list as a query: sort and limit on `request` alone, then the joins for the page's rows. */
export interface PageSpec {
  sort: RequestSortField;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** The map zoom the rows' shapes (`geometry`) are simplified for; absent: no shapes. */
  featureZoom?: number;
}

/** The zoom of the list's shapes when the client names none: the deepest 'Localiser' goes. */
export const LIST_FEATURE_DEFAULT_ZOOM: number = MAP_SETTINGS.locateMaxZoom;

/**
 * The SQL of one list page (used by the service and, as is, by the bench's direct run): the
 * matching ids are sorted and cut on `request` alone (indexes on id, deposit and start dates
 * serve the default sorts), then only the page's rows are joined and presented — with their
 * shapes for the map when `featureZoom` is given.
 */
export function pageQuery(where: RawBuilder<SqlBool>, page: PageSpec) {
  const order = orderBy(page.sort, page.dir);
  const geometry =
    page.featureZoom === undefined ? sql<null>`NULL::text` : mapShape(sql`r.the_geom`, page.featureZoom);
  return sql<RequestListRow & { geometry: string | null }>`SELECT ${ROW_COLUMNS}, ${geometry} AS geometry
    FROM (${pageRows(where, page)}) AS r
    ${ROW_JOINS}
    ORDER BY ${order}`;
}

/**
 * The page's `request` rows, sorted and cut. The deadline sort reads its two halves apart — the
 * running clocks in the order of request_clock_deadline_idx (partial: it holds no null), then the
 * others by id, read only when the first half ends before the page does — so that no sort of
 * every request is needed (NULLS LAST cannot come from a partial index).
 */
function pageRows(where: RawBuilder<SqlBool>, page: Omit<PageSpec, 'featureZoom'>): RawBuilder<unknown> {
  const order = orderBy(page.sort, page.dir);
  if (page.sort !== 'deadline') {
    return sql`SELECT r.* FROM request r WHERE ${where} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  const direction = sql.raw(page.dir === 'asc' ? 'ASC' : 'DESC');
  const end = page.limit + page.offset;
  // `(SELECT count(*) FROM timed) < end` is a one-time filter: the second scan is skipped when
  // the running clocks fill the page.
  return sql`WITH timed AS (SELECT r.* FROM request r WHERE ${where} AND r.clock_deadline_on IS NOT NULL
        ORDER BY r.clock_deadline_on ${direction}, r.id ${direction} LIMIT ${end})
    SELECT r.* FROM (
      SELECT * FROM timed
      UNION ALL
      (SELECT r.* FROM request r WHERE ${where} AND r.clock_deadline_on IS NULL
        AND (SELECT count(*) FROM timed) < ${end} ORDER BY r.id ${direction} LIMIT ${end})
    ) AS r ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/**
 * The matching requests' count; with `cap`, counted up to cap + 1 only: a text search's matches
 * are rechecked on their heap pages (the trigram index is lossy for LIKE), so a common name's
 * exact count reads most of the table at 1,000,000 requests (docs/api-requests.md).
 */
export function countQuery(where: RawBuilder<SqlBool>, cap?: number) {
  if (cap === undefined)
    return sql<{ total: number | string }>`SELECT count(*) AS total FROM request r WHERE ${where}`;
  return sql<{ total: number | string }>`SELECT count(*) AS total
    FROM (SELECT 1 FROM request r WHERE ${where} LIMIT ${cap + 1}) AS matches`;
}

/** Counts by (state, signature flag), for the tab counts. */
export function stateCountQuery(where: RawBuilder<SqlBool>) {
  return sql<{ stateId: number; sendToSign: boolean; total: number | string }>`
    SELECT r.state_id AS "stateId", r.send_to_sign AS "sendToSign", count(*) AS total
    FROM request r WHERE ${where} GROUP BY r.state_id, r.send_to_sign`;
}

/**
 * The export's order as consecutive parts, each one query with its ORDER BY: the list order is
 * their concatenation. One part for every sort but the deadline, which reads its two halves
 * apart as pageRows does — the running clocks by request_clock_deadline_idx (partial), then the
 * others by id — so that no sort of every request is needed.
 */
function exportParts(
  where: RawBuilder<SqlBool>,
  sort: RequestSortField,
  dir: 'asc' | 'desc',
): { where: RawBuilder<SqlBool>; order: RawBuilder<unknown> }[] {
  if (sort !== 'deadline') return [{ where, order: orderBy(sort, dir) }];
  const direction = dir === 'asc' ? 'ASC' : 'DESC';
  return [
    {
      where: sql<SqlBool>`${where} AND r.clock_deadline_on IS NOT NULL`,
      order: sql.raw(`r.clock_deadline_on ${direction}, r.id ${direction}`),
    },
    { where: sql<SqlBool>`${where} AND r.clock_deadline_on IS NULL`, order: sql.raw(`r.id ${direction}`) },
  ];
}

/**
 * The ids of every matching request, in list order, as one text 'id,id,…' (empty: none): one
 * string, not a row object per id (parsed by parseIds).
 */
export function idsQuery(where: RawBuilder<SqlBool>, sort: RequestSortField, dir: 'asc' | 'desc') {
  const parts = exportParts(where, sort, dir).map(
    (part) =>
      sql`(SELECT string_agg(r.id::text, ',' ORDER BY ${part.order}) FROM request r WHERE ${part.where})`,
  );
  return sql<{ ids: string | null }>`SELECT concat_ws(',', ${sql.join(parts)}) AS ids`;
}

/** The ids of idsQuery's text, in its order: 4 bytes an id. */
export function parseIds(text: string | null): Int32Array {
  if (!text) return new Int32Array(0);
  let count = 1;
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) === 44) count++;
  const ids = new Int32Array(count);
  let at = 0;
  let value = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 44) {
      ids[at++] = value;
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  ids[at] = value;
  return ids;
}

/**
 * The export's rows in list order, as the queries of server-side cursors (PostgreSQL), read one
 * after the other: each part sorted on `request` alone (by its index where there is one), then
 * joined row by row (LATERAL look-ups: the order of the sorted rows is kept, no second sort).
 */
export function exportCursorQueries(where: RawBuilder<SqlBool>, sort: RequestSortField, dir: 'asc' | 'desc') {
  return exportParts(where, sort, dir).map(
    (part) => sql<RequestListRow>`SELECT ${ROW_COLUMNS}
      FROM (SELECT r.* FROM request r WHERE ${part.where} ORDER BY ${part.order}) AS r
      ${ROW_JOINS}
      ORDER BY ${part.order}`,
  );
}

/** Rows by id (any order). */
export function rowsByIdsQuery(ids: ArrayLike<number>) {
  // One array parameter (as text: the same on pg and PGlite), not one parameter per id.
  let list = '';
  for (let index = 0; index < ids.length; index++) {
    list += `${index === 0 ? '' : ','}${String(Math.trunc(ids[index]!))}`;
  }
  return sql<RequestListRow>`SELECT ${ROW_COLUMNS}
    FROM (SELECT r.* FROM request r WHERE r.id = ANY(${`{${list}}`}::int[])) AS r ${ROW_JOINS}`;
}
