import { RequestRowSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { withdrawRequest } from '../../requests/withdraw-service.ts';
import { RequestIdParamsSchema } from './request-cancel.ts';

/** DELETE request/{id}: the applicant (or an admin) withdraws a request not yet decided. */
export function requestWithdrawRoute(app: ApiApp, ctx: RouteContext) {
  app.delete(
    '/api/request/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Demandes'],
        summary: 'Retirer une demande',
        params: RequestIdParamsSchema,
        response: replies(RequestRowSchema),
      },
    },
    async (request) => {
      const result = await withdrawRequest(ctx.db, currentUser(request), request.params.id, {
        publicUrl: ctx.config.publicUrl,
        mailMaxPerAccountPerDay: ctx.config.mail.maxPerAccountPerDay,
      });
      return ok(result.request, result.notice);
    },
  );
}
