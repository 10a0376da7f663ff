import { useState } from 'react';
import { nextTilesRevision, type TilesRevision } from '../model/tiles-revision';

/**
 * The revision of the list map's tiles: one more each time the list's current query is answered
 * again (model/tiles-revision.ts). A placeholder (the previous answer shown while a new query
 * loads) is not an answer of the current query.
 */
export function useTilesRevision(list: {
  queryKey: readonly unknown[];
  dataUpdatedAt: number;
  isPlaceholderData: boolean;
}): number {
  const key = JSON.stringify(list.queryKey);
  const [seen, setSeen] = useState<TilesRevision>({ key, updatedAt: 0, revision: 0 });
  if (!list.isPlaceholderData) {
    const next = nextTilesRevision(seen, key, list.dataUpdatedAt);
    // Derived from the list's answers while rendering (React's "storing information from previous renders").
    if (next !== seen) setSeen(next);
  }
  return seen.revision;
}
