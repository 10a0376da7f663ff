import { z } from 'zod';
import { ModelDetailSchema, ModelSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { FilePartSchema, multipartBody } from '../../http/body-schema.ts';
import { fileHeaders, fileReplies, ok, replies } from '../../http/envelope.ts';
import { withRoles } from '../../http/policy.ts';
import type { ApiApp, RouteContext } from '../../http/types.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import { DOCX_MIME_TYPE } from '../../orders/merge.ts';
import {
  TEMPLATE_MESSAGES,
  listTemplates,
  replaceTemplate,
  resetTemplate,
  templateDetail,
  templateFile,
  type TemplateDeps,
} from '../../orders/templates-admin.ts';

const TAGS = ['Modèles'];
const ADMIN = withRoles('ROLE_ADMIN');
const DETAIL_RESPONSES = replies(ModelDetailSchema);

/**
 * The letter and order templates (docs/templates.md),
 * administrators only: the list, one template's file (download, replace, back to the default).
 * Registered in the multipart scope (the upload).
 */
export function templateRoutes(app: ApiApp, ctx: RouteContext) {
  const deps: TemplateDeps = { db: ctx.db, store: ctx.filing.store, maxBytes: ctx.filing.maxBytes };

  app.get(
    '/api/modele',
    {
      config: { policy: ADMIN },
      schema: { tags: TAGS, summary: 'Liste des modèles', response: replies(z.array(ModelSchema)) },
    },
    async () => ok(await listTemplates(ctx.db)),
  );

  app.get(
    '/api/modele/:id',
    {
      config: { policy: ADMIN },
      schema: {
        tags: TAGS,
        summary: "Un modèle : son fichier, sa dernière modification, s'il est celui par défaut",
        params: IdParamsSchema,
        response: DETAIL_RESPONSES,
      },
    },
    async (request) => ok(await templateDetail(deps, request.params.id)),
  );

  app.get(
    '/api/modele/:id/file',
    {
      config: { policy: ADMIN },
      schema: {
        tags: TAGS,
        summary: 'Télécharger le modèle (DOCX)',
        params: IdParamsSchema,
        response: fileReplies('Le modèle (DOCX)'),
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await templateFile(deps, request.params.id);
      const disposition = `attachment; filename="${fileName}"`;
      return reply.headers(fileHeaders(DOCX_MIME_TYPE, { 'content-disposition': disposition })).send(bytes);
    },
  );

  app.put(
    '/api/modele/:id',
    {
      config: { policy: ADMIN },
      schema: {
        tags: TAGS,
        summary: 'Remplacer le modèle (multipart : file, DOCX)',
        params: IdParamsSchema,
        consumes: ['multipart/form-data'],
        body: multipartBody({ file: FilePartSchema }),
        response: DETAIL_RESPONSES,
      },
    },
    async (request) => {
      const options = { maxBytes: ctx.filing.maxBytes, limits: UPLOAD_LIMITS.singleFile };
      return withUploadParts(request, ctx.filing.store, options, async (parts) =>
        ok(
          await replaceTemplate(deps, currentUser(request), request.params.id, parts),
          TEMPLATE_MESSAGES.saved,
        ),
      );
    },
  );

  app.post(
    '/api/modele/:id/reset',
    {
      config: { policy: ADMIN },
      schema: {
        tags: TAGS,
        summary: 'Rétablir le modèle par défaut',
        params: IdParamsSchema,
        response: DETAIL_RESPONSES,
      },
    },
    async (request) =>
      ok(await resetTemplate(deps, currentUser(request), request.params.id), TEMPLATE_MESSAGES.reset),
  );
}
