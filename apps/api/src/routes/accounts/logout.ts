import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { clearSessionCookies } from './session-cookies.ts';

/** POST logout: ends the session, if any, and clears the cookies. */
export function logoutRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/logout',
    {
      config: { policy: publicRoute('an expired session must still be able to clear its cookies') },
      schema: { tags: ['Comptes'], summary: 'Déconnexion', response: replies(z.null()) },
    },
    async (request, reply) => {
      if (request.session) await ctx.sessions.revoke(request.session.sessionId);
      clearSessionCookies(reply);
      return ok(null, ACCOUNT_MESSAGES.loggedOut);
    },
  );
}
