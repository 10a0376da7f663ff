import { z } from 'zod';
import { GROUP_MESSAGES, GroupFormSchema, PerimeterSchema, canUser } from '@voirie/domain';
import { AppError } from '../../errors/app-error.ts';
import { currentUser } from '../../http/authenticate.ts';
import { validatedByService } from '../../http/body-schema.ts';
import { ERROR_RESPONSES, envelopeOf, ok } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { createGroup } from '../../groups/group-service.ts';
import { searchPerimetersFor } from '../../requests/filing/operator-choice.ts';
import { PerimeterListSchema, PerimeterSearchSchema } from '../geo/perimeter-search.ts';
import { TAGS, parseBody } from './group-schemas.ts';

/** A body naming a group (`libelle`) creates one; any other body is a search (docs/decisions/0003). */
const isGroupBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && 'libelle' in body;

/**
 * POST perimeter (docs/api-groups.md: GET, POST perimeter): with `libelle` (and `type`, `code`,
 * `perimeterIds`), an administrator creates an operator or a subcontractor — 201 and the group;
 * without, the search of `GET perimeter` with its criteria in the body — 200 and the list.
 * The body is parsed here, after the creation's authorization (403 before any 400).
 */
export function perimeterPostRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/perimeter',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary:
          "Recherche de périmètres, ou création d'un opérateur ou d'un sous-traitant (corps avec libelle)",
        body: validatedByService(z.union([GroupFormSchema, PerimeterSearchSchema])),
        response: {
          200: envelopeOf(PerimeterListSchema),
          201: envelopeOf(PerimeterSchema),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body: unknown = request.body;
      if (isGroupBody(body)) {
        if (!canUser(user, 'manageGroups')) throw new AppError('FORBIDDEN', GROUP_MESSAGES.createForbidden);
        const form = parseBody(GroupFormSchema, body);
        const group = await createGroup(ctx.db, { form, actor: user });
        return reply.code(201).send(ok(group, GROUP_MESSAGES.created(form.type)));
      }
      return ok(await searchPerimetersFor(ctx.db, user, parseBody(PerimeterSearchSchema, body ?? {})));
    },
  );
}
