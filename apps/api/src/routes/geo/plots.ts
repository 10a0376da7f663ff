import { PlotsAnswerSchema, PlotsQuerySchema } from '@voirie/domain';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { findPlots } from '../../geo/services/index.ts';

/** POST plots {dep, geom}: parcel ids and sections under the drawn shape (docs/gis-api.md). */
export function plotsRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/plots',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Parcelles sous l’emprise dessinée',
        body: PlotsQuerySchema,
        response: replies(PlotsAnswerSchema),
      },
    },
    async (request) => ok(await findPlots(ctx.db, request.body)),
  );
}
