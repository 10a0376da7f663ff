import {
  DEFAULT_LIST_KIND,
  LIST_DATE_RANGE_KEYS,
  LIST_TABS,
  SEARCH_STATE_STORAGE_KEY,
  SearchStateSchema,
  type DeadlineFilter,
  type ListTabId,
  type PageSize,
  type RequestKind,
  type RequestSortField,
  type SearchFilter,
  type SearchState,
} from '@voirie/domain';

/** The list's state: the search kept in session storage, and the page (not kept: a new search starts on 1). */
export interface ListState {
  search: SearchState;
  /** 1-based page number, as the API counts. */
  page: number;
}

/**
 * Keys of searchFilter that are not the grid's column filter (the tab, the date ranges, the
 * deadline quick filter): they hold alongside it.
 */
export const RESERVED_FILTER_KEYS = ['tab', ...LIST_DATE_RANGE_KEYS, 'deadline'] as const;

/** The list's date ranges: the works start date (also above the table) and the deposit date. */
export type DateRangeColumn = 'dateStart' | 'depositDate';

/** The searchFilter keys of a date range. */
export const DATE_RANGE_KEYS = {
  dateStart: { from: 'dateStartFrom', to: 'dateStartTo' },
  depositDate: { from: 'depositDateFrom', to: 'depositDateTo' },
} as const satisfies Record<DateRangeColumn, { from: string; to: string }>;

/** A date range of the search filter ('YYYY-MM-DD' bounds, either may be missing). */
export function dateRangeOf(
  filter: SearchFilter,
  column: DateRangeColumn,
): { from: string | undefined; to: string | undefined } {
  const keys = DATE_RANGE_KEYS[column];
  return { from: filter[keys.from], to: filter[keys.to] };
}

export type ListAction =
  | { type: 'setKind'; kind: RequestKind }
  | { type: 'setTab'; tab: ListTabId }
  | { type: 'setPage'; page: number }
  | { type: 'setPageSize'; pageSize: PageSize }
  | { type: 'setSearchText'; searchText: string }
  | { type: 'clearSearch' }
  | { type: 'setSort'; searchSort: RequestSortField; searchDir: 'asc' | 'desc' }
  | { type: 'resetSort' }
  /** A date range; the works start date's when no column is given (the range above the table). */
  | { type: 'setDateRange'; column?: DateRangeColumn; from: string | null; to: string | null }
  | { type: 'setColumnFilter'; field: string | null; value: string | number | null }
  /** The deadline quick filter ('Échéance < 7 jours', 'Dépassée'), or none. */
  | { type: 'setDeadlineFilter'; deadline: DeadlineFilter | null };

/** The state a user starts on: kind 1, 50 a page, deposit date descending; the first tab when tabs are shown. */
export function initialSearchState(options: { withTabs: boolean }): SearchState {
  return SearchStateSchema.parse({
    type: DEFAULT_LIST_KIND,
    searchFilter: options.withTabs ? { tab: LIST_TABS[0]?.id ?? 1 } : {},
  });
}

function withoutColumnFilters(filter: SearchFilter): SearchFilter {
  const kept: SearchFilter = {};
  if (filter.tab !== undefined) kept.tab = filter.tab;
  for (const key of LIST_DATE_RANGE_KEYS) if (filter[key] !== undefined) kept[key] = filter[key];
  if (filter.deadline !== undefined) kept.deadline = filter.deadline;
  return kept;
}

/** The column filter of the state (the grid's free version has one at a time), or null. */
export function columnFilterOf(filter: SearchFilter): { field: string; value: string | number } | null {
  for (const [field, value] of Object.entries(filter)) {
    if ((RESERVED_FILTER_KEYS as readonly string[]).includes(field)) continue;
    if (typeof value === 'string' || typeof value === 'number') return { field, value };
  }
  return null;
}

function search(state: ListState, next: Partial<SearchState>): ListState {
  // Any change of what is searched goes back to the first page.
  return { search: { ...state.search, ...next }, page: 1 };
}

/** The list's moves; every change but the page number goes back to page 1. */
export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'setKind':
      return search(state, { type: action.kind });
    case 'setTab':
      return search(state, { searchFilter: { ...state.search.searchFilter, tab: action.tab } });
    case 'setPage':
      return { ...state, page: Math.max(1, Math.trunc(action.page)) };
    case 'setPageSize':
      return search(state, { numItemsPerPage: action.pageSize });
    case 'setSearchText':
      return search(state, { searchText: action.searchText.trim() });
    case 'clearSearch':
      return search(state, { searchText: '' });
    case 'setSort':
      return search(state, { searchSort: action.searchSort, searchDir: action.searchDir });
    case 'resetSort': {
      const defaults = SearchStateSchema.parse({ type: state.search.type });
      return search(state, { searchSort: defaults.searchSort, searchDir: defaults.searchDir });
    }
    case 'setDateRange': {
      const keys = DATE_RANGE_KEYS[action.column ?? 'dateStart'];
      const searchFilter: SearchFilter = { ...state.search.searchFilter };
      delete searchFilter[keys.from];
      delete searchFilter[keys.to];
      if (action.from) searchFilter[keys.from] = action.from;
      if (action.to) searchFilter[keys.to] = action.to;
      return search(state, { searchFilter });
    }
    case 'setColumnFilter': {
      const searchFilter = withoutColumnFilters(state.search.searchFilter);
      if (action.field && action.value !== null && action.value !== '')
        searchFilter[action.field] = action.value;
      return search(state, { searchFilter });
    }
    case 'setDeadlineFilter': {
      const searchFilter: SearchFilter = { ...state.search.searchFilter };
      delete searchFilter.deadline;
      if (action.deadline) searchFilter.deadline = action.deadline;
      return search(state, { searchFilter });
    }
  }
}

/**
 * The search state kept under `listingSearchParams` (docs/screens.md "Request list"), or null when
 * there is none or it cannot be read; an unreadable value is only logged (docs/screens.md "Notices
 * and errors").
 */
export function readStoredSearchState(storage: Storage = window.sessionStorage): SearchState | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SEARCH_STATE_STORAGE_KEY);
  } catch (error) {
    console.error('Lecture des paramètres de recherche impossible', error);
    return null;
  }
  if (raw === null) return null;
  try {
    return SearchStateSchema.parse(JSON.parse(raw));
  } catch (error) {
    console.error('Paramètres de recherche enregistrés illisibles', error);
    return null;
  }
}

/** Keeps the search state for the session (a storage failure is only logged). */
export function storeSearchState(state: SearchState, storage: Storage = window.sessionStorage): void {
  try {
    storage.setItem(SEARCH_STATE_STORAGE_KEY, JSON.stringify(state));
  } catch (error) {
    console.error('Enregistrement des paramètres de recherche impossible', error);
  }
}

/**
 * The state the list opens on: the stored search when there is one, else the defaults. A
 * stored tab is dropped for users without tabs, and the first tab added for those with them; a
 * stored deadline filter is dropped for users who do not see deadlines (it would filter unseen).
 */
export function initialListState(options: {
  withTabs: boolean;
  withDeadlines?: boolean;
  storage?: Storage;
}): ListState {
  const stored = readStoredSearchState(options.storage);
  const base = stored ?? initialSearchState(options);
  const searchFilter: SearchFilter = { ...base.searchFilter };
  if (!options.withTabs) delete searchFilter.tab;
  else searchFilter.tab ??= LIST_TABS[0]?.id ?? 1;
  if (!options.withDeadlines) delete searchFilter.deadline;
  return { search: { ...base, searchFilter }, page: 1 };
}
