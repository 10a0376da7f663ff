import { queryOptions } from '@tanstack/react-query';
import type { ActNotification, PostalNotification } from '@voirie/domain';
import { API_BASE, http } from '../../../api';

// The notification of a request's individual acts (docs/acts.md « Notification »).

/**
 * GET request/{id}/notifications: the notified acts with their proof and appeal delay. Keyed by
 * the request's state too: the signature that creates them changes it, and the list is read again.
 */
export function notificationsQueryOptions(requestId: number, stateId: number | null, enabled = true) {
  return queryOptions({
    queryKey: ['request', requestId, 'notifications', stateId],
    queryFn: async () =>
      (await http.get<ActNotification[]>(`request/${String(requestId)}/notifications`)).data,
    enabled,
  });
}

/** POST request/{id}/notifications/{number}/postal: the registered letter. Silent: the dialog shows the failure. */
export function recordPostalNotification(requestId: number, number: string, body: PostalNotification) {
  return http.post<ActNotification[]>(
    `request/${String(requestId)}/notifications/${encodeURIComponent(number)}/postal`,
    body,
    { silent: true },
  );
}

/** The signed PDF of an act (GET document/{id}/file). */
export const actPdfUrl = (documentId: number) => `${API_BASE}/document/${String(documentId)}/file`;
