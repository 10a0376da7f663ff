import { queryOptions } from '@tanstack/react-query';
import type { ListTabKey, SearchState } from '@voirie/domain';
import type { FeatureCollection, Geometry } from 'geojson';
import { API_BASE, http } from '../../../api';
import { exportQueryString, listQueryString } from '../model/list-query';
import type { RequestRow } from '../model/row-actions';

/** Properties of a request's map feature (docs/api-requests.md). */
export interface RequestFeatureProperties {
  id: number;
  publicId?: string | null;
  type: number;
  stateId: number;
  dateStart?: string | null;
  dateEnd?: string | null;
}
export type RequestFeatures = FeatureCollection<Geometry | null, RequestFeatureProperties>;

export interface ListPagination {
  page: number;
  numItemsPerPage: number;
  total: number;
  pages: number;
}

/** One page of `GET request`: the rows, their map features and the pagination. */
export interface RequestPage {
  rows: RequestRow[];
  features: RequestFeatures;
  pagination: ListPagination;
}

interface RequestPageEnvelope {
  data?: RequestRow[];
  features?: RequestFeatures | null;
  pagination?: Partial<ListPagination> | null;
}

/** Counts per list tab (`GET request/count`), keyed by the domain's LIST_TABS keys. */
export type TabCounts = Partial<Record<ListTabKey, number>>;

/** A mail of the request's history (`GET mails/{id}`). */
export interface MailLogRow {
  id: number;
  mailjetId?: string | null;
  status: string;
  statusText?: string | null;
  isError?: boolean;
  subject?: string | null;
  to?: string | null;
  context?: string | null;
  createdAt: string;
  stdUser?: { picture?: string | null; email?: string | null } | null;
}

const EMPTY_FEATURES: RequestFeatures = { type: 'FeatureCollection', features: [] };

export const REQUESTS_LIST_KEY = ['requests', 'list'] as const;
export const REQUEST_COUNTS_KEY = ['requests', 'count'] as const;

/** GET request: the page's rows, features and pagination (they sit beside `data` in the envelope). */
export async function fetchRequestPage(search: SearchState, page: number): Promise<RequestPage> {
  const body = await http.getDocument<RequestPageEnvelope>(`request?${listQueryString(search, page)}`);
  const rows = body.data ?? [];
  return {
    rows,
    features: body.features ?? EMPTY_FEATURES,
    pagination: {
      page: body.pagination?.page ?? page,
      numItemsPerPage: body.pagination?.numItemsPerPage ?? search.numItemsPerPage,
      total: body.pagination?.total ?? rows.length,
      pages: body.pagination?.pages ?? 1,
    },
  };
}

export function requestPageQueryOptions(search: SearchState, page: number) {
  return queryOptions({
    queryKey: [...REQUESTS_LIST_KEY, search, page],
    queryFn: () => fetchRequestPage(search, page),
  });
}

/** GET request/count: the tab counts for the current search (the tab itself is ignored). */
export function requestCountsQueryOptions(search: SearchState, enabled: boolean) {
  return queryOptions({
    queryKey: [...REQUEST_COUNTS_KEY, search.type, search.searchText, search.searchFilter],
    queryFn: async () =>
      (await http.get<TabCounts>(`request/count?${listQueryString(search, 1)}`, { overlay: false })).data,
    enabled,
  });
}

/** POST request/{id}/cancel; resolves with the API's notice ('Demande annulée'). */
export async function cancelRequest(id: string): Promise<string> {
  const answer = await http.post(`request/${encodeURIComponent(id)}/cancel`);
  return answer.message;
}

/** GET mails/{id}: the request's mails, newest first. */
export function mailHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['requests', 'mails', id],
    queryFn: async () => (await http.get<MailLogRow[]>(`mails/${encodeURIComponent(id)}`)).data ?? [],
  });
}

/**
 * Downloads the CSV of the current filters as Export.csv: `export/admin` for admins and
 * instructors, `export` otherwise (spec 1 §7). The answer is a file, not the JSON envelope;
 * failures are only logged (spec 2 §8).
 */
export async function downloadExport(search: SearchState, options: { admin: boolean }): Promise<void> {
  try {
    const path = options.admin ? 'export/admin' : 'export';
    const response = await fetch(`${API_BASE}/${path}?${exportQueryString(search)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv' },
    });
    if (!response.ok) throw new Error(`Export : erreur ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = 'Export.csv';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked after the click has been handled, so the download has its data.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  } catch (error) {
    console.error("L'export a échoué", error);
  }
}
