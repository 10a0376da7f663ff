import { z } from 'zod';
import { ACCOUNT_MESSAGES, ForgotPasswordSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import type { AccountThrottles } from './throttles.ts';

/** POST password {email}: mails a reset link; the same answer whether the account exists or not. */
export function forgotPasswordRoute(app: ApiApp, ctx: RouteContext, throttles: AccountThrottles) {
  app.post(
    '/api/password',
    {
      config: { policy: publicRoute('password recovery') },
      schema: {
        tags: ['Comptes'],
        summary: 'Mot de passe oublié',
        body: ForgotPasswordSchema,
        response: replies(z.null()),
      },
    },
    async (request) => {
      // Every request counts (each may send a mail), per address and per account + address.
      await throttles.reset.begin(request);
      await ctx.accounts.requestPasswordReset(request.body.email);
      return ok(null, ACCOUNT_MESSAGES.resetSent);
    },
  );
}
