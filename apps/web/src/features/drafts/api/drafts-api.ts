import { queryOptions } from '@tanstack/react-query';
import type { Draft, DraftInput, DraftSummary } from '@voirie/domain';
import { http } from '../../../api';

// The drafts of the filing wizard (docs/api-drafts.md): the caller's own, nobody else's.

export const DRAFTS_KEY = ['drafts'] as const;

/** GET drafts: the account's drafts, the last saved first. Read again each time the page opens. */
export function draftsQueryOptions() {
  return queryOptions({
    queryKey: DRAFTS_KEY,
    queryFn: async () => (await http.get<DraftSummary[]>('drafts')).data,
    staleTime: 0,
  });
}

/** GET drafts/{id}: one draft with the wizard's state. Silent: the wizard words the refusal. */
export function draftQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...DRAFTS_KEY, id],
    queryFn: async () => (await http.get<Draft>(`drafts/${encodeURIComponent(id)}`, { silent: true })).data,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * POST drafts (no id yet) or PUT drafts/{id}: the autosave of the wizard, in the background
 * (no loading overlay, no toast: the wizard shows the outcome beside its buttons).
 */
export async function saveDraft(id: string | null, input: DraftInput): Promise<DraftSummary> {
  const options = { silent: true, overlay: false };
  const answer = id
    ? await http.put<DraftSummary>(`drafts/${encodeURIComponent(id)}`, input, options)
    : await http.post<DraftSummary>('drafts', input, options);
  return answer.data;
}

/** DELETE drafts/{id}. Silent: the dialog shows the refusal. */
export function deleteDraft(id: string) {
  return http.delete<null>(`drafts/${encodeURIComponent(id)}`, { silent: true });
}
