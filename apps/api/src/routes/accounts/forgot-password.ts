import { z } from 'zod';
import { ACCOUNT_MESSAGES, ForgotPasswordSchema } from '@voirie/domain';
import { envelopeOf, ErrorEnvelopeSchema, ok } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';

/** POST password {email}: mails a reset link; the same answer whether the account exists or not. */
export function forgotPasswordRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/password',
    {
      config: { policy: publicRoute('password recovery') },
      schema: {
        tags: ['Comptes'],
        summary: 'Mot de passe oublié',
        body: ForgotPasswordSchema,
        response: { 200: envelopeOf(z.null()), 400: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      await ctx.accounts.requestPasswordReset(request.body.email, request.ip);
      return ok(null, ACCOUNT_MESSAGES.resetSent);
    },
  );
}
