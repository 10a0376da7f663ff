export const HOME_PATH = '/dossiers';

/**
 * The page to open after sign-in, from the `redirect` search parameter: only a path of this
 * site (never `//host` or a URL, which would make the login page an open redirect).
 */
export function safeRedirectTarget(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return undefined;
  return value;
}

export interface LoginSearch {
  redirect?: string;
}

export function validateLoginSearch(search: { redirect?: unknown }): LoginSearch {
  const redirect = safeRedirectTarget(search.redirect);
  return redirect ? { redirect } : {};
}
