import { currentUser } from '../../http/authenticate.ts';
import { RequestCountsAnswerSchema } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { filtersOf, RequestListParamsSchema } from '../../requests/list-filters.ts';
import { countRequests } from '../../requests/list-service.ts';

/** GET request/count: visible requests per status tab (`data`) and per state (`states`), admin and instructor. */
export function requestCountRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request/count',
    {
      config: { policy: withRoles('ROLE_ADMIN', 'ROLE_INSTRUCTEUR') },
      schema: {
        tags: ['Demandes'],
        summary: 'Nombre de demandes par onglet et par état',
        querystring: RequestListParamsSchema,
        response: bareReplies(RequestCountsAnswerSchema),
      },
    },
    async (request) => {
      const { tabs, states } = await countRequests(ctx.db, currentUser(request), filtersOf(request.query));
      return { success: true as const, message: '', data: tabs, states };
    },
  );
}
