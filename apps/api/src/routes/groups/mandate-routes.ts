import { z } from 'zod';
import { CAPABILITIES, GROUP_MESSAGES, MandateFormSchema, MandateSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn, withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { addMandate, listMandates, removeMandate } from '../../groups/mandate-service.ts';
import { MandateParamsSchema, TAGS } from './group-schemas.ts';
import { IdParamsSchema } from '../../http/id-params.ts';

const ADMINS = { policy: withRoles(...CAPABILITIES.manageGroups) };

/**
 * A subcontractor group's mandates: GET perimeter/{id}/mandates (administrators and the
 * group's accounts; an operator's lists those it gave), POST to add one and DELETE
 * perimeter/{id}/mandates/{mandateId} to end one (administrators).
 */
export function mandateRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/perimeter/:id/mandates',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: "Mandats d'un sous-traitant (ou donnés par un opérateur)",
        params: IdParamsSchema,
        response: replies(z.array(MandateSchema)),
      },
    },
    async (request) => ok(await listMandates(ctx.db, currentUser(request), request.params.id)),
  );
  app.post(
    '/api/perimeter/:id/mandates',
    {
      config: ADMINS,
      schema: {
        tags: TAGS,
        summary: 'Ajouter un mandat : un opérateur mandate le sous-traitant du … au …',
        params: IdParamsSchema,
        body: MandateFormSchema,
        response: replies(MandateSchema, 201),
      },
    },
    async (request, reply) => {
      const mandate = await addMandate(ctx.db, {
        groupId: request.params.id,
        form: request.body,
        actor: currentUser(request),
      });
      return reply.code(201).send(ok(mandate, GROUP_MESSAGES.mandateAdded));
    },
  );
  app.delete(
    '/api/perimeter/:id/mandates/:mandateId',
    {
      config: ADMINS,
      schema: {
        tags: TAGS,
        summary: 'Supprimer un mandat',
        params: MandateParamsSchema,
        response: replies(MandateSchema),
      },
    },
    async (request) =>
      ok(
        await removeMandate(ctx.db, {
          groupId: request.params.id,
          mandateId: request.params.mandateId,
          actor: currentUser(request),
        }),
        GROUP_MESSAGES.mandateDeleted,
      ),
  );
}
