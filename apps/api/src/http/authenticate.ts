import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { AppError } from '../errors/app-error.ts';
import type { SessionClaims, SessionManager } from '../accounts/sessions.ts';
import type { UserWithRoles } from '../accounts/user-repository.ts';

export const TOKEN_COOKIE = 'voirie_token';
export const SESSION_COOKIE = 'voirie_session';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionClaims | null;
    user: UserWithRoles | null;
  }
}

/** Refused: a call made with the session cookie from a page that is not the portal's. */
export const FOREIGN_ORIGIN_MESSAGE =
  "Cette action n'est acceptée que depuis les pages du portail : la requête vient d'un autre site.";

/** The methods that change something: they never run for another site's page. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The session's token and where it came from: an API client's header, or the browser's cookie. */
function tokenOf(request: FastifyRequest): { token: string | undefined; fromCookie: boolean } {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), fromCookie: false };
  const token = request.cookies[TOKEN_COOKIE];
  return { token, fromCookie: token !== undefined };
}

/**
 * True when the page that sent the request (its Origin, else its Referer) is neither the portal's
 * public address nor the host it was asked of (a second name, a test port). Absent both, a client
 * that is not a browser: accepted. `Origin: null` (a sandboxed page, a privacy setting) is foreign.
 */
function isForeign(request: FastifyRequest, publicOrigin: string): boolean {
  const sender = request.headers.origin ?? request.headers.referer;
  if (!sender) return false;
  let origin: string;
  try {
    origin = new URL(sender).origin;
  } catch {
    return true;
  }
  if (origin === publicOrigin) return false;
  try {
    return origin !== new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return true;
  }
}

/**
 * onRequest hook: resolves the session (bearer header or cookie) and applies the route's
 * policy before the body is even read. Default deny: an /api route without a policy answers 500.
 * A change made with the session cookie must come from the portal's own pages (the
 * Origin check backs SameSite=Strict, docs/decisions/0001); bearer tokens are not sent by a
 * browser on its own, so API clients and webhooks are not concerned.
 */
export function authenticate(deps: { sessions: SessionManager; publicUrl: string }) {
  const publicOrigin = new URL(deps.publicUrl).origin;
  return async function (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.session = null;
    request.user = null;
    const policy = request.routeOptions.config.policy;
    if (!request.url.startsWith('/api/') || request.is404) return;
    if (!policy) throw new Error(`route without policy: ${request.routeOptions.url ?? ''}`);
    const { token, fromCookie } = tokenOf(request);
    if (fromCookie && STATE_CHANGING.has(request.method) && isForeign(request, publicOrigin))
      throw new AppError('FORBIDDEN', FOREIGN_ORIGIN_MESSAGE);
    const found = token ? await deps.sessions.userOf(token) : null;
    if (found?.user.isActive) {
      request.session = found.claims;
      request.user = found.user;
    }
    if (policy.kind === 'public') return;
    if (!request.user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
    if (policy.kind === 'roles' && !policy.roles.some((role) => request.user!.roles.includes(role))) {
      throw new AppError('FORBIDDEN', "Vous n'avez pas les droits pour accéder à cette fonctionnalité.");
    }
  };
}

/** The signed-in user of a route whose policy requires one. */
export function currentUser(request: FastifyRequest): UserWithRoles {
  if (!request.user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
  return request.user;
}
