import { z } from 'zod';
import { ACCOUNT_MESSAGES, SetPasswordSchema } from '@voirie/domain';
import { envelopeOf, ErrorEnvelopeSchema, ok } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';

/** PUT user/{id}/password: with a reset link's token, or as the signed-in owner. */
export function setPasswordRoute(app: ApiApp, ctx: RouteContext) {
  app.put(
    '/api/user/:id/password',
    {
      config: { policy: publicRoute('a reset link token in the body is the credential; else the session, checked by the service') },
      schema: {
        tags: ['Comptes'],
        summary: 'Nouveau mot de passe',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: SetPasswordSchema,
        response: {
          200: envelopeOf(z.null()),
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      await ctx.accounts.setPassword(request.params.id, request.body, request.session);
      return ok(null, ACCOUNT_MESSAGES.passwordChanged);
    },
  );
}
