import { z } from 'zod';
import { ACCOUNT_MESSAGES, SetPasswordSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { isWrongPassword, type AccountThrottles } from './throttles.ts';

/**
 * PUT user/{id}/password: with a reset link's token, or as the signed-in owner giving the
 * current password (throttled like sign-in).
 */
export function setPasswordRoute(app: ApiApp, ctx: RouteContext, throttles: AccountThrottles) {
  app.put(
    '/api/user/:id/password',
    {
      config: {
        policy: publicRoute(
          'a reset link token in the body is the credential; else the session, checked by the service',
        ),
      },
      schema: {
        tags: ['Comptes'],
        summary: 'Nouveau mot de passe',
        params: IdParamsSchema,
        body: SetPasswordSchema,
        response: replies(z.null()),
      },
    },
    async (request) => {
      const { params, body, session } = request;
      // The reset link's token is the credential (256 random bits): nothing to guess there.
      if (body.token) {
        await ctx.accounts.setPassword(params.id, body, session);
        return ok(null, ACCOUNT_MESSAGES.passwordChanged);
      }
      await throttles.passwordChange.run(
        request,
        () => ctx.accounts.setPassword(params.id, body, session),
        isWrongPassword,
      );
      return ok(null, ACCOUNT_MESSAGES.passwordUpdated);
    },
  );
}
