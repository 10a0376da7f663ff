import { sql } from 'kysely';
import {
  LETTER_TYPE_IDS,
  DocumentUploadSchema,
  NOT_IN_COMPLETENESS_MESSAGE,
  UPLOAD_MESSAGES,
  can,
  canUser,
  isDocumentListed,
  pdfOnlyRefusal,
  type StateId,
} from '@voirie/domain';
import { AppError } from '../../errors/app-error.ts';
import { fieldError, validationError } from '../../errors/field-errors.ts';
import type { UploadParts } from '../../files/upload-parts.ts';
import { writeHistory } from '../../history/history.ts';
import { workflowRequestOf } from '../../policies/request-policy.ts';
import type { Actor } from '../../policies/visibility.ts';
import { loadDocuments, type PresentedDocument } from '../detail/detail-parts.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { RequestListRow } from '../list-query.ts';
import type { Viewer } from '../../policies/visibility.ts';
import {
  checkFileParts,
  isApplicantType,
  loadDocumentTypes,
  parsePayload,
  type TypeRow,
} from '../filing/filing-checks.ts';
import type { FilingDeps } from '../filing/filing-deps.ts';
import { insertDocuments } from '../filing/filing-writes.ts';
import { receivedBytes, withStoredFiles } from '../filing/stored-files.ts';
import { assertStorageQuota } from '../../files/storage-quota.ts';

const NOT_FOUND = "Ce document n'existe pas ou ne vous est pas accessible.";
const UPLOAD_ERROR_PREFIX = "Erreur lors de l'envoi de la pièce : ";
/** POST document reads its fields before the file: they say where the file goes and who may send it. */
const FIELDS_BEFORE_FILE = 'Les champs requestId et typeDocumentId doivent précéder le fichier.';

/** A works-phase letter not yet mailed to the applicant: a draft for instructors only. */
export const isUnsentLetter = (document: { typeDocumentId: number; sentAt: unknown }) =>
  LETTER_TYPE_IDS.includes(document.typeDocumentId) && !document.sentAt;

/** Instructors and admins handle every piece of the requests they see. */
const isInstructing = (viewer: Viewer) => canUser(viewer, 'instructRequests');

/**
 * A stored document the viewer may download: its request visible to the viewer, and the
 * detail screen's rule (docs/screens.md "Documents list") — the decision annex hidden from
 * applicants in states 1–3; the order, formal notice and minutes (never listed) downloadable by
 * instructors only.
 */
export async function findDownloadableDocument(deps: Pick<FilingDeps, 'db'>, viewer: Viewer, id: number) {
  const document = await deps.db.selectFrom('document').selectAll().where('id', '=', id).executeTakeFirst();
  if (!document) throw new AppError('NOT_FOUND', NOT_FOUND);
  const request = await findVisibleRequest(deps.db, viewer, String(document.requestId)).catch(() => {
    throw new AppError('NOT_FOUND', NOT_FOUND);
  });
  const listed = isDocumentListed({
    typeDocumentId: document.typeDocumentId,
    stateId: request.stateId as StateId,
    viewer,
  });
  if (!isInstructing(viewer) && (!listed || isUnsentLetter(document)))
    throw new AppError('NOT_FOUND', NOT_FOUND);
  return document;
}

/** Where a `POST document` goes, decided from its fields before the file is read. */
export interface DocumentUploadTarget {
  request: RequestListRow;
  typeDocumentId: number;
  instructing: boolean;
  /** The types this actor may attach to this request. */
  allowType: (type: TypeRow) => boolean;
  types: TypeRow[];
}

/**
 * `POST document`, before the file (its fields `requestId` and `typeDocumentId` come first):
 * instructors and admins attach to any request they see; an applicant only to its own request in
 * state 8 (the workflow's 'complete' rule), and only the wizard's or the asked types. 404 for a
 * request the actor cannot see, 403/409 for the role/state, 400 for the fields or the type.
 */
export async function authorizeDocumentUpload(
  deps: FilingDeps,
  actor: Actor,
  fields: ReadonlyMap<string, unknown>,
  options: { beforeFile: boolean },
): Promise<DocumentUploadTarget> {
  if (options.beforeFile && !(fields.has('requestId') && fields.has('typeDocumentId'))) {
    throw validationError(UPLOAD_ERROR_PREFIX, [fieldError('file', FIELDS_BEFORE_FILE)]);
  }
  const parsed = parsePayload(DocumentUploadSchema, Object.fromEntries(fields));
  if (!parsed.data) throw validationError(UPLOAD_ERROR_PREFIX, parsed.errors);
  const request = await findVisibleRequest(deps.db, actor, String(parsed.data.requestId));
  const instructing = isInstructing(actor);
  if (!instructing) {
    const allowed = can(actor, 'complete', workflowRequestOf(request));
    if (!allowed.ok)
      throw allowed.reason === 'role'
        ? new AppError('FORBIDDEN', allowed.message)
        : new AppError('STATE_CONFLICT', NOT_IN_COMPLETENESS_MESSAGE);
  }
  const typeDocumentId = parsed.data.typeDocumentId;
  const missing = await deps.db
    .selectFrom('requestMissingDocument')
    .select('typeDocumentId')
    .where('requestId', '=', request.id)
    .execute();
  const allowType = (type: TypeRow) =>
    instructing || isApplicantType(type) || missing.some((m) => m.typeDocumentId === type.id);
  const types = await loadDocumentTypes(deps.db);
  const type = types.find((candidate) => candidate.id === typeDocumentId);
  if (!type || !allowType(type))
    throw validationError(UPLOAD_ERROR_PREFIX, [
      fieldError(`documents.${String(typeDocumentId)}`, UPLOAD_MESSAGES.unknownType),
    ]);
  return { request, typeDocumentId, instructing, allowType, types };
}

/**
 * `POST document`, once the file is received: its content checked, then stored with its row,
 * the request's update time and a history entry in one transaction.
 */
export async function attachDocument(
  deps: FilingDeps,
  actor: Actor,
  target: DocumentUploadTarget,
  upload: UploadParts,
): Promise<PresentedDocument> {
  const { request, typeDocumentId } = target;
  const fileParts = upload.files.filter((part) => part.fieldname === 'file');
  if (fileParts.length !== 1 || upload.files.length !== 1)
    throw validationError(UPLOAD_ERROR_PREFIX, [fieldError('file', 'Veuillez joindre un fichier.')]);
  const checked = await checkFileParts(
    fileParts.map((part) => ({ ...part, fieldname: `document-${String(typeDocumentId)}` })),
    { types: target.types, allowType: target.allowType, maxBytes: deps.maxBytes },
  );
  const notPdf = checked.files
    .map((file) => pdfOnlyRefusal(file.typeDocumentId, file.mimeType))
    .find(Boolean);
  if (notPdf) checked.errors.push(fieldError(`documents.${String(typeDocumentId)}`, notPdf));
  if (checked.errors.length > 0) throw validationError(UPLOAD_ERROR_PREFIX, checked.errors);
  const quota = { actor, quotas: deps.quotas };
  await assertStorageQuota(deps.db, quota, { requestId: request.id, incoming: receivedBytes(checked.files) });
  await withStoredFiles(deps, checked.files, (stored) =>
    deps.db.transaction().execute(async (trx) => {
      await insertDocuments(trx, { requestId: request.id, userId: actor.id, files: stored, quota });
      await trx
        .updateTable('request')
        .set({ updatedAt: sql`now()` })
        .where('id', '=', request.id)
        .execute();
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
