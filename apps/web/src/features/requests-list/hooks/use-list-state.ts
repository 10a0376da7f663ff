import { useEffect, useReducer } from 'react';
import { initialListState, listReducer, storeSearchState } from '../model/search-state';

/** The list's state, opened from session storage and kept there on every change. */
export function useListState(options: { withTabs: boolean; withDeadlines: boolean }) {
  const [state, dispatch] = useReducer(listReducer, options, initialListState);
  useEffect(() => {
    storeSearchState(state.search);
  }, [state.search]);
  return [state, dispatch] as const;
}
