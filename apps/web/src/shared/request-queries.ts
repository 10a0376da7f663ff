import { queryOptions } from '@tanstack/react-query';
import type { DocumentType, RequestDetail } from '@voirie/domain';
import { http } from '../api';

// Reads several features share: the filing wizard, the request's page, its CERFA print and its
// dialogs show the same request and document types (docs/ARCHITECTURE.md, "Layers and imports").

/** GET typedocument: the document types (the wizard's step 5, completeness); read once per session. */
export function documentTypesQueryOptions() {
  return queryOptions({
    queryKey: ['typedocument'],
    queryFn: async () => (await http.get<DocumentType[]>('typedocument', { overlay: false })).data,
    staleTime: Infinity,
  });
}

/** GET request/{id} (number or publicId): the whole request. Silent: the pages word the 404. */
export function requestQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['request', id],
    queryFn: async () =>
      (await http.get<RequestDetail>(`request/${encodeURIComponent(id)}`, { silent: true })).data,
    retry: false,
  });
}
