import { z } from 'zod';
import { PerimeterQuerySchema, PerimeterSchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { searchPerimeters } from '../../geo/services/index.ts';

const PointPairMessage = 'La longitude et la latitude vont ensemble : donnez les deux ou aucune.';

/** The query of `GET perimeter` (and body of `POST perimeter`): lon and lat come together. */
const PerimeterSearchSchema = PerimeterQuerySchema.superRefine((query, ctx) => {
  if ((query.lon === undefined) !== (query.lat === undefined))
    ctx.addIssue({ code: 'custom', message: PointPairMessage, path: ['lon'] });
});

const responses = replies(z.array(PerimeterSchema.omit({ perimeters: true })));

/**
 * GET perimeter?type&q&lon&lat&limit and POST perimeter {the same}: perimeters by type,
 * by name (accents ignored) and/or containing a point — operators through their member
 * territories (spec 1 §6: the operator selection of wizard step 1; spec 2 §7).
 */
export function perimeterSearchRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/perimeter',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Recherche de périmètres',
        querystring: PerimeterSearchSchema,
        response: responses,
      },
    },
    async (request) => ok(await searchPerimeters(ctx.db, request.query)),
  );
  app.post(
    '/api/perimeter',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Recherche de périmètres (critères dans le corps)',
        body: PerimeterSearchSchema,
        response: responses,
      },
    },
    async (request) => ok(await searchPerimeters(ctx.db, request.body)),
  );
}
