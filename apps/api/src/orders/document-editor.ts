import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import {
  can,
  canUser,
  LETTER_KINDS,
  LETTER_MESSAGES,
  letterAction,
  LETTERS,
  MIME_TYPES,
  requestActs,
  WORKFLOW_MESSAGES,
  type Act,
  type DocumentEditor,
  type LetterKind,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { UploadParts } from '../files/upload-parts.ts';
import { AppError } from '../errors/app-error.ts';
import { escapeHtml } from '../mail/mail-text.ts';
import { fieldError, validationError } from '../errors/field-errors.ts';
import { refusalError } from '../errors/refusal.ts';
import type { Actor } from '../policies/visibility.ts';
import { findVisibleRequest } from '../requests/list-service.ts';
import type { RequestListRow } from '../requests/list-query.ts';
import { loadWorkflowRequest } from '../requests/workflow/transition.ts';
import type { WorksDeps } from '../requests/works/works-deps.ts';
import { withGeneratedFiles, type GeneratedFile } from './generated-files.ts';
import { recordLetterVersion } from './letters-service.ts';
import { DOCX_MIME_TYPE } from './merge.ts';
import { withAnnexPages } from './order-annexes.ts';
import { sniffOrderFile } from './order-file.ts';
import { ORDER_MESSAGES, recordOrderVersion } from './order-service.ts';

// The portal's document editor (docs/api-instruction.md "Editing in the portal", ADR 0016): the
// spec's `onlyoffice/{documentId}` pages, for the latest generated DOCX of an order or of a
// works-phase letter. The edited DOCX is saved as the document's new version (the previous one
// stays), its PDF converted again as a generation converts it, traced in the history. Who may
// edit, and when, is what the download/upload round trip allows (order-service.ts replaceOrder,
// letters-service.ts replaceLetter): a signed order, or one in signature, is never editable.

export const EDITOR_MESSAGES = {
  notFound: "Ce document n'existe pas ou ne vous est pas accessible.",
  notEditable:
    "Ce document ne se modifie pas dans le portail : seuls l'arrêté, la mise en demeure et les procès-verbaux générés (DOCX) le peuvent.",
  stale: "Ce document a été remplacé par une version plus récente : fermez l'éditeur et rouvrez le document.",
  docxOnly: 'Le document enregistré doit être au format DOCX.',
  noFile: 'Veuillez joindre un fichier.',
  uploadPrefix: "Erreur lors de l'enregistrement du document : ",
  conversionFailed:
    "Le document modifié n'a pas pu être converti en PDF : rien n'a été enregistré. Vérifiez sa mise en page, ou téléchargez-le et modifiez-le dans votre traitement de texte.",
  orderHistory: "Arrêté modifié dans l'éditeur du portail",
  letterHistory: (kind: LetterKind) => `${LETTERS[kind].label} modifiée dans l'éditeur du portail`,
} as const;

/** What an editable document is: an act's order, or a works-phase letter. */
export type EditedDocumentKind = { kind: 'order'; act: Act } | { kind: 'letter'; letter: LetterKind };

/** An editable document, its request and what it is. */
export interface EditableDocument {
  document: { id: number; name: string; typeDocumentId: number; requestId: number };
  row: RequestListRow;
  target: EditedDocumentKind;
}

/** The document types of the target: an order's (the act's current and former types) or the letter's. */
function typeIdsOf(target: EditedDocumentKind): readonly number[] {
  return target.kind === 'order' ? target.act.orderTypeIds : [LETTERS[target.letter].typeDocumentId];
}

/**
 * The latest version's DOCX among a request's documents of these types, as the request page
 * shows it (detail-works.ts latestVersion): the files of the newest createdAt, its DOCX — none
 * when the newest version is a PDF alone (a scanned upload has nothing to edit).
 */
async function currentDocxId(
  db: Kysely<Database>,
  requestId: number,
  typeIds: readonly number[],
): Promise<number | null> {
  const rows = await db
    .selectFrom('document')
    .select(['id', 'mimeType', 'createdAt'])
    .where('requestId', '=', requestId)
    .where('typeDocumentId', 'in', [...typeIds])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const newest = rows[0];
  if (!newest) return null;
  const newestAt = new Date(newest.createdAt).getTime();
  const current = rows.find(
    (row) => new Date(row.createdAt).getTime() === newestAt && row.mimeType === DOCX_MIME_TYPE,
  );
  return current?.id ?? null;
}

/**
 * The document `documentId` when the actor may edit it now: seen (404 otherwise, whatever it
 * is), an instructor or admin (403), an order or letter DOCX (422), allowed by the workflow —
 * the order while its decision may change ('saveDecision': state 3 or 9, not in signature), the
 * letter while it may be drafted (409 otherwise) — and still the latest version (409: another
 * save came in between).
 */
export async function findEditableDocument(
  deps: Pick<WorksDeps, 'db'>,
  actor: Actor,
  documentId: number,
): Promise<EditableDocument> {
  const document = await deps.db
    .selectFrom('document')
    .select(['id', 'name', 'typeDocumentId', 'requestId', 'mimeType'])
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (!document) throw new AppError('NOT_FOUND', EDITOR_MESSAGES.notFound);
  const row = await findVisibleRequest(deps.db, actor, String(document.requestId)).catch(() => {
    throw new AppError('NOT_FOUND', EDITOR_MESSAGES.notFound);
  });
  if (!canUser(actor, 'instructRequests')) throw new AppError('FORBIDDEN', WORKFLOW_MESSAGES.role);
  const workflow = await loadWorkflowRequest(deps.db, row);
  const act = requestActs(workflow).find((candidate) =>
    candidate.orderTypeIds.includes(document.typeDocumentId),
  );
  const letter = LETTER_KINDS.find((kind) => LETTERS[kind].typeDocumentId === document.typeDocumentId);
  const target: EditedDocumentKind | null = act
    ? { kind: 'order', act }
    : letter
      ? { kind: 'letter', letter }
      : null;
  if (!target || document.mimeType !== DOCX_MIME_TYPE)
    throw validationError('', [fieldError('id', EDITOR_MESSAGES.notEditable)]);
  const allowed = can(
    actor,
    target.kind === 'order' ? 'saveDecision' : letterAction(target.letter),
    workflow,
  );
  if (!allowed.ok) throw refusalError(allowed);
  if ((await currentDocxId(deps.db, row.id, typeIdsOf(target))) !== document.id)
    throw new AppError('STATE_CONFLICT', EDITOR_MESSAGES.stale);
  return {
    document: {
      id: document.id,
      name: document.name,
      typeDocumentId: document.typeDocumentId,
      requestId: document.requestId,
    },
    row,
    target,
  };
}

/** The request's decision joins its annexes to its own order's PDF (order-annexes.ts). */
async function joinsAnnexes(db: Kysely<Database>, requestId: number): Promise<boolean> {
  const row = await db
    .selectFrom('request')
    .select('doAnnexe')
    .where('id', '=', requestId)
    .executeTakeFirst();
  return row?.doAnnexe === true;
}

/** The edited DOCX converted as its generation converted it: the order's PDF carries its annexes. */
async function pdfOf(deps: WorksDeps, editable: EditableDocument, docx: Buffer): Promise<Buffer | null> {
  let converted: Buffer | null;
  try {
    converted = await deps.convertToPdf(docx);
  } catch (error) {
    deps.logError?.(error, `conversion of edited document ${String(editable.document.id)} failed`);
    throw new AppError('INTERNAL', EDITOR_MESSAGES.conversionFailed);
  }
  const { target } = editable;
  if (
    converted &&
    target.kind === 'order' &&
    target.act.principal &&
    (await joinsAnnexes(deps.db, editable.row.id))
  )
    return withAnnexPages(deps, editable.row.id, converted);
  return converted;
}

/**
 * `PUT document/{id}/edited` (multipart `file`, a DOCX by content, UPLOAD_MAX_BYTES at most):
 * the editor's DOCX becomes the latest version of document `id` — with its PDF when LibreOffice
 * converts it — named as a generation names it; the history says who and when.
 */
export async function saveEditedDocument(
  deps: WorksDeps,
  actor: Actor,
  documentId: number,
  upload: UploadParts,
): Promise<{ requestId: number; notice: string }> {
  const editable = await findEditableDocument(deps, actor, documentId);
  const part = upload.files.length === 1 ? upload.files.find((file) => file.fieldname === 'file') : undefined;
  if (!part)
    throw validationError(EDITOR_MESSAGES.uploadPrefix, [fieldError('file', EDITOR_MESSAGES.noFile)]);
  const sniffed = await sniffOrderFile(part.received, deps.maxBytes);
  if (!sniffed.ok) throw validationError(EDITOR_MESSAGES.uploadPrefix, [fieldError('file', sniffed.message)]);
  if (sniffed.extension !== 'docx')
    throw validationError(EDITOR_MESSAGES.uploadPrefix, [fieldError('file', EDITOR_MESSAGES.docxOnly)]);
  // Within maxBytes (sniffed): the DOCX is read whole to be converted.
  const docx = await readFile(part.received.tempPath);
  const pdf = await pdfOf(deps, editable, docx);
  const { document, row, target } = editable;
  const pdfName = document.name.replace(/\.docx$/i, '') + '.pdf';
  const files: GeneratedFile[] = [
    {
      bytes: docx,
      typeDocumentId: document.typeDocumentId,
      filename: document.name,
      mimeType: DOCX_MIME_TYPE,
    },
    ...(pdf
      ? [{ bytes: pdf, typeDocumentId: document.typeDocumentId, filename: pdfName, mimeType: MIME_TYPES.pdf }]
      : []),
  ];
  // Checked again in the transaction that writes: two instructors may have saved the same version.
  const stillCurrent = async (trx: Kysely<Database>) => {
    if ((await currentDocxId(trx, row.id, typeIdsOf(target))) !== document.id)
      throw new AppError('STATE_CONFLICT', EDITOR_MESSAGES.stale);
  };
  await withGeneratedFiles(deps, files, async (stored) => {
    if (target.kind === 'order')
      await recordOrderVersion(
        deps,
        actor,
        row,
        target.act,
        stored,
        EDITOR_MESSAGES.orderHistory,
        stillCurrent,
      );
    else
      await recordLetterVersion(
        deps,
        actor,
        row,
        target.letter,
        stored,
        EDITOR_MESSAGES.letterHistory(target.letter),
        stillCurrent,
      );
  });
  return {
    requestId: row.id,
    notice: target.kind === 'order' ? ORDER_MESSAGES.replaced : LETTER_MESSAGES.replaced,
  };
}

/**
 * `GET document/{id}/editor`: the editable document and the editor that opens it — the portal's,
 * or the ONLYOFFICE page when a Document Server is configured (onlyoffice.ts).
 */
export async function describeEditor(
  deps: Pick<WorksDeps, 'db'>,
  actor: Actor,
  documentId: number,
  options: { onlyoffice: boolean },
): Promise<DocumentEditor> {
  const { document, row, target } = await findEditableDocument(deps, actor, documentId);
  const id = String(document.id);
  return {
    documentId: document.id,
    requestId: row.id,
    name: document.name,
    title: target.kind === 'order' ? target.act.title : LETTERS[target.letter].label,
    editor: options.onlyoffice ? 'onlyoffice' : 'portal',
    fileUrl: `/api/document/${id}/file`,
    onlyoffice: options.onlyoffice ? { pageUrl: `/api/document/${id}/onlyoffice` } : null,
  };
}

/**
 * The spec's editor page, `GET onlyoffice/{documentId}` (docs/api-instruction.md "Editing in the
 * portal"), when no ONLYOFFICE server is set: a page that takes the new window to the request,
 * where the portal's editor opens on this document (`?edition={id}`). Authorized as the editor.
 */
export async function portalEditorPage(
  deps: Pick<WorksDeps, 'db'>,
  actor: Actor,
  documentId: number,
): Promise<string> {
  const { document, row } = await findEditableDocument(deps, actor, documentId);
  const href = escapeHtml(`/dossiers/${row.publicId}?edition=${String(document.id)}`);
  const title = escapeHtml(`Modifier : ${document.name}`);
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="0; url=${href}">
<title>${title}</title>
</head>
<body><main><h1>${title}</h1><p><a href="${href}">Ouvrir le document dans l'éditeur du portail</a></p></main></body>
</html>
`;
}
