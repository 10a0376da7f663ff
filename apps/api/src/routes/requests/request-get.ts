import { currentUser } from '../../http/authenticate.ts';
import { RequestDetailAnswerSchema } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { loadRequestDetail } from '../../requests/detail/request-detail.ts';
import { requestFeatures } from '../../requests/list-service.ts';
import { RequestIdParamsSchema } from './request-cancel.ts';

/**
 * GET request/{id}: the whole request (RequestSchema, with the list's fields) and, beside `data`,
 * its footprint as the list's map features; 404 when not visible.
 */
export function requestGetRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Demandes'],
        summary: 'Une demande',
        params: RequestIdParamsSchema,
        response: bareReplies(RequestDetailAnswerSchema),
      },
    },
    async (request) => {
      const data = await loadRequestDetail(ctx.db, currentUser(request), request.params.id);
      const features = await requestFeatures(ctx.db, data.id);
      return { success: true as const, message: '', data, features };
    },
  );
}
