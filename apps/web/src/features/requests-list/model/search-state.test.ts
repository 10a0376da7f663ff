import { SEARCH_STATE_STORAGE_KEY } from '@voirie/domain';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  columnFilterOf,
  dateRangeOf,
  initialListState,
  listReducer,
  readStoredSearchState,
  storeSearchState,
  type ListState,
} from './search-state';
import { requestTilesUrl } from '../api/requests-list-api';
import { exportQueryString, listQueryString } from './list-query';
import { canCancelFromList, canLocate, hasAbility } from './row-actions';

afterEach(() => window.sessionStorage.clear());

const start = (): ListState => ({ ...initialListState({ withTabs: true }), page: 3 });

describe('listReducer', () => {
  test('starts on kind 1, 50 a page, deposit date descending, tab A traiter', () => {
    expect(initialListState({ withTabs: true })).toEqual({
      page: 1,
      search: {
        type: 1,
        numItemsPerPage: 50,
        searchText: '',
        searchSort: 'depositDate',
        searchDir: 'desc',
        searchFilter: { tab: 1 },
      },
    });
    expect(initialListState({ withTabs: false }).search.searchFilter).toEqual({});
  });

  test('a new search goes back to page 1; a page change keeps the search', () => {
    const state = start();
    expect(listReducer(state, { type: 'setPageSize', pageSize: 100 })).toMatchObject({
      page: 1,
      search: { numItemsPerPage: 100 },
    });
    expect(listReducer(state, { type: 'setKind', kind: 3 })).toMatchObject({ page: 1, search: { type: 3 } });
    expect(listReducer(state, { type: 'setTab', tab: 3 }).search.searchFilter).toEqual({ tab: 3 });
    expect(listReducer(state, { type: 'setPage', page: 5 })).toEqual({ ...state, page: 5 });
  });

  test('the deadline quick filter holds beside a column filter, and goes when pressed again', () => {
    const overdue = listReducer(start(), { type: 'setDeadlineFilter', deadline: 'overdue' });
    expect(overdue).toMatchObject({ page: 1, search: { searchFilter: { tab: 1, deadline: 'overdue' } } });
    const withCity = listReducer(overdue, { type: 'setColumnFilter', field: 'addressCity', value: 'Tosse' });
    expect(withCity.search.searchFilter).toEqual({ tab: 1, deadline: 'overdue', addressCity: 'Tosse' });
    expect(columnFilterOf(withCity.search.searchFilter)).toEqual({ field: 'addressCity', value: 'Tosse' });
    const near = listReducer(withCity, { type: 'setDeadlineFilter', deadline: 'near' });
    expect(near.search.searchFilter).toEqual({ tab: 1, deadline: 'near', addressCity: 'Tosse' });
    expect(listReducer(near, { type: 'setDeadlineFilter', deadline: null }).search.searchFilter).toEqual({
      tab: 1,
      addressCity: 'Tosse',
    });
  });

  test('a stored deadline filter is kept for those who see deadlines only', () => {
    const stored = listReducer(start(), { type: 'setDeadlineFilter', deadline: 'near' });
    storeSearchState(stored.search);
    expect(initialListState({ withTabs: true, withDeadlines: true }).search.searchFilter).toEqual({
      tab: 1,
      deadline: 'near',
    });
    expect(initialListState({ withTabs: false }).search.searchFilter).toEqual({});
  });

  test('search text is trimmed and cleared', () => {
    const searched = listReducer(start(), { type: 'setSearchText', searchText: '  Capbreton ' });
    expect(searched.search.searchText).toBe('Capbreton');
    expect(listReducer(searched, { type: 'clearSearch' }).search.searchText).toBe('');
  });

  test('sort, and back to the default sort', () => {
    const sorted = listReducer(start(), { type: 'setSort', searchSort: 'addressCity', searchDir: 'asc' });
    expect(sorted.search).toMatchObject({ searchSort: 'addressCity', searchDir: 'asc' });
    expect(listReducer(sorted, { type: 'resetSort' }).search).toMatchObject({
      searchSort: 'depositDate',
      searchDir: 'desc',
    });
  });

  test('the date range and one column filter live in searchFilter beside the tab', () => {
    let state = listReducer(start(), { type: 'setDateRange', from: '2026-01-01', to: null });
    state = listReducer(state, { type: 'setColumnFilter', field: 'addressCity', value: 'Seignosse' });
    expect(state.search.searchFilter).toEqual({
      tab: 1,
      dateStartFrom: '2026-01-01',
      addressCity: 'Seignosse',
    });
    expect(columnFilterOf(state.search.searchFilter)).toEqual({ field: 'addressCity', value: 'Seignosse' });
    state = listReducer(state, { type: 'setColumnFilter', field: 'numaffaire', value: 'A-12' });
    expect(state.search.searchFilter).toEqual({ tab: 1, dateStartFrom: '2026-01-01', numaffaire: 'A-12' });
    state = listReducer(state, { type: 'setColumnFilter', field: null, value: null });
    state = listReducer(state, { type: 'setDateRange', from: null, to: null });
    expect(state.search.searchFilter).toEqual({ tab: 1 });
  });

  test("the Dépôt and Début header ranges: the Début one is the range above the table's", () => {
    let state = listReducer(start(), {
      type: 'setDateRange',
      column: 'depositDate',
      from: '2026-03-10',
      to: '2026-03-14',
    });
    expect(state).toMatchObject({ page: 1 });
    state = listReducer(state, { type: 'setDateRange', column: 'dateStart', from: '2026-04-01', to: null });
    expect(state.search.searchFilter).toEqual({
      tab: 1,
      depositDateFrom: '2026-03-10',
      depositDateTo: '2026-03-14',
      dateStartFrom: '2026-04-01',
    });
    // The range above the table (no column) changes the same works start range.
    state = listReducer(state, { type: 'setDateRange', from: '2026-04-02', to: '2026-04-30' });
    expect(dateRangeOf(state.search.searchFilter, 'dateStart')).toEqual({
      from: '2026-04-02',
      to: '2026-04-30',
    });
    expect(dateRangeOf(state.search.searchFilter, 'depositDate')).toEqual({
      from: '2026-03-10',
      to: '2026-03-14',
    });
    // Not the grid's column filter; kept when the column filter changes.
    expect(columnFilterOf(state.search.searchFilter)).toBeNull();
    state = listReducer(state, { type: 'setColumnFilter', field: 'addressCity', value: 'Tosse' });
    state = listReducer(state, { type: 'setColumnFilter', field: null, value: null });
    expect(state.search.searchFilter).toMatchObject({
      depositDateFrom: '2026-03-10',
      dateStartTo: '2026-04-30',
    });
    // Effacer: both bounds of one range only.
    state = listReducer(state, { type: 'setDateRange', column: 'depositDate', from: null, to: null });
    expect(state.search.searchFilter).toEqual({
      tab: 1,
      dateStartFrom: '2026-04-02',
      dateStartTo: '2026-04-30',
    });
  });
});

describe('session storage (listingSearchParams)', () => {
  test('a stored search is restored on load', () => {
    const state = listReducer(start(), { type: 'setSearchText', searchText: 'Tosse' });
    storeSearchState({ ...state.search, numItemsPerPage: 150, type: 2 });
    expect(JSON.parse(window.sessionStorage.getItem(SEARCH_STATE_STORAGE_KEY) ?? '')).toMatchObject({
      searchText: 'Tosse',
    });
    expect(initialListState({ withTabs: true })).toEqual({
      page: 1,
      search: { ...state.search, numItemsPerPage: 150, type: 2 },
    });
  });

  test('a corrupt value is only logged, and the defaults are used', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.sessionStorage.setItem(SEARCH_STATE_STORAGE_KEY, '{not json');
    expect(readStoredSearchState()).toBeNull();
    expect(initialListState({ withTabs: false }).search.numItemsPerPage).toBe(50);
    expect(log).toHaveBeenCalled();
  });

  test('a value that breaks the schema (page size 75) is only logged', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.sessionStorage.setItem(SEARCH_STATE_STORAGE_KEY, JSON.stringify({ type: 1, numItemsPerPage: 75 }));
    expect(readStoredSearchState()).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
  });

  test('the deposit range is kept for the session, a bad stored date is only logged', () => {
    const state = listReducer(start(), {
      type: 'setDateRange',
      column: 'depositDate',
      from: '2026-03-10',
      to: null,
    });
    storeSearchState(state.search);
    expect(initialListState({ withTabs: true }).search.searchFilter).toEqual({
      tab: 1,
      depositDateFrom: '2026-03-10',
    });
    expect(
      JSON.parse(new URLSearchParams(listQueryString(state.search, 1)).get('searchFilter') ?? ''),
    ).toEqual({
      tab: 1,
      depositDateFrom: '2026-03-10',
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSearchState({ ...state.search, searchFilter: { depositDateTo: '2026-02-30' } });
    expect(readStoredSearchState()).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
  });

  test('a stored tab is dropped for users without tabs', () => {
    storeSearchState({ ...start().search, searchFilter: { tab: 4 } });
    expect(initialListState({ withTabs: false }).search.searchFilter).toEqual({});
    expect(initialListState({ withTabs: true }).search.searchFilter).toEqual({ tab: 4 });
  });
});

describe('queries and row actions', () => {
  test('the list query carries the search, searchFilter as JSON, and the page', () => {
    const params = new URLSearchParams(listQueryString({ ...start().search, searchText: 'Orx' }, 2));
    expect(Object.fromEntries(params)).toEqual({
      page: '2',
      type: '1',
      numItemsPerPage: '50',
      searchSort: 'depositDate',
      searchDir: 'desc',
      searchFilter: '{"tab":1}',
      searchText: 'Orx',
    });
    expect(new URLSearchParams(exportQueryString(start().search)).has('page')).toBe(false);
  });

  test("the map's tiles carry the list's filters, neither page nor sort: one URL per set of filters", () => {
    const filtered = listReducer(
      listReducer(listReducer(start(), { type: 'setSearchText', searchText: 'Orx & Labenne' }), {
        type: 'setDateRange',
        from: '2026-04-01',
        to: '2026-04-30',
      }),
      { type: 'setTab', tab: 3 },
    ).search;
    const url = requestTilesUrl(filtered);
    expect(url.startsWith('/api/request/tiles/{z}/{x}/{y}?')).toBe(true);
    const params = new URLSearchParams(url.split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({
      type: '1',
      searchText: 'Orx & Labenne',
      searchFilter: JSON.stringify(filtered.searchFilter),
    });
    expect(JSON.parse(params.get('searchFilter') ?? '')).toEqual({
      tab: 3,
      dateStartFrom: '2026-04-01',
      dateStartTo: '2026-04-30',
    });
    // The same filters as the list's query, whatever the page, page size and sort.
    const list = new URLSearchParams(listQueryString(filtered, 4));
    for (const [key, value] of params) expect(list.get(key)).toBe(value);
    const resorted = listReducer(
      listReducer({ ...start(), search: filtered }, { type: 'setPageSize', pageSize: 100 }),
      {
        type: 'setSort',
        searchSort: 'id',
        searchDir: 'asc',
      },
    ).search;
    expect(requestTilesUrl(resorted)).toBe(url);
    // The template's placeholders stay the only braces: the filter's JSON is encoded.
    expect(url.match(/[{}]/g)).toHaveLength(6);
    expect(requestTilesUrl({ ...filtered, type: 2 })).not.toBe(url);
    expect(
      new URLSearchParams(requestTilesUrl({ ...filtered, searchText: '' }).split('?')[1]).has('searchText'),
    ).toBe(false);
  });

  test('abilities as the API says; cancel hidden on En travaux', () => {
    const abilities = (flags: { cancel?: boolean; locate?: boolean }) => ({
      abilities: { open: true, mails: true, cancel: flags.cancel ?? false, locate: flags.locate ?? false },
    });
    expect(hasAbility(abilities({ cancel: true }), 'cancel')).toBe(true);
    expect(hasAbility(abilities({}), 'cancel')).toBe(false);
    expect(canCancelFromList(abilities({ cancel: true }), 3)).toBe(false);
    expect(canCancelFromList(abilities({ cancel: true }), 1)).toBe(true);
    expect(canCancelFromList(abilities({ cancel: true }), undefined)).toBe(true);
    expect(canLocate(abilities({ locate: false }))).toBe(false);
    expect(canLocate(abilities({ locate: true }))).toBe(true);
  });
});
