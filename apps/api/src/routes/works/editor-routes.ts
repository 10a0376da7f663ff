import { DocumentEditorSchema, RequestDetailSchema } from '@voirie/domain';
import { currentUser } from '../../http/authenticate.ts';
import { FilePartSchema, multipartBody } from '../../http/body-schema.ts';
import { ok, replies } from '../../http/envelope.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp } from '../../http/types.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import { describeEditor, findEditableDocument, saveEditedDocument } from '../../orders/document-editor.ts';
import { loadRequestDetail } from '../../requests/detail/request-detail.ts';
import type { WorksDeps } from '../../requests/works/works-deps.ts';

const TAGS = ['Documents'];

/**
 * The portal's document editor (docs/api-instruction.md "Editing in the portal"): GET
 * document/{id}/editor opens the latest generated DOCX of an order or letter, PUT
 * document/{id}/edited saves the edited one as its new version. Who may edit, and when, is the
 * service's (document-editor.ts), checked before the body is read and again when it is written.
 */
export function editorRoutes(app: ApiApp, deps: WorksDeps) {
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
    async (request) => ok(await describeEditor(deps, currentUser(request), request.params.id)),
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
}
