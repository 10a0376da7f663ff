import { currentUser } from '../../http/authenticate.ts';
import { z } from 'zod';
import {
  AlignmentDecisionInputSchema,
  CombinedDecisionInputSchema,
  PermissionDecisionInputSchema,
  ReorientationChoiceSchema,
  ReorientRequestSchema,
  RequestCompletenessInputSchema,
  RequestDetailSchema,
  SignatureRefusedInputSchema,
  TrafficOrderCompletionSchema,
} from '@voirie/domain';
import { FilePartSchema, multipartBody, validatedByService } from '../../http/body-schema.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import { assertMayUpload } from '../../requests/upload-guard.ts';
import {
  reorient,
  reorientationTargets,
  requestCompleteness,
  saveDecision,
  type InstructionDeps,
} from '../../requests/workflow/instruction-service.ts';
import {
  recordSignatureRefusal,
  recordSignedOrder,
  submitForSignature,
  type SignatureDeps,
} from '../../requests/workflow/signature-service.ts';
import { completeTrafficOrder } from '../../requests/workflow/traffic-order-service.ts';
import { RequestIdParamsSchema } from '../requests/request-cancel.ts';

const TAGS = ['Instruction'];

/** What the workflow's services need from the app: its database, mail and files. */
export function workflowDeps(ctx: RouteContext): SignatureDeps & InstructionDeps {
  return {
    db: ctx.db,
    publicUrl: ctx.config.publicUrl,
    departmentMailbox: ctx.config.departmentMailbox,
    onMailQueued: ctx.filing.onMailQueued,
    store: ctx.filing.store,
    maxBytes: ctx.filing.maxBytes,
    config: ctx.config,
  };
}

/**
 * The instruction actions of docs/api-instruction.md. Every route only signs in: who may act,
 * on which request and in which state is the domain's workflow, applied by the services.
 */
export function workflowActionRoutes(app: ApiApp, ctx: RouteContext) {
  const deps = workflowDeps(ctx);
  const route = { config: { policy: signedIn() } };
  // Each action answers the request after the change; its body is parsed by the domain's apply()
  // once the actor's right is known (a refusal of the role or the state comes before one of the input).
  const schema = <B extends z.ZodType>(summary: string, body?: B) => ({
    tags: TAGS,
    summary,
    params: RequestIdParamsSchema,
    ...(body ? { body: validatedByService(body) } : {}),
    response: replies(RequestDetailSchema),
  });

  app.post(
    '/api/request/:id/completeness',
    { ...route, schema: schema('Demander des pièces (complétude)', RequestCompletenessInputSchema) },
    async (request) => {
      const done = await requestCompleteness(deps, currentUser(request), request.params.id, request.body);
      return ok(done.request, done.notice);
    },
  );
  app.get(
    '/api/request/:id/reorientation-targets',
    {
      ...route,
      schema: {
        tags: TAGS,
        summary: 'Destinations de réorientation',
        params: RequestIdParamsSchema,
        response: replies(z.array(ReorientationChoiceSchema)),
      },
    },
    async (request) => ok(await reorientationTargets(deps, currentUser(request), request.params.id)),
  );
  app.post(
    '/api/request/:id/reorient',
    { ...route, schema: schema('Réorienter la demande', ReorientRequestSchema) },
    async (request) => {
      const done = await reorient(deps, currentUser(request), request.params.id, request.body);
      return ok(done.request, done.notice);
    },
  );
  app.put(
    '/api/request/:id/decision',
    {
      ...route,
      schema: schema(
        'Enregistrer la décision',
        z.union([CombinedDecisionInputSchema, PermissionDecisionInputSchema, AlignmentDecisionInputSchema]),
      ),
    },
    async (request) => {
      const done = await saveDecision(deps, currentUser(request), request.params.id, request.body);
      return ok(done.request, done.notice);
    },
  );
  app.put(
    '/api/request/:id/cerfa14024',
    {
      ...route,
      schema: schema(
        'Compléter le cerfa 14024 (demande d’arrêté de police de la circulation)',
        TrafficOrderCompletionSchema,
      ),
    },
    async (request) => {
      const done = await completeTrafficOrder(deps, currentUser(request), request.params.id, request.body);
      return ok(done.request, done.notice);
    },
  );
  app.post(
    '/api/request/:id/signature',
    { ...route, schema: schema("Envoyer l'arrêté en signature") },
    async (request) => {
      const done = await submitForSignature(deps, currentUser(request), request.params.id);
      return ok(done.request, done.notice);
    },
  );
  app.post(
    '/api/request/:id/signature/signed',
    {
      ...route,
      schema: {
        ...schema(
          "Déposer les arrêtés signés (multipart : un PDF par acte — permission, alignment, traffic ; file pour une demande d'un seul acte)",
          multipartBody({
            file: FilePartSchema,
            permission: FilePartSchema,
            alignment: FilePartSchema,
            traffic: FilePartSchema,
          }),
        ),
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const user = currentUser(request);
      const options = {
        maxBytes: deps.maxBytes,
        limits: UPLOAD_LIMITS.signedOrders,
        // Before the body is read: the request seen, and its signature awaited, by this actor.
        authorize: () =>
          assertMayUpload(deps.db, user, request.params.id, { actions: ['signatureReturned'] }),
      };
      return withUploadParts(request, deps.store, options, async (parts) => {
        const done = await recordSignedOrder(deps, user, request.params.id, parts);
        return ok(done.request, done.notice);
      });
    },
  );
  app.post(
    '/api/request/:id/signature/refusal',
    { ...route, schema: schema('Enregistrer le refus du signataire', SignatureRefusedInputSchema) },
    async (request) => {
      const done = await recordSignatureRefusal(deps, currentUser(request), request.params.id, request.body);
      return ok(done.request, done.notice);
    },
  );
}
