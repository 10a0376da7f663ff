import { LonLatSchema, ZoneAnswerSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { findZoneAt } from '../../geo/services/index.ts';

/** POST zone {lon, lat}: the operation zone code at the point, or null (docs/gis-api.md). */
export function zoneRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/zone',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Zone d’opération au point',
        body: LonLatSchema,
        response: replies(ZoneAnswerSchema),
      },
    },
    async (request) => ok(await findZoneAt(ctx.db, request.body.lon, request.body.lat)),
  );
}
