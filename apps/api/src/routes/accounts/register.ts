import { z } from 'zod';
import { ACCOUNT_MESSAGES, RegisterSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import { perAddressRateLimit } from '../../http/rate-limit.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';

/** POST register: creates an applicant account and mails the validation link. */
export function registerRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/register',
    {
      config: {
        policy: publicRoute('sign-up'),
        rateLimit: perAddressRateLimit('register', {
          max: ctx.config.rateLimit.perAddress,
          windowMs: ctx.config.rateLimit.windowSeconds * 1000,
        }),
      },
      schema: {
        tags: ['Comptes'],
        summary: 'Inscription',
        body: RegisterSchema,
        response: replies(z.null(), 201),
      },
    },
    async (request, reply) => {
      await ctx.accounts.register(request.body);
      return reply.status(201).send(ok(null, ACCOUNT_MESSAGES.registered));
    },
  );
}
