import { perAccountRateLimit } from '../../http/rate-limit.ts';
import { currentUser } from '../../http/authenticate.ts';
import { FileRequestSchema, RequestDetailSchema } from '@voirie/domain';
import { z } from 'zod';
import { FilePartSchema, validatedByService } from '../../http/body-schema.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { recordFilingCheck } from '../../coordination/coordination-service.ts';
import { deleteFiledDraft } from '../../drafts/draft-service.ts';
import { loadRequestDetail } from '../../requests/detail/request-detail.ts';
import { assertMayFile, fileRequest } from '../../requests/filing/file-request-service.ts';
import { fileOnce, idempotencyKeyOf } from '../../requests/filing/idempotency.ts';
import { withSubmission } from './submission.ts';

/** A filing's body: its JSON (the wizard's steps), sent alone or as the `request` part beside the files. */
export function filingBody(json: z.ZodType) {
  return validatedByService(
    json.or(z.object({ request: z.string(), 'document-{type}': FilePartSchema.optional() })),
  );
}

/** The filing's JSON may carry a large footprint. */
export const FILING_BODY_LIMIT = 4 * 1024 * 1024;

/** POST request: the atomic filing, idempotent with an Idempotency-Key header (docs/api-filing.md). */
export function requestFileRoute(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/request',
    {
      config: {
        policy: signedIn(),
        // Every filing attempt of an account counts, before its body is read (FILING_MAX_PER_HOUR).
        rateLimit: perAccountRateLimit('filing', {
          max: ctx.config.filingMaxPerHour,
          windowMs: 3600 * 1000,
          message: 'Vous avez déposé trop de demandes en une heure. Veuillez réessayer plus tard.',
        }),
      },
      bodyLimit: FILING_BODY_LIMIT,
      schema: {
        tags: ['Demandes'],
        summary: 'Déposer une demande (multipart : request + document-{type})',
        description:
          'En multipart, la partie « request » porte ce JSON et chaque pièce une partie « document-{type} ». En-tête Idempotency-Key facultatif : un nouvel envoi de la même clé rend la même demande.',
        consumes: ['multipart/form-data', 'application/json'],
        headers: z
          .object({
            'idempotency-key': z.string().optional().meta({
              description:
                'Clé de la tentative de dépôt (1 à 100 caractères : lettres, chiffres, - _ . :), vérifiée par le dépôt',
            }),
          })
          .loose(),
        querystring: z.object({
          draftId: z.uuid().optional().meta({ description: 'Le brouillon déposé, supprimé avec le dépôt' }),
        }),
        body: filingBody(FileRequestSchema),
        response: replies(RequestDetailSchema, 201),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Before the body is read: a role that may not file is refused at once.
      assertMayFile(user);
      // A retry of a filing that went through (its answer was lost) gets the same request.
      const attempt = { userId: user.id, key: idempotencyKeyOf(request.headers) };
      const filed = await fileOnce(ctx.db, attempt, () =>
        withSubmission(request, ctx.filing, {}, async (submission) => {
          const draftId = request.query.draftId ?? null;
          const done = await fileRequest(ctx.filing, user, submission, {
            idempotencyKey: attempt.key,
            deleteDraft: (trx) => deleteFiledDraft(trx, user.id, draftId),
          });
          // The conflict search « au dépôt », after the commit: it never undoes a filing.
          await recordFilingCheck(ctx.db, done.id);
          return done;
        }),
      );
      return reply.code(201).send(ok(await loadRequestDetail(ctx.db, user, String(filed.id)), filed.notice));
    },
  );
}
