import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  LIST_TABS,
  findListTab,
  isInListTab,
  isStateId,
  STATE_IDS,
  type ListTabKey,
  type RequestCounts,
  type RequestPage,
  type RequestStateCounts,
  type RequestSortField,
  databaseIdOf,
} from '@voirie/domain';
import type { DatabaseKind } from '../db/database.ts';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { parisToday } from './french-date.ts';
import type { ListFilters } from './list-filters.ts';
import {
  LIST_FEATURE_DEFAULT_ZOOM,
  countQuery,
  exportCursorQueries,
  filterConditions,
  idsQuery,
  listCondition,
  pageQuery,
  parseIds,
  rowsByIdsQuery,
  stateCountQuery,
  type RequestListRow,
} from './list-query.ts';
import { presentRequest } from './present-request.ts';
import { keptStateCounts } from './state-counts.ts';
import { visibilityCondition, type Viewer } from '../policies/visibility.ts';

/**
 * A text search is counted up to this many matches (list-query.ts countQuery): past it the list
 * says « plus de 10 000 » and the user refines the search — 400 pages of 25 are no list to read.
 */
export const LIST_SEARCH_COUNT_CAP = 10_000;

/** The count's cap for these filters: a text search's, none otherwise (also the benches' SQL). */
export function countCapOf(filters: ListFilters, cap = LIST_SEARCH_COUNT_CAP): number | undefined {
  return filters.searchText ? cap : undefined;
}

/** `GET request` without its envelope's success and message. */
export type ListPage = Omit<RequestPage, 'success' | 'message'>;
type FeatureGeometry = ListPage['features']['features'][number]['geometry'];

export interface PageParams {
  page: number;
  numItemsPerPage: number;
  searchSort: RequestSortField;
  searchDir: 'asc' | 'desc';
  /** The map's zoom the features are simplified for (default LIST_FEATURE_DEFAULT_ZOOM). */
  zoom?: number;
}

/** A row's map shape, or null when PostGIS wrote something JSON cannot read (NaN coordinates). */
function parseShape(text: string | null): FeatureGeometry | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as FeatureGeometry;
  } catch {
    return null;
  }
}

/**
 * `GET request`: one page of the visible requests, their map features and the pagination. The
 * features carry shapes simplified for the map's zoom, bounded in size (list-query.ts), never
 * the stored geometries; a row whose shape cannot be read has no feature (its lon/lat stays).
 */
export async function listRequests(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: ListFilters,
  params: PageParams,
  { searchCountCap = LIST_SEARCH_COUNT_CAP }: { searchCountCap?: number } = {},
): Promise<ListPage> {
  // One day for the deadline filter and the rows' days left, even across midnight.
  const today = filters.today ?? parisToday();
  const where = listCondition(viewer, { ...filters, today });
  const offset = (params.page - 1) * params.numItemsPerPage;
  const featureZoom = params.zoom ?? LIST_FEATURE_DEFAULT_ZOOM;
  const countCap = countCapOf(filters, searchCountCap);
  const [rows, counted] = await Promise.all([
    pageQuery(where, {
      sort: params.searchSort,
      dir: params.searchDir,
      limit: params.numItemsPerPage,
      offset,
      featureZoom,
    }).execute(db),
    listTotal(db, viewer, filters, where, countCap),
  ]);
  const capped = countCap !== undefined && counted > countCap;
  const total = capped ? countCap : counted;
  return {
    data: rows.rows.map((row) => presentRequest(row, { viewer, today })),
    features: featuresOf(rows.rows),
    pagination: {
      page: params.page,
      numItemsPerPage: params.numItemsPerPage,
      total,
      pages: Math.ceil(total / params.numItemsPerPage),
      ...(capped && { capped }),
    },
  };
}

/**
 * The map features of these rows, `properties` `{ id, publicId, type, stateId, dateStart, dateEnd }`;
 * a row without a readable shape has none.
 */
function featuresOf(rows: readonly (RequestListRow & { geometry: string | null })[]): ListPage['features'] {
  return {
    type: 'FeatureCollection',
    features: rows.flatMap((row) => {
      const geometry = parseShape(row.geometry);
      if (!geometry) return [];
      const properties = {
        id: row.id,
        publicId: row.publicId,
        type: row.type,
        stateId: row.stateId,
        dateStart: row.dateStart,
        dateEnd: row.dateEnd,
      };
      return [{ type: 'Feature' as const, id: row.id, geometry, properties }];
    }),
  };
}

/**
 * `GET request/{id}`'s `features`: the request's footprint as the list's map feature (same shape,
 * bounded as the list's at its default zoom). The caller has checked the request is visible.
 */
export async function requestFeatures(db: Kysely<Database>, id: number): Promise<ListPage['features']> {
  const where = sql<boolean>`r.id = ${id}`;
  const page = {
    sort: 'id',
    dir: 'asc',
    limit: 1,
    offset: 0,
    featureZoom: LIST_FEATURE_DEFAULT_ZOOM,
  } as const;
  const { rows } = await pageQuery(where, page).execute(db);
  return featuresOf(rows);
}

/**
 * The database keeps the number of requests per state and signature flag (requests/state-counts.ts,
 * migration 0033): it serves a viewer who sees every request and filters nothing but the tab —
 * a few rows read instead of every request counted.
 */
function keptCountsServe(viewer: Viewer, filters: ListFilters): boolean {
  return visibilityCondition(viewer) === null && filterConditions(filters, { withTab: false }).length === 0;
}

/** The visible requests per state and signature flag, the tab ignored: kept, or counted. */
export async function stateCounts(db: Kysely<Database>, viewer: Viewer, filters: ListFilters) {
  if (keptCountsServe(viewer, filters)) return keptStateCounts(db);
  return (await stateCountQuery(listCondition(viewer, filters, { withTab: false })).execute(db)).rows;
}

/** The list's total: the kept counts of its tab when they serve, else a count (capped for a search). */
export async function listTotal(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: ListFilters,
  where: RawBuilder<SqlBool>,
  countCap: number | undefined,
): Promise<number> {
  if (keptCountsServe(viewer, filters)) {
    const tab = filters.tab === undefined ? null : findListTab(filters.tab);
    if (tab === undefined) return 0;
    return (await keptStateCounts(db))
      .filter(
        (row) => tab === null || (isStateId(row.stateId) && isInListTab(tab, row.stateId, row.sendToSign)),
      )
      .reduce((sum, row) => sum + row.total, 0);
  }
  const { rows } = await countQuery(where, countCap).execute(db);
  return Number(rows[0]?.total ?? 0);
}

/**
 * `GET request/count`: the visible requests per status tab and per state (the tab filter itself
 * ignored), from one grouped count. Every tab and every state is present, 0 when none.
 */
export async function countRequests(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: ListFilters,
): Promise<{ tabs: RequestCounts; states: RequestStateCounts }> {
  const rows = await stateCounts(db, viewer, filters);
  const tabs = Object.fromEntries(LIST_TABS.map((tab) => [tab.key, 0])) as Record<ListTabKey, number>;
  const states: RequestStateCounts = Object.fromEntries(STATE_IDS.map((id) => [String(id), 0]));
  for (const row of rows) {
    if (!isStateId(row.stateId)) continue;
    const total = Number(row.total);
    states[String(row.stateId)] = (states[String(row.stateId)] ?? 0) + total;
    const tab = LIST_TABS.find((candidate) => isInListTab(candidate, row.stateId as never, row.sendToSign));
    if (tab) tabs[tab.key] += total;
  }
  return { tabs, states };
}

/** Batch size of the export: rows read per query (small: a batch's rows die young, see docs/api-requests.md). */
export const EXPORT_BATCH = 250;

/**
 * Exports of this process reading through a cursor: each holds one of the pool's connections
 * (10) while its client downloads, so a few slow clients cannot take them all — the next exports
 * read by ids, as on PGlite. Per process on purpose: it guards this process's own pool.
 */
const MAX_CURSOR_EXPORTS = 3;
let cursorExports = 0;

/**
 * Every visible request matching the filters, in list order, by batches of EXPORT_BATCH rows,
 * for every sort (the deadline one read in two parts, as pageRows does); memory stays flat
 * (1,000,000 rows on PostgreSQL within +100 MB of the process's peak).
 * - PostgreSQL: server-side cursors (`DECLARE … NO SCROLL CURSOR`, one per part of the order,
 *   see exportCursorQueries) in a read-only transaction of their own, on one pooled connection,
 *   FETCHed EXPORT_BATCH rows at a time: only the batch in hand is in memory, never the ids.
 *   The transaction ends (and the connection goes back to the pool) when the export ends,
 *   fails, or is abandoned by its consumer (`return`, a client gone).
 * - PGlite — one connection for every request, so no transaction may last the export — and
 *   PostgreSQL past MAX_CURSOR_EXPORTS at once: the ordered ids first, as one text parsed into
 *   an Int32Array (4 bytes an id, not a row object), then each batch's rows by a query of its
 *   own — other requests are served in between.
 * A batch's rows are moved out of the driver's result array (`splice`) and read without the
 * camelCase plugin (their columns already carry RequestListRow's names: one object a row, not
 * two). The move matters: that array may sit in V8's old generation, and while it points at the
 * rows each young-generation collection keeps them and promotes them — the whole export's rows
 * then pile up as old garbage until a full collection (measured at 1,000,000 rows: +150 MB with
 * the cursor alone, +30 MB with the move; docs/api-requests.md).
 */
export async function* exportRows(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: ListFilters,
  sort: { searchSort: RequestSortField; searchDir: 'asc' | 'desc' },
  kind: DatabaseKind,
): AsyncGenerator<RequestListRow[]> {
  const where = listCondition(viewer, filters);
  if (kind === 'postgres' && cursorExports < MAX_CURSOR_EXPORTS) {
    cursorExports += 1;
    try {
      yield* cursorBatches(db, exportCursorQueries(where, sort.searchSort, sort.searchDir));
    } finally {
      cursorExports -= 1;
    }
    return;
  }
  const { rows } = await idsQuery(where, sort.searchSort, sort.searchDir).execute(db);
  const ids = parseIds(rows[0]?.ids ?? null);
  const raw = db.withoutPlugins();
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    const batch = ids.subarray(start, start + EXPORT_BATCH);
    const { rows: found } = await rowsByIdsQuery(batch).execute(raw);
    // Moved out of the driver's array (see above): the rows die young.
    const byId = new Map(found.splice(0).map((row) => [row.id, row]));
    const ordered: RequestListRow[] = [];
    for (const id of batch) {
      const row = byId.get(id);
      if (row) ordered.push(row);
    }
    yield ordered;
  }
}

/** The rows of each query in turn, through a cursor each, in one read-only transaction. */
async function* cursorBatches(
  db: Kysely<Database>,
  queries: RawBuilder<RequestListRow>[],
): AsyncGenerator<RequestListRow[]> {
  // One snapshot for every part (repeatable read): a row that moves between them comes once.
  const trx = await db
    .startTransaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute();
  const raw = trx.withoutPlugins();
  try {
    for (const query of queries) {
      await sql`DECLARE export_rows NO SCROLL CURSOR FOR ${query}`.execute(raw);
      for (;;) {
        const { rows } =
          await sql<RequestListRow>`FETCH FORWARD ${sql.lit(EXPORT_BATCH)} FROM export_rows`.execute(raw);
        const count = rows.length;
        // Moved out of pg's array (see exportRows): the rows die young.
        if (count > 0) yield rows.splice(0);
        if (count < EXPORT_BATCH) break;
      }
      await sql`CLOSE export_rows`.execute(raw);
    }
    await trx.commit().execute();
  } finally {
    // Failed or abandoned: the cursor goes with the transaction, the connection back to the pool.
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
  }
}

/** A request's id from a path: the numeric id or the opaque publicId. */
export function requestKey(value: string): { id: number } | { publicId: string } {
  const id = databaseIdOf(value);
  if (id !== null) return { id };
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
    return { publicId: value.toLowerCase() };
  throw new AppError('NOT_FOUND', "Cette demande n'existe pas ou ne vous est pas accessible.");
}

/** A request the viewer may see, as a list row; 404 otherwise (never tells whether it exists). */
export async function findVisibleRequest(
  db: Kysely<Database>,
  viewer: Viewer,
  key: string,
): Promise<RequestListRow> {
  const parsed = requestKey(key);
  const byKey = 'id' in parsed ? sql`r.id = ${parsed.id}` : sql`r.public_id = ${parsed.publicId}::uuid`;
  const where = sql<boolean>`${byKey} AND ${listCondition(viewer, { columns: {} })}`;
  const { rows } = await pageQuery(where, { sort: 'id', dir: 'asc', limit: 1, offset: 0 }).execute(db);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', "Cette demande n'existe pas ou ne vous est pas accessible.");
  return row;
}
