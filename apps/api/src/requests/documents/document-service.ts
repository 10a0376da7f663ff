import { sql } from 'kysely';
import { DocumentUploadSchema, NOT_IN_COMPLETENESS_MESSAGE, can, canUser, isDocumentListed, pdfOnlyRefusal, type StateId } from '@voirie/domain';
import { AppError } from '../../http/app-error.ts';
import { fieldError, validationError } from '../../http/error-handler.ts';
import type { UploadParts } from '../../files/upload-parts.ts';
import { writeHistory } from '../../history/history.ts';
import { workflowRequestOf } from '../../policies/request-policy.ts';
import type { Actor } from '../cancel-service.ts';
import { loadDocuments, type PresentedDocument } from '../detail/detail-parts.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { Viewer } from '../visibility.ts';
import { checkFileParts, isApplicantType, loadDocumentTypes, parsePayload } from '../filing/filing-checks.ts';
import type { FilingDeps } from '../filing/filing-deps.ts';
import { insertDocuments } from '../filing/filing-writes.ts';
import { withStoredFiles } from '../filing/stored-files.ts';

const NOT_FOUND = "Ce document n'existe pas ou ne vous est pas accessible.";
const UPLOAD_ERROR_PREFIX = "Erreur lors de l'envoi de la pièce : ";

/** Instructors and admins handle every piece of the requests they see. */
const isInstructing = (viewer: Viewer) => canUser(viewer, 'instructRequests');

/**
 * A stored document the viewer may download: its request visible to the viewer, and the
 * detail screen's rule (spec 2 §2.4) — the decision annex hidden from applicants in states
 * 1–3; the order, formal notice and minutes (never listed) downloadable by instructors only.
 */
export async function findDownloadableDocument(deps: Pick<FilingDeps, 'db'>, viewer: Viewer, id: number) {
  const document = await deps.db.selectFrom('document').selectAll().where('id', '=', id).executeTakeFirst();
  if (!document) throw new AppError('NOT_FOUND', NOT_FOUND);
  const request = await findVisibleRequest(deps.db, viewer, String(document.requestId)).catch(() => {
    throw new AppError('NOT_FOUND', NOT_FOUND);
  });
  const listed = isDocumentListed({ typeDocumentId: document.typeDocumentId, stateId: request.stateId as StateId, viewer });
  if (!listed && !isInstructing(viewer)) throw new AppError('NOT_FOUND', NOT_FOUND);
  return document;
}

/**
 * `POST document` (multipart {file, requestId, stdUserId, typeDocumentId}): instructors and
 * admins attach to any request they see; an applicant only to its own request in state 8
 * (the workflow's 'complete' rule), and only the wizard's or the asked types.
 */
export async function uploadDocument(deps: FilingDeps, actor: Actor, upload: UploadParts): Promise<PresentedDocument> {
  const fields = parsePayload(DocumentUploadSchema, Object.fromEntries(upload.fields));
  if (!fields.data) throw validationError(UPLOAD_ERROR_PREFIX, fields.errors);
  const request = await findVisibleRequest(deps.db, actor, String(fields.data.requestId));
  const instructing = isInstructing(actor);
  if (!instructing) {
    const allowed = can(actor, 'complete', workflowRequestOf(request));
    if (!allowed.ok) throw allowed.reason === 'role' ? new AppError('FORBIDDEN', allowed.message) : new AppError('STATE_CONFLICT', NOT_IN_COMPLETENESS_MESSAGE);
  }
  const fileParts = upload.files.filter((part) => part.fieldname === 'file');
  if (fileParts.length !== 1 || upload.files.length !== 1) throw validationError(UPLOAD_ERROR_PREFIX, [fieldError('file', 'Veuillez joindre un fichier.')]);
  const typeDocumentId = fields.data.typeDocumentId;
  const missing = await deps.db.selectFrom('requestMissingDocument').select('typeDocumentId').where('requestId', '=', request.id).execute();
  const checked = checkFileParts(
    fileParts.map((part) => ({ ...part, fieldname: `document-${String(typeDocumentId)}` })),
    {
      types: await loadDocumentTypes(deps.db),
      allowType: (type) => instructing || isApplicantType(type) || missing.some((m) => m.typeDocumentId === type.id),
      maxBytes: deps.maxBytes,
    },
  );
  const notPdf = checked.files.map((file) => pdfOnlyRefusal(file.typeDocumentId, file.mimeType)).find(Boolean);
  if (notPdf) checked.errors.push(fieldError(`documents.${String(typeDocumentId)}`, notPdf));
  if (checked.errors.length > 0) throw validationError(UPLOAD_ERROR_PREFIX, checked.errors);
  await withStoredFiles(deps, checked.files, (stored) =>
    deps.db.transaction().execute(async (trx) => {
      await insertDocuments(trx, { requestId: request.id, userId: actor.id, files: stored });
      await trx.updateTable('request').set({ updatedAt: sql`now()` }).where('id', '=', request.id).execute();
      await writeHistory(trx, {
        entity: 'request',
        entityId: request.id,
        actor: { id: actor.id, email: actor.email, picture: actor.picture },
        context: "Ajout d'une pièce",
        data: { typeDocumentId, name: stored[0]?.filename },
      });
    }),
  );
  const documents = await loadDocuments(deps.db, request.id);
  return documents[documents.length - 1]!;
}
