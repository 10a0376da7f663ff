import { z } from 'zod';
import { currentUser } from '../../http/authenticate.ts';
import { RequestRowSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { cancelRequest } from '../../requests/cancel-service.ts';

export const RequestIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * POST request/{id}/cancel: cancels the request when the workflow allows it (docs/workflow.md "Who
 * may do what").
 */
export function requestCancelRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/request/:id/cancel',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Demandes'],
        summary: 'Annuler une demande',
        params: RequestIdParamsSchema,
        response: replies(RequestRowSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const result = await cancelRequest(ctx.db, user, request.params.id, {
        publicUrl: ctx.config.publicUrl,
        mailMaxPerAccountPerDay: ctx.config.mail.maxPerAccountPerDay,
      });
      return ok(result.request, result.notice);
    },
  );
}
