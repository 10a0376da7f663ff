import { z } from 'zod';
import { envelopeOf, ErrorEnvelopeSchema, ok } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { findCommuneAt } from '../../geo/services/index.ts';
import { LonLatSchema } from './geo-schemas.ts';

const CommuneAtSchema = z.object({ insee: z.string(), name: z.string(), postalCode: z.string(), postalCodes: z.array(z.string()) });

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
        response: { 200: envelopeOf(CommuneAtSchema.nullable()), 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => ok(await findCommuneAt(ctx.db, request.query.lon, request.query.lat)),
  );
}
