import type { SearchState } from '@voirie/domain';

/**
 * The list's filters: the kind, searchFilter as JSON (the tab, the date ranges, the deadline and
 * column filters) and the search text (left out when empty). What the list, its export and its
 * map's tiles share, so that the three show the same requests.
 */
function filterParams(search: SearchState): URLSearchParams {
  const params = new URLSearchParams({
    type: String(search.type),
    searchFilter: JSON.stringify(search.searchFilter),
  });
  if (search.searchText) params.set('searchText', search.searchText);
  return params;
}

/** The filters and the sort. */
function sortedFilterParams(search: SearchState): URLSearchParams {
  const params = filterParams(search);
  params.set('searchSort', search.searchSort);
  params.set('searchDir', search.searchDir);
  return params;
}

/**
 * The query of `GET request` (docs/api-requests.md, RequestListQuerySchema): the search state, with
 * searchFilter as JSON, and the page. An empty search text is left out.
 */
export function listQueryString(search: SearchState, page: number): string {
  const params = sortedFilterParams(search);
  params.set('page', String(page));
  params.set('numItemsPerPage', String(search.numItemsPerPage));
  return params.toString();
}

/** The query of `GET export` / `export/admin`: the current filters and sort, without paging (docs/api-requests.md). */
export function exportQueryString(search: SearchState): string {
  return sortedFilterParams(search).toString();
}

/**
 * The query of the list map's tiles (`GET request/tiles/{z}/{x}/{y}`, docs/api-requests.md): the
 * list's filters, neither page nor sort — a page or sort change leaves the tiles (and their
 * browser cache) alone.
 */
export function tilesQueryString(search: SearchState): string {
  return filterParams(search).toString();
}
