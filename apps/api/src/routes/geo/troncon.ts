import { TronconAnswerSchema, TronconQuerySchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { findNearestRoadSegment } from '../../geo/services/index.ts';

/** POST troncon {geom}: the road segment under the drawn shape, or 0 (docs/gis-api.md). */
export function tronconRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/troncon',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Tronçon de voie sous l’emprise dessinée (0 si aucun à moins de 30 m)',
        body: TronconQuerySchema,
        response: replies(TronconAnswerSchema),
      },
    },
    async (request) => ok((await findNearestRoadSegment(ctx.db, request.body.geom)) ?? (0 as const)),
  );
}
