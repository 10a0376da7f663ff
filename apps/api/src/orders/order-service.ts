import type { Kysely } from 'kysely';
import { DOCUMENT_TYPE, MIME_TYPES, WORKFLOW_MESSAGES, can, canUser } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import type { UploadParts } from '../files/upload-parts.ts';
import { AppError } from '../http/app-error.ts';
import { fieldError, validationError } from '../http/error-handler.ts';
import { writeHistory } from '../history/history.ts';
import { workflowRequestOf } from '../policies/request-policy.ts';
import type { Actor } from '../requests/visibility.ts';
import { insertDocuments } from '../requests/filing/filing-writes.ts';
import { withStoredFiles } from '../requests/filing/stored-files.ts';
import { findVisibleRequest } from '../requests/list-service.ts';
import { refusalError } from '../http/refusal.ts';
import {
  assertRequestUnchanged,
  loadWorkflowRequest,
  runTransition,
} from '../requests/workflow/transition.ts';
import { flattenRequest } from './flatten.ts';
import { DOCX_MIME_TYPE, mergeTemplate } from './merge.ts';
import { withAnnexPages } from './order-annexes.ts';
import { loadOrderSource } from './order-source.ts';
import type { PdfConverter } from './pdf-converter.ts';
import { loadTemplate, orderModeleId } from './templates.ts';
import { sniffOrderFile } from './order-file.ts';
import { acceptedFileOf, withGeneratedFiles, type GeneratedFile } from './generated-files.ts';

export const ORDER_MESSAGES = {
  noDecision: "Veuillez enregistrer la décision avant de générer l'arrêté.",
  failed: "La génération de l'arrêté a échoué.",
  replaced: "L'arrêté a été modifié.",
  replacedHistory: 'Arrêté modifié',
  uploadPrefix: "Erreur lors de l'envoi de l'arrêté : ",
  noFile: 'Veuillez joindre un fichier.',
} as const;

/** What the order services need; the converter is injected so that a test can remove it. */
export interface OrderDeps {
  db: Kysely<Database>;
  store: FileStore;
  /** DATA_DIR: the templates are DATA_DIR/<modele.file_key>. */
  dataDir: string;
  /** UPLOAD_MAX_BYTES, for the edited order. */
  maxBytes: number;
  convertToPdf: PdfConverter;
  /** The order's date; the clock by default. */
  now?: () => Date;
  /** Where a failed generation's cause goes (the user only reads ORDER_MESSAGES.failed). */
  logError?: (error: unknown, message: string) => void;
}

const orderName = (requestId: number, extension: 'docx' | 'pdf') =>
  `arrete-${String(requestId)}.${extension}`;

/** Merges the order of a request now in 999 and converts it; the files' bytes. */
async function buildOrder(
  deps: OrderDeps,
  actor: Actor,
  requestId: number,
  kind: number,
  isFavorable: boolean,
) {
  const source = await loadOrderSource(deps.db, actor, requestId);
  const template = await loadTemplate(deps, orderModeleId(kind, isFavorable));
  const docx = await mergeTemplate(template, flattenRequest(source, deps.now?.() ?? new Date()));
  const pdf = await deps.convertToPdf(docx);
  const joinsAnnexes = source.detail.doAnnexe === true;
  return { docx, pdf: pdf && joinsAnnexes ? await withAnnexPages(deps, requestId, pdf) : pdf };
}

/**
 * `POST request/{id}/order`: the domain allows 'generateOrder' (instructor or admin, state 3
 * or 9, not in signature) and a decision is saved; the request goes to 999 (committed, so the
 * list shows the generation under way), the order is merged and converted outside any
 * transaction, then its documents (type 93) and the return to 3 are written together. Any
 * failure after 999 returns the request to 3 with nothing attached.
 */
export async function generateOrder(
  deps: OrderDeps,
  actor: Actor,
  key: string,
): Promise<{ id: number; notice: string }> {
  const row = await findVisibleRequest(deps.db, actor, key);
  const workflow = await loadWorkflowRequest(deps.db, row);
  // The role and state come first: an applicant is told 403, not that a decision is missing.
  const allowed = can(actor, 'generateOrder', workflow);
  if (!allowed.ok) throw refusalError(allowed);
  if (workflow.isFavorable === null || workflow.isFavorable === undefined)
    throw new AppError('STATE_CONFLICT', ORDER_MESSAGES.noDecision);
  const isFavorable = workflow.isFavorable;
  await runTransition(deps.db, actor, String(row.id), 'generateOrder', undefined);
  try {
    const built = await buildOrder(deps, actor, row.id, row.type, isFavorable);
    const files: GeneratedFile[] = [
      { bytes: built.docx, extension: 'docx' as const, mimeType: DOCX_MIME_TYPE },
      { bytes: built.pdf, extension: 'pdf' as const, mimeType: MIME_TYPES.pdf },
    ].flatMap(({ bytes, extension, mimeType }) =>
      bytes
        ? [{ bytes, typeDocumentId: DOCUMENT_TYPE.ORDER, filename: orderName(row.id, extension), mimeType }]
        : [],
    );
    const done = await withGeneratedFiles(deps, files, (stored) =>
      runTransition(deps.db, actor, String(row.id), 'orderGenerated', undefined, {
        write: async ({ trx }) => {
          await insertDocuments(trx, { requestId: row.id, userId: actor.id, files: stored });
        },
        historyData: { documents: stored.map((file) => file.filename) },
      }),
    );
    return { id: row.id, notice: done.result.notice };
  } catch (error) {
    deps.logError?.(error, `order generation of request ${String(row.id)} failed`);
    await runTransition(deps.db, actor, String(row.id), 'orderGenerationFailed', undefined).catch(
      (rollback: unknown) => {
        deps.logError?.(rollback, `request ${String(row.id)} could not leave state 999`);
      },
    );
    throw new AppError('INTERNAL', ORDER_MESSAGES.failed);
  }
}

/**
 * `PUT request/{id}/order` (multipart `file`, DOCX or PDF by content): the instructor's edited
 * order becomes the latest type-93 document. Instructors and admins, when the decision may
 * still be edited (the domain's 'saveDecision': state 3 or 9, not in signature).
 */
export async function replaceOrder(
  deps: OrderDeps,
  actor: Actor,
  key: string,
  upload: UploadParts,
): Promise<{ id: number; notice: string }> {
  const row = await findVisibleRequest(deps.db, actor, key);
  if (!canUser(actor, 'instructRequests')) throw new AppError('FORBIDDEN', WORKFLOW_MESSAGES.role);
  const allowed = can(actor, 'saveDecision', workflowRequestOf(row));
  if (!allowed.ok) throw refusalError(allowed);
  const part = upload.files.length === 1 ? upload.files.find((file) => file.fieldname === 'file') : undefined;
  if (!part) throw validationError(ORDER_MESSAGES.uploadPrefix, [fieldError('file', ORDER_MESSAGES.noFile)]);
  const sniffed = await sniffOrderFile(part.received, deps.maxBytes);
  if (!sniffed.ok) throw validationError(ORDER_MESSAGES.uploadPrefix, [fieldError('file', sniffed.message)]);
  const file = acceptedFileOf(part.received, {
    typeDocumentId: DOCUMENT_TYPE.ORDER,
    filename: orderName(row.id, sniffed.extension),
    mimeType: sniffed.mimeType,
  });
  await withStoredFiles(deps, [file], (stored) =>
    deps.db.transaction().execute(async (trx) => {
      // The request may have gone into signature meanwhile.
      await assertRequestUnchanged(trx, row, WORKFLOW_MESSAGES.state);
      await insertDocuments(trx, { requestId: row.id, userId: actor.id, files: stored });
      await writeHistory(trx, {
        entity: 'request',
        entityId: row.id,
        actor: { id: actor.id, email: actor.email, picture: actor.picture },
        context: ORDER_MESSAGES.replacedHistory,
        data: { typeDocumentId: DOCUMENT_TYPE.ORDER, name: stored[0]?.filename },
      });
    }),
  );
  return { id: row.id, notice: ORDER_MESSAGES.replaced };
}
