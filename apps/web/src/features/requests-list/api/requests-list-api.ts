import { queryOptions } from '@tanstack/react-query';
import type {
  ListPagination,
  MailHistoryItem,
  RequestCounts,
  RequestFeatures,
  RequestPage as RequestPageAnswer,
  SearchState,
} from '@voirie/domain';
import { API_BASE, http } from '../../../api';
import { exportQueryString, listQueryString, tilesQueryString } from '../model/list-query';
import type { RequestRow } from '../model/row-actions';

// The types of the API's answers are its response schemas' (packages/domain).
export type { ListPagination, MailHistoryItem as MailLogRow, RequestCounts as TabCounts, RequestFeatures };

/** One page of `GET request`: the rows, their map features and the pagination. */
export interface RequestPage {
  rows: RequestRow[];
  features: RequestFeatures;
  pagination: ListPagination;
}

export const REQUESTS_LIST_KEY = ['requests', 'list'] as const;
export const REQUEST_COUNTS_KEY = ['requests', 'count'] as const;

/** GET request: the page's rows, features and pagination (they sit beside `data` in the envelope). */
export async function fetchRequestPage(search: SearchState, page: number): Promise<RequestPage> {
  const body = await http.getDocument<RequestPageAnswer>(`request?${listQueryString(search, page)}`);
  return { rows: body.data, features: body.features, pagination: body.pagination };
}

export function requestPageQueryOptions(search: SearchState, page: number) {
  return queryOptions({
    queryKey: [...REQUESTS_LIST_KEY, search, page],
    queryFn: () => fetchRequestPage(search, page),
  });
}

/**
 * The URL template of the list map's vector tiles (`GET request/tiles/{z}/{x}/{y}`, Mapbox Vector
 * Tile, REQUEST_TILES): the list's filters, the session cookie authenticates. A filter change gives
 * a new URL; the same filters, the same URL (the browser revalidates its tiles: 304).
 */
export function requestTilesUrl(search: SearchState): string {
  return `${API_BASE}/request/tiles/{z}/{x}/{y}?${tilesQueryString(search)}`;
}

/** GET request/count: the tab counts for the current search (the tab itself is ignored). */
export function requestCountsQueryOptions(search: SearchState, enabled: boolean) {
  return queryOptions({
    queryKey: [...REQUEST_COUNTS_KEY, search.type, search.searchText, search.searchFilter],
    queryFn: async () =>
      (await http.get<RequestCounts>(`request/count?${listQueryString(search, 1)}`, { overlay: false })).data,
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
    queryFn: async () => (await http.get<MailHistoryItem[]>(`mails/${encodeURIComponent(id)}`)).data ?? [],
  });
}

/** POST mails/{mailLogId}/resend (administrators, failed mails); resolves with the API's notice. */
export async function resendMail(mailLogId: number): Promise<string> {
  return (await http.post(`mails/${String(mailLogId)}/resend`)).message;
}

/**
 * Downloads the CSV of the current filters as Export.csv: `export/admin` for admins and
 * instructors, `export` otherwise (docs/api-requests.md "GET export"). The answer is a file,
 * not the JSON envelope; failures are only logged (docs/screens.md "Notices and errors").
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
