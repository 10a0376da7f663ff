import { z } from 'zod';
import { envelopeOf, ErrorEnvelopeSchema, ok } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { findNearestRoadSegment } from '../../geo/services/index.ts';
import { GeometryInputSchema } from './geo-schemas.ts';

const TronconSchema = z.object({
  id: z.number().int(),
  typevoie: z.string(),
  nom: z.string().nullable(),
  numero: z.string().nullable(),
  inUrban: z.boolean(),
  distance: z.number(),
});

/** POST troncon {geom}: the road segment under the drawn shape, or 0 (spec 1 §7). */
export function tronconRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/troncon',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Tronçon de voie sous l’emprise dessinée (0 si aucun à moins de 30 m)',
        body: z.object({ geom: GeometryInputSchema }),
        response: { 200: envelopeOf(z.union([TronconSchema, z.literal(0)])), 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => ok((await findNearestRoadSegment(ctx.db, request.body.geom)) ?? (0 as const)),
  );
}
