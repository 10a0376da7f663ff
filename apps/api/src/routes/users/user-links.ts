import { z } from 'zod';
import { EmailConfirmedSchema, USER_ADMIN_MESSAGES } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { publicRoute, withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { confirmEmailChange } from '../../users/confirm-email.ts';
import { resendResetLink } from '../../users/resend-reset-link.ts';
import { USER_TAGS, UserParamsSchema } from './user-params.ts';
import { usersDepsOf } from './users-deps.ts';

const TokenParamsSchema = z.object({
  token: z
    .string({ error: USER_ADMIN_MESSAGES.emailLinkInvalid })
    .min(1, { error: USER_ADMIN_MESSAGES.emailLinkInvalid })
    .max(200, { error: USER_ADMIN_MESSAGES.emailLinkInvalid }),
});

/**
 * The users' mailed links: an admin sends a new password link (docs/screens.md "Users list"), and
 * the link sent to a new address confirms it (the token is the proof: public).
 */
export function userLinkRoutes(app: ApiApp, ctx: RouteContext) {
  const deps = usersDepsOf(ctx);
  app.post(
    '/api/stduser/:id/reset-link',
    {
      config: { policy: withRoles('ROLE_ADMIN') },
      schema: {
        tags: USER_TAGS,
        summary: 'Renvoyer un lien de réinitialisation du mot de passe',
        params: UserParamsSchema,
        response: replies(z.object({ email: z.string() })),
      },
    },
    async (request) => {
      const done = await resendResetLink(deps, { actor: currentUser(request), key: request.params.id });
      return ok({ email: done.email }, done.message);
    },
  );
  app.put(
    '/api/user/confirm-email/:token',
    {
      config: { policy: publicRoute('le lien envoyé à la nouvelle adresse est la preuve') },
      schema: {
        tags: USER_TAGS,
        summary: 'Confirmer une nouvelle adresse e-mail (lien reçu à cette adresse)',
        params: TokenParamsSchema,
        response: replies(EmailConfirmedSchema),
      },
    },
    async (request) =>
      ok(await confirmEmailChange(deps, request.params.token), USER_ADMIN_MESSAGES.emailConfirmed),
  );
}
