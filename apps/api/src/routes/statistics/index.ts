import { CAPABILITIES, StatisticsQuerySchema, StatisticsSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { computeStatistics } from '../../statistics/statistics-service.ts';

/**
 * GET statistics?from&to&type&insee (docs/statistics.md): the statistics page's
 * figures, for the roles of the domain's `readStatistics` (instructors and administrators).
 */
export function statisticsRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/statistics',
    {
      config: { policy: withRoles(...CAPABILITIES.readStatistics) },
      schema: {
        tags: ['Statistiques'],
        summary: 'Statistiques des demandes (période, type, commune)',
        querystring: StatisticsQuerySchema,
        response: replies(StatisticsSchema),
      },
    },
    async (request) => ok(await computeStatistics(ctx.db, request.query)),
  );
}
