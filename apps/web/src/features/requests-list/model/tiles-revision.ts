// When the list's map reads its tiles again (docs/screens.md "Request list"): each time the list
// reads the same page of the same search again — after a cancel, a transition or a new request
// elsewhere (invalidated), or when the window regains focus — not when it reads a new page, sort
// or filter (the tiles do not depend on the page and sort; new filters are a new tile URL anyway).

/** The last answer of the list seen, and how many times the same query was answered again. */
export interface TilesRevision {
  /** The list query's key, as text. */
  key: string;
  /** When its data was last updated (TanStack Query's `dataUpdatedAt`). */
  updatedAt: number;
  revision: number;
}

/** The revision after an answer of the list: one more when the same query was answered again. */
export function nextTilesRevision(seen: TilesRevision, key: string, updatedAt: number): TilesRevision {
  if (seen.key === key && seen.updatedAt === updatedAt) return seen;
  const isRefetch = seen.key === key && seen.updatedAt !== 0 && updatedAt !== 0;
  return { key, updatedAt, revision: isRefetch ? seen.revision + 1 : seen.revision };
}
