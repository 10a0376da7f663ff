import type { InvitationAccepted, InvitationSummary } from '@voirie/domain';
import { http } from '../../../api';

/** GET invitation/{token}: what the invitation is about. Silent: the page shows the failure. */
export function fetchInvitation(token: string) {
  return http.get<InvitationSummary>(`invitation/${encodeURIComponent(token)}`, { silent: true });
}

/** POST invitation/{token}/accept. */
export function acceptInvitation(token: string) {
  return http.post<InvitationAccepted>(`invitation/${encodeURIComponent(token)}/accept`);
}
