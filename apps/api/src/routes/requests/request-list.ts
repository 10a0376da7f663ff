import { currentUser } from '../../http/authenticate.ts';
import { RequestPageSchema } from '@voirie/domain';
import { bareReplies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { filtersOf, RequestListParamsSchema } from '../../requests/list-filters.ts';
import { listRequests } from '../../requests/list-service.ts';
import { ZoomSchema } from '../geo/geo-schemas.ts';

/** The list's query, plus the zoom of the map its features are simplified for. */
const RequestListQuerySchema = RequestListParamsSchema.extend({
  zoom: ZoomSchema.optional().meta({
    description:
      'Zoom de la carte (web-mercator) : les formes des demandes sont simplifiées pour lui (défaut 18).',
  }),
});

/**
 * GET request: the list of visible requests, with map features and pagination (docs/screens.md
 * "Request list", docs/api-requests.md). Features carry shapes simplified for `zoom`, never the
 * stored geometries.
 */
export function requestListRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Demandes'],
        summary: 'Liste des demandes',
        querystring: RequestListQuerySchema,
        response: bareReplies(RequestPageSchema),
      },
    },
    async (request) => {
      const query = request.query;
      const page = await listRequests(ctx.db, currentUser(request), filtersOf(query), query);
      return { success: true as const, message: '', ...page };
    },
  );
}
