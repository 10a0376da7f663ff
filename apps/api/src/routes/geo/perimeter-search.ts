import { z } from 'zod';
import { PerimeterQuerySchema, PerimeterSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { searchPerimetersFor } from '../../requests/filing/operator-choice.ts';

const PointPairMessage = 'La longitude et la latitude vont ensemble : donnez les deux ou aucune.';

/** The query of `GET perimeter` (and a search body of `POST perimeter`): lon and lat come together. */
export const PerimeterSearchSchema = PerimeterQuerySchema.superRefine((query, ctx) => {
  if ((query.lon === undefined) !== (query.lat === undefined))
    ctx.addIssue({ code: 'custom', message: PointPairMessage, path: ['lon'] });
});

/** A search's answer: the perimeters without their members. */
export const PerimeterListSchema = z.array(PerimeterSchema.omit({ perimeters: true }));

/**
 * GET perimeter?type&q&lon&lat&limit&fileable: perimeters by type, by name (accents ignored)
 * and/or containing a point — operators through their member territories (docs/workflow.md "Who may
 * do what": the operator selection of wizard step 1; docs/api-groups.md); `fileable`: only the
 * operators the account may file for today. `POST perimeter` takes the same criteria in its body
 * (groups/perimeter-post.ts).
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
        response: replies(PerimeterListSchema),
      },
    },
    async (request) => ok(await searchPerimetersFor(ctx.db, currentUser(request), request.query)),
  );
}
