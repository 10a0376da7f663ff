import { queryOptions } from '@tanstack/react-query';
import type { ConflictSearchInput, CoordinationReport } from '@voirie/domain';
import { http } from '../../../api';

// The coordination calls of the request's page and of the decision dialog (docs/coordination.md).
// Silent and without the overlay: the section says itself when the search failed, and the
// decision never waits for it.

const path = (id: number) => `request/${String(id)}/conflicts`;
const QUIET = { silent: true, overlay: false } as const;

/** The query key of a request's coordination. */
export const coordinationQueryKey = (requestId: number) =>
  ['request', String(requestId), 'conflicts'] as const;

/** GET request/{id}/conflicts: the conflicts and recent resurfacings, with the recorded searches. */
export function coordinationQueryOptions(requestId: number, enabled = true) {
  return queryOptions({
    queryKey: coordinationQueryKey(requestId),
    queryFn: async () => (await http.get<CoordinationReport>(path(requestId), QUIET)).data,
    enabled,
    retry: false,
  });
}

/** POST request/{id}/conflicts: searches again and records it (on demand, or before the decision). */
export async function searchConflicts(requestId: number, trigger: ConflictSearchInput['trigger']) {
  const answer = await http.post<CoordinationReport>(path(requestId), { trigger }, QUIET);
  return { report: answer.data, message: answer.message };
}
