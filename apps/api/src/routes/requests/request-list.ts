import { currentUser } from '../../http/authenticate.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { filtersOf, RequestListParamsSchema } from '../../requests/list-filters.ts';
import { listRequests } from '../../requests/list-service.ts';

/** GET request: the list of visible requests, with map features and pagination (spec 1 §2.5, §7). */
export function requestListRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request',
    {
      config: { policy: signedIn() },
      schema: { tags: ['Demandes'], summary: 'Liste des demandes', querystring: RequestListParamsSchema },
    },
    async (request) => {
      const query = request.query;
      const page = await listRequests(ctx.db, currentUser(request), filtersOf(query), query);
      return { success: true, message: '', ...page };
    },
  );
}
