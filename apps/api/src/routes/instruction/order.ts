import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/authenticate.ts';
import {
  ACT_KINDS,
  OrderGenerationSchema,
  RequestDetailSchema,
  RequestSignatoriesSchema,
} from '@voirie/domain';
import { FilePartSchema, multipartBody } from '../../http/body-schema.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import { assertMayUpload } from '../../requests/upload-guard.ts';
import { generateOrder, replaceOrder, type OrderDeps } from '../../orders/order-service.ts';
import { libreOfficeConverter } from '../../files/pdf-converter.ts';
import { loadRequestDetail } from '../../requests/detail/request-detail.ts';
import { requestSignatories } from '../../requests/acts/act-signatory.ts';
import { RequestIdParamsSchema } from '../requests/request-cancel.ts';

/** `PUT request/{id}/order?act=`: which act's order is replaced (the request's own by default). */
const OrderActQuerySchema = z.object({ act: z.enum(ACT_KINDS).optional() });

/**
 * GET request/{id}/signatories (who may sign), POST request/{id}/order (generate) and PUT
 * request/{id}/order (the edited version). The policy only asks for a session: who may act, and
 * when, is the domain's (runTransition, can).
 */
export function orderRoutes(app: ApiApp, ctx: RouteContext) {
  // LibreOffice is looked up on PATH at each conversion: installing it needs no restart.
  const convertToPdf = libreOfficeConverter();
  const depsFor = (request: FastifyRequest): OrderDeps => ({
    db: ctx.db,
    store: ctx.filing.store,
    dataDir: ctx.config.dataDir,
    maxBytes: ctx.filing.maxBytes,
    convertToPdf,
    logError: (error, message) => request.log.error({ err: error }, message),
  });
  app.get(
    '/api/request/:id/signatories',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Instruction'],
        summary: 'Signataires possibles des arrêtés de la demande, et celui proposé',
        params: RequestIdParamsSchema,
        response: replies(RequestSignatoriesSchema),
      },
    },
    async (request) => ok(await requestSignatories(ctx.db, currentUser(request), request.params.id)),
  );
  app.post(
    '/api/request/:id/order',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Instruction'],
        summary: 'Générer les arrêtés de la demande (permission, alignement, police de la circulation)',
        params: RequestIdParamsSchema,
        body: OrderGenerationSchema.nullish(),
        response: replies(RequestDetailSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const done = await generateOrder(depsFor(request), user, request.params.id, request.body?.signatoryId);
      return ok(await loadRequestDetail(ctx.db, user, String(done.id)), done.notice);
    },
  );
  app.put(
    '/api/request/:id/order',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Instruction'],
        summary:
          "Remplacer l'arrêté d'un acte par sa version modifiée (multipart : file, DOCX ou PDF ; act : permission, alignment ou traffic)",
        params: RequestIdParamsSchema,
        querystring: OrderActQuerySchema,
        consumes: ['multipart/form-data'],
        body: multipartBody({ file: FilePartSchema }),
        response: replies(RequestDetailSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const options = {
        maxBytes: ctx.filing.maxBytes,
        limits: UPLOAD_LIMITS.singleFile,
        // Before the body is read: an instructor on a request whose decision may still change.
        authorize: () =>
          assertMayUpload(ctx.db, user, request.params.id, {
            actions: ['saveDecision'],
            instructorsOnly: true,
          }),
      };
      return withUploadParts(request, ctx.filing.store, options, async (parts) => {
        const done = await replaceOrder(depsFor(request), user, request.params.id, parts, request.query.act);
        return ok(await loadRequestDetail(ctx.db, user, String(done.id)), done.notice);
      });
    },
  );
}
