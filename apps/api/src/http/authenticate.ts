import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { AppError } from './app-error.ts';
import type { SessionClaims, SessionManager } from '../auth/sessions.ts';
import type { UserWithRoles } from '../accounts/user-repository.ts';

export const TOKEN_COOKIE = 'voirie_token';
export const SESSION_COOKIE = 'voirie_session';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionClaims | null;
    user: UserWithRoles | null;
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return request.cookies[TOKEN_COOKIE];
}

/**
 * onRequest hook: resolves the session (bearer header or cookie) and applies the route's
 * policy before the body is even read. Default deny: an /api route without a policy answers 500.
 */
export function authenticate(deps: { sessions: SessionManager }) {
  return async function (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.session = null;
    request.user = null;
    const policy = request.routeOptions.config.policy;
    if (!request.url.startsWith('/api/') || request.is404) return;
    if (!policy) throw new Error(`route without policy: ${request.routeOptions.url ?? ''}`);
    const token = tokenOf(request);
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
