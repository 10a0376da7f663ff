import { z } from 'zod';
import { CAPABILITIES, LIBRARY_MESSAGES, LibraryDocumentSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { FilePartSchema, multipartBody } from '../../http/body-schema.ts';
import { contentDisposition, fileHeaders, fileReplies, ok, replies } from '../../http/envelope.ts';
import { signedIn, withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import {
  addLibraryDocument,
  deleteLibraryDocument,
  libraryFile,
  listLibrary,
  type LibraryDeps,
} from '../../library/library-service.ts';

const TAGS = ['Bibliothèque'];
const MANAGERS = withRoles(...CAPABILITIES.manageLibrary);

/**
 * The documents library (/documents; docs/api-library.md): the list and the
 * download for every signed-in user; add and delete for the roles of the domain's
 * `manageLibrary` (administrators). Registered in the multipart scope (the upload).
 */
export function libraryRoutes(app: ApiApp, ctx: RouteContext) {
  const deps: LibraryDeps = { db: ctx.db, store: ctx.filing.store, maxBytes: ctx.filing.maxBytes };

  app.get(
    '/api/library',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: 'Documents de référence (réglementation, guides, formulaires)',
        response: replies(z.array(LibraryDocumentSchema)),
      },
    },
    async () => ok(await listLibrary(ctx.db)),
  );

  app.get(
    '/api/library/:id/file',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: 'Télécharger un document de référence',
        params: IdParamsSchema,
        response: fileReplies('Le document'),
      },
    },
    async (request, reply) => {
      const file = await libraryFile(deps, request.params.id);
      const disposition = contentDisposition('attachment', file.fileName);
      return reply
        .headers(fileHeaders(file.mimeType, { 'content-disposition': disposition }))
        .send(file.stream);
    },
  );

  app.post(
    '/api/library',
    {
      config: { policy: MANAGERS },
      schema: {
        tags: TAGS,
        summary: "Ajout d'un document (multipart : title, category, puis file)",
        consumes: ['multipart/form-data'],
        body: multipartBody({
          title: z.string().meta({ description: 'Titre (200 caractères au plus)' }),
          category: z
            .string()
            .meta({ description: 'Catégorie : reglementation, guide, formulaire ou autre' }),
          file: FilePartSchema,
        }),
        response: replies(LibraryDocumentSchema, 201),
      },
    },
    async (request, reply) => {
      const options = { maxBytes: ctx.filing.maxBytes, limits: UPLOAD_LIMITS.library };
      return withUploadParts(request, ctx.filing.store, options, async (parts) => {
        const document = await addLibraryDocument(deps, currentUser(request), parts);
        // Answered once withUploadParts has dropped the temporary files, not before.
        reply.code(201);
        return ok(document, LIBRARY_MESSAGES.added);
      });
    },
  );

  app.delete(
    '/api/library/:id',
    {
      config: { policy: MANAGERS },
      schema: {
        tags: TAGS,
        summary: 'Supprimer un document de référence',
        params: IdParamsSchema,
        response: replies(z.null()),
      },
    },
    async (request) => {
      await deleteLibraryDocument(deps, currentUser(request), request.params.id);
      return ok(null, LIBRARY_MESSAGES.deleted);
    },
  );
}
