import { z } from 'zod';
import { envelopeOf, ErrorEnvelopeSchema, ok } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { findPlots } from '../../geo/services/index.ts';
import { GEO_MESSAGES, GeometryInputSchema } from './geo-schemas.ts';

const PlotsBodySchema = z.object({
  /** First two characters of the postal code ('40'); empty or absent: any department. */
  dep: z
    .string()
    .trim()
    .regex(/^(\d{2}|2[AB])?$/i, GEO_MESSAGES.dep)
    .transform((dep) => dep.toUpperCase())
    .nullish(),
  geom: GeometryInputSchema,
});

const PlotsSchema = z.object({
  plots: z.array(z.string()),
  sections: z.array(z.string()),
  parcels: z.array(z.object({ id: z.string(), section: z.string(), numero: z.string(), insee: z.string() })),
  match: z.enum(['intersects', 'nearby']),
});

/** POST plots {dep, geom}: parcel ids and sections under the drawn shape (spec 1 §7). */
export function plotsRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/plots',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Parcelles sous l’emprise dessinée',
        body: PlotsBodySchema,
        response: { 200: envelopeOf(PlotsSchema), 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => ok(await findPlots(ctx.db, request.body)),
  );
}
