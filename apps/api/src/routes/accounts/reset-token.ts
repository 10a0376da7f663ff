import { ResetTokenOwnerSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { publicRoute } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { LinkTokenParams } from './validate-email.ts';

/** GET password/{token}: the account of a live reset link, for the new-password page. */
export function resetTokenRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/password/:token',
    {
      config: { policy: publicRoute('the link is the credential') },
      schema: {
        tags: ['Comptes'],
        summary: 'Lien de réinitialisation',
        params: LinkTokenParams,
        response: replies(ResetTokenOwnerSchema),
      },
    },
    async (request) => ok(await ctx.accounts.resolveResetToken(request.params.token)),
  );
}
