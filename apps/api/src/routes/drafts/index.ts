import { z } from 'zod';
import { DRAFT_MESSAGES, DraftInputSchema, DraftSchema, DraftSummarySchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { createDraft, deleteDraft, getDraft, listDrafts, updateDraft } from '../../drafts/draft-service.ts';

const TAGS = ['Brouillons'];
const ParamsSchema = z.object({ id: z.uuid() });

/**
 * Drafts of the filing wizard ('Brouillons'; docs/api-drafts.md): every
 * signed-in account reaches only its own drafts (anyone else's is a 404); saving takes an
 * account that may file.
 */
export function draftRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/drafts',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: 'Mes brouillons de demande, le dernier enregistré en premier',
        response: replies(z.array(DraftSummarySchema)),
      },
    },
    async (request) => ok(await listDrafts(ctx.db, currentUser(request))),
  );

  app.get(
    '/api/drafts/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: "Un de mes brouillons, avec l'état de l'assistant",
        params: ParamsSchema,
        response: replies(DraftSchema),
      },
    },
    async (request) => ok(await getDraft(ctx.db, currentUser(request), request.params.id)),
  );

  app.post(
    '/api/drafts',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: 'Enregistrer un nouveau brouillon',
        body: DraftInputSchema,
        response: replies(DraftSummarySchema, 201),
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await createDraft(ctx.db, currentUser(request), request.body), DRAFT_MESSAGES.saved)),
  );

  app.put(
    '/api/drafts/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: 'Enregistrer un brouillon existant',
        params: ParamsSchema,
        body: DraftInputSchema,
        response: replies(DraftSummarySchema),
      },
    },
    async (request) =>
      ok(
        await updateDraft(ctx.db, currentUser(request), request.params.id, request.body),
        DRAFT_MESSAGES.saved,
      ),
  );

  app.delete(
    '/api/drafts/:id',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: 'Supprimer un brouillon',
        params: ParamsSchema,
        response: replies(z.null()),
      },
    },
    async (request) => {
      await deleteDraft(ctx.db, currentUser(request), request.params.id);
      return ok(null, DRAFT_MESSAGES.deleted);
    },
  );
}
