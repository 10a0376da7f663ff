import { z } from 'zod';
import {
  DocumentEditorSchema,
  OnlyofficeCallbackAnswerSchema,
  OnlyofficeCallbackSchema,
  OnlyofficeLinkQuerySchema,
  RequestDetailSchema,
} from '@voirie/domain';
import type { OnlyofficeSettings } from '../../config.ts';
import { currentUser } from '../../http/authenticate.ts';
import { FilePartSchema, multipartBody } from '../../http/body-schema.ts';
import { fileHeaders, fileReplies, ok, replies } from '../../http/envelope.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { publicRoute, signedIn } from '../../http/policy.ts';
import type { ApiApp } from '../../http/types.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import {
  describeEditor,
  findEditableDocument,
  portalEditorPage,
  saveEditedDocument,
} from '../../orders/document-editor.ts';
import {
  ONLYOFFICE_STARTER,
  onlyofficeCallback,
  onlyofficeFile,
  onlyofficePage,
  onlyofficePagePolicy,
  type OnlyofficeDeps,
} from '../../orders/onlyoffice.ts';
import { loadRequestDetail } from '../../requests/detail/request-detail.ts';
import type { WorksDeps } from '../../requests/works/works-deps.ts';

const TAGS = ['Documents'];

/**
 * The portal's document editor (docs/api-instruction.md "Editing in the portal"): GET
 * document/{id}/editor opens the latest generated DOCX of an order or letter, PUT
 * document/{id}/edited saves the edited one as its new version. Who may edit, and when, is the
 * service's (document-editor.ts), checked before the body is read and again when it is written.
 */
export function editorRoutes(
  app: ApiApp,
  deps: WorksDeps,
  options: { onlyoffice: OnlyofficeSettings | null; publicUrl: string },
) {
  const route = { config: { policy: signedIn() } };
  app.get(
    '/api/document/:id/editor',
    {
      ...route,
      schema: {
        tags: TAGS,
        summary: "Ouvrir un arrêté ou un courrier généré dans l'éditeur du portail",
        params: IdParamsSchema,
        response: replies(DocumentEditorSchema),
      },
    },
    async (request) =>
      ok(
        await describeEditor(deps, currentUser(request), request.params.id, {
          onlyoffice: options.onlyoffice !== null,
        }),
      ),
  );
  app.put(
    '/api/document/:id/edited',
    {
      ...route,
      schema: {
        tags: TAGS,
        summary:
          "Enregistrer la version modifiée dans l'éditeur d'un arrêté ou d'un courrier (multipart : file, DOCX)",
        params: IdParamsSchema,
        consumes: ['multipart/form-data'],
        body: multipartBody({ file: FilePartSchema }),
        response: replies(RequestDetailSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const options = {
        maxBytes: deps.maxBytes,
        limits: UPLOAD_LIMITS.singleFile,
        // Before the body is read: the document is one this account may edit now.
        authorize: async () => {
          await findEditableDocument(deps, user, request.params.id);
        },
      };
      return withUploadParts(request, deps.store, options, async (parts) => {
        const done = await saveEditedDocument(deps, user, request.params.id, parts);
        deps.onMailQueued();
        return ok(await loadRequestDetail(deps.db, user, String(done.requestId)), done.notice);
      });
    },
  );
  // The spec's call: the editor page of a document, for a new window. With ONLYOFFICE, its page;
  // otherwise a page that takes the window to the request, the portal's editor open on it.
  const onlyoffice = options.onlyoffice
    ? { ...deps, onlyoffice: options.onlyoffice, publicUrl: options.publicUrl }
    : null;
  app.get(
    '/api/onlyoffice/:id',
    {
      ...route,
      schema: {
        tags: TAGS,
        summary: "Page de l'éditeur d'un arrêté ou d'un courrier (HTML)",
        params: IdParamsSchema,
        response: fileReplies("La page de l'éditeur (text/html)"),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!onlyoffice) return reply.send(await portalEditorPage(deps, user, request.params.id));
      const page = await onlyofficePage(onlyoffice, user, request.params.id);
      return reply.header('content-security-policy', onlyofficePagePolicy(onlyoffice.onlyoffice)).send(page);
    },
  );
  if (onlyoffice) onlyofficeRoutes(app, onlyoffice);
}

/**
 * The optional ONLYOFFICE adapter (docs/templates.md « Editing a generated document »), only when
 * ONLYOFFICE_URL is set: the editor page (the session's), its starter script, and the two links the
 * Document Server calls without a session — each authorized by the token the portal signed into it.
 */
function onlyofficeRoutes(app: ApiApp, deps: OnlyofficeDeps) {
  const serverCalls = publicRoute('appelé par le serveur ONLYOFFICE, autorisé par le jeton signé du lien');
  app.get(
    '/api/document/:id/onlyoffice',
    {
      config: { policy: signedIn() },
      schema: {
        tags: TAGS,
        summary: "Page de l'éditeur ONLYOFFICE d'un arrêté ou d'un courrier (HTML)",
        params: IdParamsSchema,
        response: fileReplies("La page de l'éditeur (text/html)"),
      },
    },
    async (request, reply) => {
      const page = await onlyofficePage(deps, currentUser(request), request.params.id);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', onlyofficePagePolicy(deps.onlyoffice))
        .header('cache-control', 'no-store')
        .send(page);
    },
  );
  app.get(
    '/api/onlyoffice/editor.js',
    {
      config: { policy: publicRoute("le script de la page de l'éditeur, sans donnée") },
      schema: {
        tags: TAGS,
        summary: "Script de la page de l'éditeur ONLYOFFICE",
        response: fileReplies('JavaScript'),
      },
    },
    async (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').send(ONLYOFFICE_STARTER),
  );
  app.get(
    '/api/onlyoffice/:id/file',
    {
      config: { policy: serverCalls },
      schema: {
        tags: TAGS,
        summary: 'Le DOCX que le serveur ONLYOFFICE ouvre (lien signé)',
        params: IdParamsSchema,
        querystring: OnlyofficeLinkQuerySchema,
        response: fileReplies('Le DOCX'),
      },
    },
    async (request, reply) => {
      const file = await onlyofficeFile(deps, request.params.id, request.query.token);
      return reply.headers(fileHeaders(file.mimeType, { 'cache-control': 'no-store' })).send(file.stream);
    },
  );
  app.post(
    '/api/onlyoffice/:id/callback',
    {
      config: { policy: serverCalls },
      schema: {
        tags: TAGS,
        summary: 'Retour du serveur ONLYOFFICE : le document modifié (lien et corps signés)',
        params: IdParamsSchema,
        querystring: OnlyofficeLinkQuerySchema,
        body: OnlyofficeCallbackSchema,
        response: { ...replies(z.null()), 200: OnlyofficeCallbackAnswerSchema },
      },
    },
    async (request) => {
      await onlyofficeCallback(
        deps,
        request.params.id,
        request.query.token,
        request.body,
        request.headers.authorization,
      );
      deps.onMailQueued();
      return { error: 0 as const };
    },
  );
}
