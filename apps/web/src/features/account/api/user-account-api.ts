import { queryOptions } from '@tanstack/react-query';
import type { EmailConfirmed, Perimeter, UserDetail, UserForm } from '@voirie/domain';
import { http } from '../../../api';
import { sendMultipart } from '../../../api/upload';

export const USER_KEY = ['stduser', 'detail'] as const;

/** GET stduser/{id}: a user (its number or opaque id) with the viewer's abilities. */
export function userQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...USER_KEY, key],
    // Silent: the page says why it cannot show the user.
    queryFn: async () =>
      (await http.get<UserDetail>(`stduser/${encodeURIComponent(key)}`, { silent: true })).data,
  });
}

/** PUT stduser/{id}. Silent: the form shows a refusal. */
export function saveUser(key: string, form: UserForm) {
  return http.put<UserDetail>(`stduser/${encodeURIComponent(key)}`, form, { silent: true });
}

/** POST stduser (NewUser). Silent: the form shows a refusal. */
export function createUser(form: UserForm) {
  return http.post<UserDetail>('stduser', form, { silent: true });
}

/** A perimeter as the autocompletes list it. */
export type PerimeterOption = Pick<Perimeter, 'id' | 'libelle' | 'type'>;

/** POST stduser/upload {userId, file}: the new picture URL; `onProgress` follows the upload. */
export function uploadAvatar(userId: number, file: File, onProgress: (percent: number) => void) {
  const body = new FormData();
  // Before the file: the server authorizes before it writes anything.
  body.append('userId', String(userId));
  body.append('file', file);
  return sendMultipart<string>({
    method: 'POST',
    path: 'stduser/upload',
    body,
    timeoutMs: 60_000,
    onProgress: (loaded, total) => onProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
  });
}

const confirmations = new Map<string, ReturnType<typeof http.put<EmailConfirmed>>>();

/**
 * PUT user/confirm-email/{token}, at most once per token in this page's life (single-use token;
 * StrictMode may ask twice). Silent: the page shows the failure in place.
 */
export function confirmEmailOnce(token: string) {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = http.put<EmailConfirmed>(`user/confirm-email/${encodeURIComponent(token)}`, undefined, {
      silent: true,
    });
    confirmations.set(token, confirmation);
  }
  return confirmation;
}
