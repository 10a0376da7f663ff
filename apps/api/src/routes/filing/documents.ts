import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { currentUser } from '../../http/authenticate.ts';
import { DocumentSchema, DocumentTypeSchema } from '@voirie/domain';
import { FilePartSchema, multipartBody } from '../../http/body-schema.ts';
import { contentDisposition, fileHeaders, fileReplies, ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import {
  attachDocument,
  authorizeDocumentUpload,
  findDownloadableDocument,
  type DocumentUploadTarget,
} from '../../requests/documents/document-service.ts';
import { loadDocumentTypes } from '../../requests/filing/filing-checks.ts';

/** POST document, GET document/{id}/file and GET typedocument. */
export function documentRoutes(app: ApiApp, ctx: RouteContext) {
  app.post(
    '/api/document',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Documents'],
        summary: 'Joindre une pièce (multipart : requestId, stdUserId, typeDocumentId, puis file)',
        description:
          'Les champs requestId et typeDocumentId précèdent le fichier : la demande et le droit sont vérifiés avant que le fichier soit lu.',
        consumes: ['multipart/form-data'],
        body: multipartBody({
          requestId: z
            .string()
            .meta({ description: 'Numéro ou identifiant public de la demande (avant le fichier)' }),
          typeDocumentId: z.string().meta({ description: 'Type de la pièce (avant le fichier)' }),
          stdUserId: z.string().optional(),
          file: FilePartSchema,
        }),
        response: replies(DocumentSchema, 201),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      let target: DocumentUploadTarget | undefined;
      const options = {
        maxBytes: ctx.filing.maxBytes,
        limits: UPLOAD_LIMITS.document,
        // Authorized on the fields sent before the file: a refused upload writes nothing.
        beforeFirstFile: async (fields: ReadonlyMap<string, unknown>) => {
          target = await authorizeDocumentUpload(ctx.filing, user, fields, { beforeFile: true });
        },
      };
      return withUploadParts(request, ctx.filing.store, options, async (parts) => {
        // No file at all: the fields and the access are still answered first.
        target ??= await authorizeDocumentUpload(ctx.filing, user, parts.fields, { beforeFile: false });
        const document = await attachDocument(ctx.filing, user, target, parts);
        // Answered once withUploadParts has dropped the temporary files, not before.
        reply.code(201);
        return ok(document, 'La pièce a bien été ajoutée.');
      });
    },
  );
  app.get(
    '/api/document/:id/file',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Documents'],
        summary: "Contenu d'une pièce",
        params: IdParamsSchema,
        response: fileReplies('Le fichier de la pièce'),
      },
    },
    async (request, reply) => {
      const document = await findDownloadableDocument(ctx.filing, currentUser(request), request.params.id);
      if ((await ctx.filing.store.sizeOf(document.storageKey)) === null) {
        throw new AppError('NOT_FOUND', 'Le fichier de ce document est introuvable.');
      }
      const disposition = contentDisposition('inline', document.name);
      return reply
        .headers(fileHeaders(document.mimeType, { 'content-disposition': disposition }))
        .send(await ctx.filing.store.open(document.storageKey));
    },
  );
  app.get(
    '/api/typedocument',
    {
      config: { policy: signedIn() },
      schema: {
        tags: ['Documents'],
        summary: 'Types de pièces',
        response: replies(z.array(DocumentTypeSchema)),
      },
    },
    async () => ok(await loadDocumentTypes(ctx.db)),
  );
}
