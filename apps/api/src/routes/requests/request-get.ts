import { currentUser } from '../../http/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { findVisibleRequest } from '../../requests/list-service.ts';
import { presentRequest } from '../../requests/present-request.ts';
import { RequestIdParamsSchema } from './request-cancel.ts';

/** GET request/{id}: the presented request, 404 when not visible (the detail issue completes it). */
export function requestGetRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request/:id',
    {
      config: { policy: signedIn() },
      schema: { tags: ['Demandes'], summary: "Une demande", params: RequestIdParamsSchema },
    },
    async (request) => {
      const viewer = currentUser(request);
      return ok(presentRequest(await findVisibleRequest(ctx.db, viewer, request.params.id), { viewer }));
    },
  );
}
