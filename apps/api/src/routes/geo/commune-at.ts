import { CommuneAtAnswerSchema, LonLatSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { findCommuneAt } from '../../geo/services/index.ts';

/** GET commune/at?lon&lat: the member town at a point, or null outside the community. */
export function communeAtRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/commune/at',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Commune membre au point (null hors de la communauté)',
        querystring: LonLatSchema,
        response: replies(CommuneAtAnswerSchema),
      },
    },
    async (request) => ok(await findCommuneAt(ctx.db, request.query.lon, request.query.lat)),
  );
}
