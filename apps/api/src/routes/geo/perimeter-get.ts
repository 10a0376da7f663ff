import { PerimeterSchema } from '@voirie/domain';
import { AppError } from '../../errors/app-error.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { getPerimeter } from '../../geo/services/index.ts';

export const PERIMETER_NOT_FOUND = "Ce périmètre n'existe pas.";

/** GET perimeter/{id}: a perimeter with its member territories (operators). */
export function perimeterGetRoute(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/perimeter/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Géographie'],
        summary: 'Un périmètre et ses périmètres membres',
        params: IdParamsSchema,
        response: replies(PerimeterSchema),
      },
    },
    async (request) => {
      const perimeter = await getPerimeter(ctx.db, request.params.id);
      if (!perimeter) throw new AppError('NOT_FOUND', PERIMETER_NOT_FOUND);
      return ok(perimeter);
    },
  );
}
