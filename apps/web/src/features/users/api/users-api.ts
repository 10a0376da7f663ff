import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PerimeterRequestDecision, UserDetail, UserListPage, UserListQuery } from '@voirie/domain';
import { http } from '../../../api';

export const USERS_KEY = ['stduser'] as const;

/** The query string of `GET stduser` (docs/api-users.md). */
export function usersSearchParams(query: UserListQuery): string {
  const params = new URLSearchParams({
    page: String(query.page),
    numItemsPerPage: String(query.numItemsPerPage),
    searchSort: query.searchSort,
    searchDir: query.searchDir,
  });
  if (query.searchText) params.set('searchText', query.searchText);
  if (query.searchFilter) params.set('searchFilter', JSON.stringify(query.searchFilter));
  return params.toString();
}

/** GET stduser: one page of the users (admins and instructors); the previous page stays while the next loads. */
export function usersQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'list', query],
    // The list's answer carries `pagination` beside `data`: read whole.
    queryFn: () => http.getDocument<UserListPage>(`stduser?${usersSearchParams(query)}`, { overlay: false }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE stduser/{id}: the account is disabled. Silent: the confirmation shows a refusal. */
export function deleteUser(publicId: string) {
  return http.delete<unknown>(`stduser/${encodeURIComponent(publicId)}`, { silent: true });
}

/** POST stduser/{id}/reset-link (admins). Silent: the confirmation shows a refusal. */
export function resendResetLink(publicId: string) {
  return http.post<{ email: string }>(`stduser/${encodeURIComponent(publicId)}/reset-link`, undefined, {
    silent: true,
  });
}

/** POST stduser/{id}/perimeter-request (admins): approve or refuse. Silent: the confirmation shows a refusal. */
export function decidePerimeterRequest(publicId: string, decision: PerimeterRequestDecision) {
  return http.post<UserDetail>(`stduser/${encodeURIComponent(publicId)}/perimeter-request`, decision, {
    silent: true,
  });
}
