import { currentUser } from '../../http/authenticate.ts';
import { RequestCountsSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { filtersOf, RequestListParamsSchema } from '../../requests/list-filters.ts';
import { countByTab } from '../../requests/list-service.ts';

/** GET request/count: visible requests per status tab (admin, instructor). */
export function requestCountRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request/count',
    {
      config: { policy: withRoles('ROLE_ADMIN', 'ROLE_INSTRUCTEUR') },
      schema: {
        tags: ['Demandes'],
        summary: 'Nombre de demandes par onglet',
        querystring: RequestListParamsSchema,
        response: replies(RequestCountsSchema),
      },
    },
    async (request) => ok(await countByTab(ctx.db, currentUser(request), filtersOf(request.query))),
  );
}
