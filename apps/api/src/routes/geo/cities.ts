import { z } from 'zod';
import { CitySchema } from '@voirie/domain';
import { AppError } from '../../http/app-error.ts';
import { envelopeOf, ErrorEnvelopeSchema, ok } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { getCity, listCities } from '../../geo/services/index.ts';

const CityItemSchema = CitySchema.extend({ insee: z.string() });
export const CITY_NOT_FOUND = "Cette commune n'existe pas.";

/** GET cities and GET city/{id}: the member towns and their recipient e-mails (spec 2 §7). */
export function citiesRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/cities',
    {
      config: { policy: signedIn() },
      schema: { tags: ['Géographie'], summary: 'Communes membres', response: { 200: envelopeOf(z.array(CityItemSchema)), 401: ErrorEnvelopeSchema } },
    },
    async () => ok(await listCities(ctx.db)),
  );
  app.get(
    '/api/city/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Une commune membre',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(CityItemSchema), 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const city = await getCity(ctx.db, request.params.id);
      if (!city) throw new AppError('NOT_FOUND', CITY_NOT_FOUND);
      return ok(city);
    },
  );
}
