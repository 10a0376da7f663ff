/** The API sets this readable cookie beside the httpOnly token: it only says a session exists. */
export const SESSION_COOKIE = 'voirie_session';

export function hasSessionCookie(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** Forget a session the API no longer honours, so the route guard stops asking for it. */
export function clearSessionCookie(): void {
  document.cookie = `${SESSION_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
}
