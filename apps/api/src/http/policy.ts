import type { Role } from '@voirie/domain';

/**
 * The route-level gate every `/api` route declares (default deny: a route without one
 * fails at start-up). Ownership and state rules are checked in services with the domain's
 * `can()`; this only says who may call the route at all.
 */
export type RoutePolicy =
  { kind: 'public'; reason: string } | { kind: 'authenticated' } | { kind: 'roles'; roles: readonly Role[] };

/** Anyone, signed in or not; `reason` says why the route may be public. */
export const publicRoute = (reason: string): RoutePolicy => ({ kind: 'public', reason });
/** Any signed-in user. */
export const signedIn = (): RoutePolicy => ({ kind: 'authenticated' });
/** A signed-in user holding one of these roles. */
export const withRoles = (...roles: Role[]): RoutePolicy => ({ kind: 'roles', roles });

export interface RegisteredRoute {
  method: string;
  url: string;
  policy: RoutePolicy;
}

/** Default deny: an /api route registered without a policy stops the server from starting. */
export function assertPolicy(route: {
  method: string | string[];
  url: string;
  config?: { policy?: RoutePolicy };
}): void {
  if (!route.config?.policy) {
    throw new Error(
      `La route ${String(route.method)} ${route.url} ne déclare pas de politique d'autorisation.`,
    );
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
}
