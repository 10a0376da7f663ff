import { currentUser } from '../../http/authenticate.ts';
import { RequestDetailSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { loadRequestDetail } from '../../requests/detail/request-detail.ts';
import { RequestIdParamsSchema } from './request-cancel.ts';

/** GET request/{id}: the whole request (RequestSchema, with the list's fields), 404 when not visible. */
export function requestGetRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Demandes'],
        summary: 'Une demande',
        params: RequestIdParamsSchema,
        response: replies(RequestDetailSchema),
      },
    },
    async (request) => {
      return ok(await loadRequestDetail(ctx.db, currentUser(request), request.params.id));
    },
  );
}
