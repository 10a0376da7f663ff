import type { SearchState } from '@voirie/domain';

/**
 * The query of `GET request` (docs/api-requests.md, RequestListQuerySchema): the search state, with
 * searchFilter as JSON, and the page. An empty search text is left out.
 */
export function listQueryString(search: SearchState, page: number): string {
  const params = new URLSearchParams({
    page: String(page),
    type: String(search.type),
    numItemsPerPage: String(search.numItemsPerPage),
    searchSort: search.searchSort,
    searchDir: search.searchDir,
    searchFilter: JSON.stringify(search.searchFilter),
  });
  if (search.searchText) params.set('searchText', search.searchText);
  return params.toString();
}

/** The query of `GET export` / `export/admin`: the current filters, without paging (docs/api-requests.md). */
export function exportQueryString(search: SearchState): string {
  const params = new URLSearchParams({
    type: String(search.type),
    searchSort: search.searchSort,
    searchDir: search.searchDir,
    searchFilter: JSON.stringify(search.searchFilter),
  });
  if (search.searchText) params.set('searchText', search.searchText);
  return params.toString();
}
