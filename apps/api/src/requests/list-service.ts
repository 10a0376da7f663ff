import { sql, type Kysely } from 'kysely';
import {
  LIST_TABS,
  isInListTab,
  isStateId,
  type ListTabKey,
  type RequestPage,
  type RequestSortField,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import { parisToday } from './french-date.ts';
import type { ListFilters } from './list-filters.ts';
import {
  LIST_FEATURE_DEFAULT_ZOOM,
  countQuery,
  idsQuery,
  listCondition,
  pageQuery,
  rowsByIdsQuery,
  stateCountQuery,
  type RequestListRow,
} from './list-query.ts';
import { presentRequest } from './present-request.ts';
import type { Viewer } from './visibility.ts';

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
): Promise<ListPage> {
  // One day for the deadline filter and the rows' days left, even across midnight.
  const today = filters.today ?? parisToday();
  const where = listCondition(viewer, { ...filters, today });
  const offset = (params.page - 1) * params.numItemsPerPage;
  const featureZoom = params.zoom ?? LIST_FEATURE_DEFAULT_ZOOM;
  const [rows, count] = await Promise.all([
    pageQuery(where, {
      sort: params.searchSort,
      dir: params.searchDir,
      limit: params.numItemsPerPage,
      offset,
      featureZoom,
    }).execute(db),
    countQuery(where).execute(db),
  ]);
  const total = Number(count.rows[0]?.total ?? 0);
  const features: ListPage['features'] = {
    type: 'FeatureCollection',
    features: rows.rows.flatMap((row) => {
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
  return {
    data: rows.rows.map((row) => presentRequest(row, { viewer, today })),
    features,
    pagination: {
      page: params.page,
      numItemsPerPage: params.numItemsPerPage,
      total,
      pages: Math.ceil(total / params.numItemsPerPage),
    },
  };
}

/** `GET request/count`: the visible requests per status tab (the tab filter itself ignored). */
export async function countByTab(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: ListFilters,
): Promise<Record<ListTabKey, number>> {
  const { rows } = await stateCountQuery(listCondition(viewer, filters, { withTab: false })).execute(db);
  const counts = Object.fromEntries(LIST_TABS.map((tab) => [tab.key, 0])) as Record<ListTabKey, number>;
  for (const row of rows) {
    if (!isStateId(row.stateId)) continue;
    const tab = LIST_TABS.find((candidate) => isInListTab(candidate, row.stateId as never, row.sendToSign));
    if (tab) counts[tab.key] += Number(row.total);
  }
  return counts;
}

/** Batch size of the export: rows read per query (small: a batch's rows die young, see docs/api-requests.md). */
export const EXPORT_BATCH = 250;

/**
 * Every visible request matching the filters, in list order, by batches of EXPORT_BATCH: the
 * ordered ids first (small), then the rows of each batch — memory stays flat, any sort works,
 * on PostgreSQL and PGlite alike (no cursor).
 */
export async function* exportRows(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: ListFilters,
  sort: { searchSort: RequestSortField; searchDir: 'asc' | 'desc' },
): AsyncGenerator<RequestListRow[]> {
  const { rows } = await idsQuery(listCondition(viewer, filters), sort.searchSort, sort.searchDir).execute(
    db,
  );
  const ids = rows.map((row) => row.id);
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    const batch = ids.slice(start, start + EXPORT_BATCH);
    const found = await rowsByIdsQuery(batch).execute(db);
    const byId = new Map(found.rows.map((row) => [row.id, row]));
    yield batch.map((id) => byId.get(id)).filter((row): row is RequestListRow => row !== undefined);
  }
}

/** A request's id from a path: the numeric id or the opaque publicId. */
export function requestKey(value: string): { id: number } | { publicId: string } {
  if (/^\d{1,9}$/.test(value)) return { id: Number(value) };
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
