import { z } from 'zod';
import { CityItemSchema, CityMailsSchema } from '@voirie/domain';
import { AppError } from '../../errors/app-error.ts';
import { ok, replies } from '../../http/envelope.ts';
import { currentUser } from '../../http/authenticate.ts';
import { signedIn, withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { getCity, listCities, updateCityMails } from '../../geo/services/index.ts';

export const CITY_NOT_FOUND = "Cette commune n'existe pas.";
/** The notice after an edit (docs/api-recipients.md "The screen", docs/screens.md "Notices and errors"). */
export const CITY_MAILS_UPDATED = 'email modifié';

/**
 * GET cities and GET city/{id}: the member towns and their recipient e-mails (docs/api-recipients.md);
 * PUT city/{id}: an administrator sets them (the recipients screen, docs/api-recipients.md "The screen").
 */
export function citiesRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/cities',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Communes membres',
        response: replies(z.array(CityItemSchema)),
      },
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
        params: IdParamsSchema,
        response: replies(CityItemSchema),
      },
    },
    async (request) => {
      const city = await getCity(ctx.db, request.params.id);
      if (!city) throw new AppError('NOT_FOUND', CITY_NOT_FOUND);
      return ok(city);
    },
  );
  app.put(
    '/api/city/:id',
    {
      config: { policy: withRoles('ROLE_ADMIN') },
      schema: {
        tags: ['Géographie'],
        summary: "Modifier les e-mails d'une commune (mairie, police municipale)",
        params: IdParamsSchema,
        body: CityMailsSchema,
        response: replies(CityItemSchema),
      },
    },
    async (request) => {
      const city = await updateCityMails(ctx.db, {
        id: request.params.id,
        mails: request.body,
        actor: currentUser(request),
      });
      if (!city) throw new AppError('NOT_FOUND', CITY_NOT_FOUND);
      return ok(city, CITY_MAILS_UPDATED);
    },
  );
}
