import type { SearchState } from '@voirie/domain';

/** The current filters: the kind, the sort, searchFilter as JSON and the search text (left out when empty). */
function filterParams(search: SearchState): URLSearchParams {
  const params = new URLSearchParams({
    type: String(search.type),
    searchSort: search.searchSort,
    searchDir: search.searchDir,
    searchFilter: JSON.stringify(search.searchFilter),
  });
  if (search.searchText) params.set('searchText', search.searchText);
  return params;
}

/**
 * The query of `GET request` (docs/api-requests.md, RequestListQuerySchema): the search state, with
 * searchFilter as JSON, and the page. An empty search text is left out.
 */
export function listQueryString(search: SearchState, page: number): string {
  const params = filterParams(search);
  params.set('page', String(page));
  params.set('numItemsPerPage', String(search.numItemsPerPage));
  return params.toString();
}

/** The query of `GET export` / `export/admin`: the current filters, without paging (docs/api-requests.md). */
export function exportQueryString(search: SearchState): string {
  return filterParams(search).toString();
}
