import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_USER_SORT,
  type PageSize,
  type UserListQuery,
  type UserSortField,
} from '@voirie/domain';

/** The users list's state: the query of `GET stduser`. */
export type UsersListState = UserListQuery;

export const INITIAL_USERS_LIST: UsersListState = {
  page: 1,
  numItemsPerPage: DEFAULT_PAGE_SIZE,
  searchSort: DEFAULT_USER_SORT.searchSort,
  searchDir: DEFAULT_USER_SORT.searchDir,
};

export type UsersListAction =
  | { type: 'search'; text: string }
  | { type: 'sort'; field: UserSortField }
  | { type: 'page'; page: number }
  | { type: 'pageSize'; size: PageSize }
  | { type: 'pendingRequests'; only: boolean };

/**
 * The list's moves: a new search, page size or filter goes back to page 1; sorting by the current
 * column turns its direction round, another column starts ascending.
 */
export function usersListReducer(state: UsersListState, action: UsersListAction): UsersListState {
  switch (action.type) {
    case 'search': {
      const text = action.text.trim();
      const { searchText: _previous, ...rest } = state;
      return { ...rest, ...(text ? { searchText: text } : {}), page: 1 };
    }
    case 'sort':
      return {
        ...state,
        searchSort: action.field,
        searchDir: state.searchSort === action.field && state.searchDir === 'asc' ? 'desc' : 'asc',
        page: 1,
      };
    case 'page':
      return { ...state, page: action.page };
    case 'pageSize':
      return { ...state, numItemsPerPage: action.size, page: 1 };
    case 'pendingRequests': {
      const { searchFilter: _previous, ...rest } = state;
      return { ...rest, ...(action.only ? { searchFilter: { perimeterRequest: true } } : {}), page: 1 };
    }
  }
}
