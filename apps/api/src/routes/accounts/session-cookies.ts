import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, TOKEN_COOKIE } from '../../http/authenticate.ts';

/** Sets the token cookie (httpOnly) and the session marker the web app can read. */
export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  options: { maxAge: number; secure: boolean },
) {
  const common = { path: '/', sameSite: 'strict' as const, secure: options.secure, maxAge: options.maxAge };
  void reply.setCookie(TOKEN_COOKIE, token, { ...common, httpOnly: true });
  void reply.setCookie(SESSION_COOKIE, '1', { ...common, httpOnly: false });
}

/** Removes both cookies. */
export function clearSessionCookies(reply: FastifyReply) {
  void reply.clearCookie(TOKEN_COOKIE, { path: '/' });
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
