import { CAPABILITIES, GROUP_MESSAGES, GroupFormSchema, PerimeterSchema, isGroupType } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { deleteGroup, updateGroup } from '../../groups/group-service.ts';
import { TAGS } from './group-schemas.ts';
import { IdParamsSchema } from '../../http/id-params.ts';

const ADMINS = { policy: withRoles(...CAPABILITIES.manageGroups) };

/**
 * PUT perimeter/{id} (edit an operator or a subcontractor) and DELETE perimeter/{id} (docs/api-groups.md;
 * groups only: a territory is a 409), for administrators.
 */
export function groupWriteRoutes(app: ApiApp, ctx: RouteContext) {
  app.put(
    '/api/perimeter/:id',
    {
      config: ADMINS,
      schema: {
        tags: TAGS,
        summary: "Modifier un opérateur ou un sous-traitant (nom, Siret, périmètres d'un opérateur)",
        params: IdParamsSchema,
        body: GroupFormSchema,
        response: replies(PerimeterSchema),
      },
    },
    async (request) => {
      const form = request.body;
      const group = await updateGroup(ctx.db, { id: request.params.id, form, actor: currentUser(request) });
      return ok(group, GROUP_MESSAGES.updated(form.type));
    },
  );
  app.delete(
    '/api/perimeter/:id',
    {
      config: ADMINS,
      schema: {
        tags: TAGS,
        summary:
          'Supprimer un opérateur ou un sous-traitant : ses comptes en sont détachés, ses mandats prennent fin, ses demandes restent',
        params: IdParamsSchema,
        response: replies(PerimeterSchema),
      },
    },
    async (request) => {
      const group = await deleteGroup(ctx.db, { id: request.params.id, actor: currentUser(request) });
      return ok(group, isGroupType(group.type) ? GROUP_MESSAGES.deleted(group.type) : '');
    },
  );
}
