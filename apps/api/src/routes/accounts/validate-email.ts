import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';

// No minimum length: a link cut short must read as any dead link (the service says so).
export const LinkTokenParams = z.object({ token: z.string().max(200) });

/** PUT user/validate-email/{token}: validates the address behind a sign-up link. */
export function validateEmailRoute(app: ApiApp, ctx: RouteContext) {
  app.put(
    '/api/user/validate-email/:token',
    {
      config: { policy: publicRoute('the link is the credential') },
      schema: {
        tags: ['Comptes'],
        summary: "Validation de l'adresse e-mail",
        params: LinkTokenParams,
        response: replies(z.null()),
      },
    },
    async (request) => {
      await ctx.accounts.validateEmail(request.params.token);
      return ok(null, ACCOUNT_MESSAGES.emailValidated);
    },
  );
}
