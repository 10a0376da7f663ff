import { z } from 'zod';
import { cerfaPdf, cerfaPdfUrl, cerfaTypeOf, visibleRequestId } from '../../cerfa/cerfa-pdf-service.ts';
import { currentUser } from '../../http/authenticate.ts';
import { fileHeaders, fileReplies, ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';

const CerfaPdfParamsSchema = z.object({
  id: z.string().min(1).max(64),
  cerfaType: z.string().min(1).max(16),
});

/**
 * GET request/{id}/pdf/{cerfaType} answers the PDF's address in `message` (docs/api-instruction.md
 * "Cerfa views"), which the print buttons open; GET …/file serves the PDF itself. Both 404 on a
 * request not visible.
 */
export function cerfaPdfRoutes(app: ApiApp, ctx: RouteContext) {
  app.get(
    '/api/request/:id/pdf/:cerfaType',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Instruction'],
        summary: "Adresse du PDF d'un cerfa",
        params: CerfaPdfParamsSchema,
        response: replies(z.null()),
      },
    },
    async (request) => {
      const type = cerfaTypeOf(request.params.cerfaType);
      const id = await visibleRequestId(ctx.db, currentUser(request), request.params.id, type);
      return ok(null, cerfaPdfUrl(id, type));
    },
  );
  app.get(
    '/api/request/:id/pdf/:cerfaType/file',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Instruction'],
        summary: "PDF d'un cerfa rempli",
        params: CerfaPdfParamsSchema,
        response: fileReplies('Le cerfa en PDF (application/pdf)'),
      },
    },
    async (request, reply) => {
      const type = cerfaTypeOf(request.params.cerfaType);
      const { bytes, filename } = await cerfaPdf(ctx.db, currentUser(request), request.params.id, type);
      const disposition = `inline; filename="${filename}"`;
      return reply
        .headers(fileHeaders('application/pdf', { 'content-disposition': disposition }))
        .send(Buffer.from(bytes));
    },
  );
}
