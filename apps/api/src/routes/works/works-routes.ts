import { z } from 'zod';
import {
  canUser,
  ExtendInputSchema,
  InstructorChoiceSchema,
  letterAction,
  LetterDraftSchema,
  LetterKindSchema,
  ReceptionSchema,
  RequestCommentSchema,
  RequestDetailSchema,
  RequestManagersSchema,
  RoadDisturbanceInputSchema,
  WORKFLOW_MESSAGES,
} from '@voirie/domain';
import { AppError } from '../../errors/app-error.ts';
import { currentUser } from '../../http/authenticate.ts';
import { FilePartSchema, multipartBody, validatedByService } from '../../http/body-schema.ts';
import { ok, replies } from '../../http/envelope.ts';
import { signedIn } from '../../http/policy.ts';
import type { ApiApp } from '../../http/types.ts';
import { IdParamsSchema } from '../../http/id-params.ts';
import { UPLOAD_LIMITS } from '../../files/multipart-limits.ts';
import { withUploadParts } from '../../files/upload-parts.ts';
import { assertMayUpload } from '../../requests/upload-guard.ts';
import { loadReception } from '../../requests/detail/detail-instruction.ts';
import { deleteDocument } from '../../requests/documents/delete-document.ts';
import { findVisibleRequest } from '../../requests/list-service.ts';
import { cancelWorks } from '../../requests/works/cancel-works-service.ts';
import { loadComments } from '../../requests/works/comments.ts';
import { extendRequest } from '../../requests/works/extension-service.ts';
import { archiveFormalNotice, generateLetter, replaceLetter } from '../../orders/letters-service.ts';
import { listInstructors, loadManagers } from '../../requests/works/managers.ts';
import {
  assertMayRecordSignedFormalNotice,
  recordSignedFormalNotice,
} from '../../requests/works/formal-notice-service.ts';
import { declareRoadDisturbance } from '../../requests/works/road-disturbance-service.ts';
import type { WorksDeps } from '../../requests/works/works-deps.ts';
import { RequestIdParamsSchema } from '../requests/request-cancel.ts';
import { worksSchema } from './reception-routes.ts';
import { withWorksBody, worksBody } from './works-body.ts';

const TAGS = ['Travaux'];
const LetterParamsSchema = RequestIdParamsSchema.extend({ kind: LetterKindSchema });
const RECEPTION_NOT_FOUND = "Cette réception n'existe pas ou ne vous est pas accessible.";

/** Letters, road disturbance, cancel works, extension and the detail's works readings (docs/api-works.md). */
export function worksRoutes(app: ApiApp, deps: WorksDeps) {
  const route = { config: { policy: signedIn() } };
  app.post(
    '/api/request/:id/letters/:kind',
    {
      ...route,
      schema: {
        ...worksSchema('Générer un courrier', validatedByService(LetterDraftSchema)),
        params: LetterParamsSchema,
      },
    },
    async (request) => {
      const { id, kind } = request.params;
      const done = await generateLetter(deps, currentUser(request), id, kind, request.body);
      return ok(done.request, done.notice);
    },
  );
  app.put(
    '/api/request/:id/letters/:kind',
    {
      ...route,
      schema: {
        ...worksSchema('Remplacer un courrier par sa version modifiée (multipart : file, DOCX ou PDF)'),
        params: LetterParamsSchema,
        body: multipartBody({ file: FilePartSchema }),
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, kind } = request.params;
      const options = {
        maxBytes: deps.maxBytes,
        limits: UPLOAD_LIMITS.singleFile,
        authorize: () => assertMayUpload(deps.db, user, id, { actions: [letterAction(kind)] }),
      };
      return withUploadParts(request, deps.store, options, async (parts) => {
        const done = await replaceLetter(deps, user, id, kind, parts);
        return ok(done.request, done.notice);
      });
    },
  );
  app.post(
    '/api/request/:id/letters/formalNotice/signed',
    {
      ...route,
      schema: {
        ...worksSchema(
          'Enregistrer la mise en demeure signée : un acte du registre, notifié au demandeur (multipart : file, PDF)',
        ),
        body: multipartBody({ file: FilePartSchema }),
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const options = {
        maxBytes: deps.maxBytes,
        limits: UPLOAD_LIMITS.singleFile,
        authorize: async () => {
          await assertMayRecordSignedFormalNotice(deps.db, user, id);
        },
      };
      return withUploadParts(request, deps.store, options, async (parts) => {
        const done = await recordSignedFormalNotice(deps, user, id, parts);
        return ok(done.request, done.notice);
      });
    },
  );
  app.post(
    '/api/document/elise/:id',
    {
      ...route,
      schema: {
        tags: TAGS,
        summary: 'Envoyer la mise en demeure à la gestion électronique des documents',
        params: IdParamsSchema,
        response: replies(RequestDetailSchema),
      },
    },
    async (request) => {
      const done = await archiveFormalNotice(deps, currentUser(request), request.params.id);
      return ok(done.request, done.notice);
    },
  );
  app.post(
    '/api/request/:id/road-disturbance',
    {
      ...route,
      schema: {
        ...worksSchema(
          'Déclarer une perturbation de voirie (multipart : report, photo × 5)',
          worksBody(RoadDisturbanceInputSchema, {
            files: { photo: 'Photo (5 au plus)' },
            jsonPart: 'report',
          }),
        ),
        consumes: ['multipart/form-data', 'application/json'],
      },
    },
    async (request) =>
      withWorksBody(request, deps, 'declareRoadDisturbance', async (body) => {
        const done = await declareRoadDisturbance(deps, currentUser(request), request.params.id, body);
        return ok(done.request, done.notice);
      }),
  );
  app.post(
    '/api/request/:id/cancel-works',
    { ...route, schema: worksSchema('Annuler les travaux') },
    async (request) => {
      const done = await cancelWorks(deps, currentUser(request), request.params.id);
      return ok(done.request, done.notice);
    },
  );
  app.post(
    '/api/request/extension/:id',
    {
      ...route,
      schema: worksSchema(
        'Prolonger (dupliquer la demande avec de nouvelles dates)',
        validatedByService(ExtendInputSchema),
      ),
    },
    async (request) => {
      const done = await extendRequest(deps, currentUser(request), request.params.id, request.body);
      return ok(done.request, done.notice);
    },
  );
  app.delete(
    '/api/document/:id',
    {
      ...route,
      schema: {
        tags: ['Documents'],
        summary: 'Supprimer une pièce',
        params: IdParamsSchema,
        response: replies(RequestDetailSchema),
      },
    },
    async (request) => {
      const done = await deleteDocument(deps, currentUser(request), request.params.id);
      return ok(done.request, done.notice);
    },
  );
  app.get(
    '/api/request/:id/managers',
    {
      ...route,
      schema: {
        tags: TAGS,
        summary: 'Instructeur et gestionnaires de voirie concernés',
        params: RequestIdParamsSchema,
        response: replies(RequestManagersSchema),
      },
    },
    async (request) => ok(await loadManagers(deps.db, currentUser(request), request.params.id)),
  );
  app.get(
    '/api/request/:id/comments',
    {
      ...route,
      schema: {
        tags: TAGS,
        summary: 'Commentaires de la demande',
        params: RequestIdParamsSchema,
        response: replies(z.array(RequestCommentSchema)),
      },
    },
    async (request) => ok(await loadComments(deps.db, currentUser(request), request.params.id)),
  );
  app.get(
    '/api/instructors',
    {
      ...route,
      schema: {
        tags: TAGS,
        summary: 'Instructeurs (témoins d’une perturbation de voirie)',
        response: replies(z.array(InstructorChoiceSchema)),
      },
    },
    async (request) => {
      if (!canUser(currentUser(request), 'instructRequests'))
        throw new AppError('FORBIDDEN', WORKFLOW_MESSAGES.role);
      return ok(await listInstructors(deps.db));
    },
  );
  app.get(
    '/api/reception/:id',
    {
      ...route,
      schema: {
        tags: TAGS,
        summary: 'Une réception',
        params: IdParamsSchema,
        response: replies(ReceptionSchema),
      },
    },
    async (request) => {
      const found = await deps.db
        .selectFrom('reception')
        .select(['id', 'requestId'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!found) throw new AppError('NOT_FOUND', RECEPTION_NOT_FOUND);
      await findVisibleRequest(deps.db, currentUser(request), String(found.requestId)).catch(() => {
        throw new AppError('NOT_FOUND', RECEPTION_NOT_FOUND);
      });
      const reception = await loadReception(deps.db, found.requestId, found.id);
      if (!reception) throw new AppError('NOT_FOUND', RECEPTION_NOT_FOUND);
      return ok(reception);
    },
  );
}
