import type { Kysely } from 'kysely';
import {
  ACT_MESSAGES,
  MIME_TYPES,
  WORKFLOW_MESSAGES,
  actFileName,
  actTemplate,
  can,
  canUser,
  findAct,
  requestActs,
  type Act,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import type { UploadParts } from '../files/upload-parts.ts';
import { AppError } from '../errors/app-error.ts';
import { fieldError, validationError } from '../errors/field-errors.ts';
import { writeHistory } from '../history/history.ts';
import type { Actor } from '../policies/visibility.ts';
import { insertDocuments } from '../requests/filing/filing-writes.ts';
import { withStoredFiles, type StoredAttachment } from '../requests/filing/stored-files.ts';
import { findVisibleRequest } from '../requests/list-service.ts';
import { refusalError } from '../errors/refusal.ts';
import {
  assertRequestUnchanged,
  loadWorkflowRequest,
  runTransition,
} from '../requests/workflow/transition.ts';
import { flattenRequest } from './flatten.ts';
import { DOCX_MIME_TYPE, mergeTemplate } from './merge.ts';
import { withAnnexPages } from './order-annexes.ts';
import { loadOrderSource } from './order-source.ts';
import { chooseSignatory } from '../requests/acts/act-signatory.ts';
import type { OrderSource } from './flatten.ts';
import type { RequestListRow } from '../requests/list-query.ts';
import type { PdfConverter } from '../files/pdf-converter.ts';
import { actTemplateId, loadTemplate } from './templates.ts';
import { sniffOrderFile } from './order-file.ts';
import { acceptedFileOf, withGeneratedFiles, type GeneratedFile } from './generated-files.ts';

export const ORDER_MESSAGES = {
  noDecision: "Veuillez enregistrer la décision avant de générer l'arrêté.",
  noAlignmentDecision: "Veuillez enregistrer la décision d'alignement avant de générer les arrêtés.",
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

/** What an act is merged from: the request's source, loaded once, and its decisions. */
interface ActBuild {
  requestId: number;
  source: OrderSource;
  decisions: Parameters<typeof actTemplate>[1];
  today: Date;
}

/** Merges one act of a request now in 999 and converts it: its order's files (DOCX, and PDF when converted). */
async function buildAct(deps: OrderDeps, act: Act, build: ActBuild): Promise<GeneratedFile[]> {
  const modeleId = await actTemplateId(deps.db, actTemplate(act.kind, build.decisions));
  const template = await loadTemplate(deps, modeleId);
  const docx = await mergeTemplate(template, flattenRequest(build.source, build.today, { act: act.kind }));
  const converted = await deps.convertToPdf(docx);
  // The decision's annexes are joined to the request's own order only.
  const joinsAnnexes = act.principal && build.source.detail.doAnnexe === true;
  const pdf = converted && joinsAnnexes ? await withAnnexPages(deps, build.requestId, converted) : converted;
  return [
    { bytes: docx, extension: 'docx' as const, mimeType: DOCX_MIME_TYPE },
    { bytes: pdf, extension: 'pdf' as const, mimeType: MIME_TYPES.pdf },
  ].flatMap(({ bytes, extension, mimeType }) =>
    bytes
      ? [
          {
            bytes,
            typeDocumentId: act.orderTypeId,
            filename: actFileName(act, build.requestId, extension),
            mimeType,
          },
        ]
      : [],
  );
}

/** The decision of the alignment asked with a permission (null when not saved, or none). */
async function alignmentDecisionOf(db: Kysely<Database>, row: RequestListRow): Promise<boolean | null> {
  if (row.alignmentId === null) return null;
  const alignment = await db
    .selectFrom('individualAlignmentRequest')
    .select('isFavorable')
    .where('id', '=', row.alignmentId)
    .executeTakeFirst();
  return alignment?.isFavorable ?? null;
}

/**
 * `POST request/{id}/order`: the domain allows 'generateOrder' (instructor or admin, state 3
 * or 9, not in signature) and the decisions are saved — the request's, and the alignment's when
 * one was asked with a permission; the request goes to 999 (committed, so the list shows the
 * generation under way), every act of the request (acts.ts: permission, alignment, traffic
 * order) is merged from its own template and converted outside any transaction, then all their
 * documents and the return to 3 are written together. Any failure after 999 returns the request
 * to 3 with nothing attached.
 */
export async function generateOrder(
  deps: OrderDeps,
  actor: Actor,
  key: string,
  /** The signatory asked (docs/acts.md « Signatory »); absent: the last one, else the instructor. */
  signatoryId?: number,
): Promise<{ id: number; notice: string }> {
  const row = await findVisibleRequest(deps.db, actor, key);
  const workflow = await loadWorkflowRequest(deps.db, row);
  // The role and state come first: an applicant is told 403, not that a decision is missing.
  const allowed = can(actor, 'generateOrder', workflow);
  if (!allowed.ok) throw refusalError(allowed);
  if (workflow.isFavorable === null || workflow.isFavorable === undefined)
    throw new AppError('STATE_CONFLICT', ORDER_MESSAGES.noDecision);
  const acts = requestActs(workflow);
  const alignmentIsFavorable = await alignmentDecisionOf(deps.db, row);
  if (acts.some((act) => act.kind === 'alignment' && !act.principal) && alignmentIsFavorable === null)
    throw new AppError('STATE_CONFLICT', ORDER_MESSAGES.noAlignmentDecision);
  const decisions = { type: workflow.type, isFavorable: workflow.isFavorable, alignmentIsFavorable };
  const signatory = await chooseSignatory(deps.db, row.id, actor.id, signatoryId);
  await runTransition(deps.db, actor, String(row.id), 'generateOrder', undefined);
  try {
    const build: ActBuild = {
      requestId: row.id,
      source: { ...(await loadOrderSource(deps.db, actor, row.id)), signatory },
      decisions,
      today: deps.now?.() ?? new Date(),
    };
    const files: GeneratedFile[] = [];
    // One after the other: each conversion starts a LibreOffice of its own.
    for (const act of acts) files.push(...(await buildAct(deps, act, build)));
    const done = await withGeneratedFiles(deps, files, (stored) =>
      runTransition(deps.db, actor, String(row.id), 'orderGenerated', undefined, {
        write: async ({ trx }) => {
          await insertDocuments(trx, { requestId: row.id, userId: actor.id, files: stored });
          // The signatory of what was printed: the register takes it at signing.
          await trx
            .updateTable('request')
            .set({ signatoryId: signatory.id })
            .where('id', '=', row.id)
            .execute();
        },
        historyData: {
          acts: acts.map((act) => act.kind),
          documents: stored.map((file) => file.filename),
          signatoryId: signatory.id,
        },
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
 * `PUT request/{id}/order` (multipart `file`, DOCX or PDF by content; `act` in the query, the
 * request's own act by default): the instructor's edited version becomes the latest order of
 * that act. Instructors and admins, when the decision may still be edited (the domain's
 * 'saveDecision': state 3 or 9, not in signature).
 */
export async function replaceOrder(
  deps: OrderDeps,
  actor: Actor,
  key: string,
  upload: UploadParts,
  actKind?: string,
): Promise<{ id: number; notice: string }> {
  const row = await findVisibleRequest(deps.db, actor, key);
  if (!canUser(actor, 'instructRequests')) throw new AppError('FORBIDDEN', WORKFLOW_MESSAGES.role);
  const workflow = await loadWorkflowRequest(deps.db, row);
  const allowed = can(actor, 'saveDecision', workflow);
  if (!allowed.ok) throw refusalError(allowed);
  const act = actKind === undefined ? requestActs(workflow)[0] : findAct(workflow, actKind);
  if (!act) throw validationError(ORDER_MESSAGES.uploadPrefix, [fieldError('act', ACT_MESSAGES.noSuchAct)]);
  const part = upload.files.length === 1 ? upload.files.find((file) => file.fieldname === 'file') : undefined;
  if (!part) throw validationError(ORDER_MESSAGES.uploadPrefix, [fieldError('file', ORDER_MESSAGES.noFile)]);
  const sniffed = await sniffOrderFile(part.received, deps.maxBytes);
  if (!sniffed.ok) throw validationError(ORDER_MESSAGES.uploadPrefix, [fieldError('file', sniffed.message)]);
  const file = acceptedFileOf(part.received, {
    typeDocumentId: act.orderTypeId,
    filename: actFileName(act, row.id, sniffed.extension),
    mimeType: sniffed.mimeType,
  });
  await withStoredFiles(deps, [file], (stored) =>
    recordOrderVersion(deps, actor, row, act, stored, ORDER_MESSAGES.replacedHistory),
  );
  return { id: row.id, notice: ORDER_MESSAGES.replaced };
}

/**
 * Writes stored files as the act's latest order (the previous versions stay) with a history
 * entry naming who and when, in one transaction, unless the request changed since it was read
 * (it may have gone into signature meanwhile): the edited upload and the portal's editor
 * (document-editor.ts).
 */
export async function recordOrderVersion(
  deps: Pick<OrderDeps, 'db'>,
  actor: Actor,
  row: RequestListRow,
  act: Act,
  stored: readonly StoredAttachment[],
  context: string,
  /** A further check in the writing transaction (the editor's: still the latest version). */
  check?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await assertRequestUnchanged(trx, row, WORKFLOW_MESSAGES.state);
    await check?.(trx);
    await insertDocuments(trx, { requestId: row.id, userId: actor.id, files: stored });
    await writeHistory(trx, {
      entity: 'request',
      entityId: row.id,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context,
      data: {
        act: act.kind,
        typeDocumentId: act.orderTypeId,
        name: stored[0]?.filename,
        ...(stored.length > 1 ? { documents: stored.map((file) => file.filename) } : {}),
      },
    });
  });
}
