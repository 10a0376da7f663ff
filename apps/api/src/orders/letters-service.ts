import { sql, type Kysely } from 'kysely';
import {
  can,
  DOCUMENT_TYPE,
  letterAction,
  letterDraftSchema,
  letterFileName,
  letterModeleId,
  LETTER_MESSAGES,
  LETTERS,
  MIME_TYPES,
  noLetterMessage,
  type LetterKind,
  type Reception,
  type StateId,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { UploadParts } from '../files/upload-parts.ts';
import { AppError } from '../errors/app-error.ts';
import { fieldError, validationError, zodFieldErrors } from '../errors/field-errors.ts';
import { refusalError } from '../errors/refusal.ts';
import { flattenRequest } from './flatten.ts';
import { acceptedFileOf, withGeneratedFiles, type GeneratedFile } from './generated-files.ts';
import { letterFields } from './letter-fields.ts';
import { DOCX_MIME_TYPE, mergeTemplate } from './merge.ts';
import { sniffOrderFile } from './order-file.ts';
import { loadOrderSource } from './order-source.ts';
import { loadTemplate } from './templates.ts';
import { chooseSignatory } from '../requests/acts/act-signatory.ts';
import { insertDocuments } from '../requests/filing/filing-writes.ts';
import { withStoredFiles, type StoredAttachment } from '../requests/filing/stored-files.ts';
import { findVisibleRequest } from '../requests/list-service.ts';
import type { RequestListRow } from '../requests/list-query.ts';
import type { Actor } from '../policies/visibility.ts';
import { actionOutcome, type ActionOutcome } from '../requests/workflow/instruction-service.ts';
import { describeRequest, enqueueApplicantMail } from '../requests/workflow/instruction-mails.ts';
import { loadWorkflowRequest, runTransition } from '../requests/workflow/transition.ts';
import { clockOf, type WorksDeps } from '../requests/works/works-deps.ts';

// The works-phase letters (docs/constants.md "Letter templates"): generated from templates 6–10 with the
// reception as drafted in the dialog, edited by round trip (download, word processor, upload).
// The reception's letters reach the applicant with the recorded outcome (reception-service.ts);
// the road-disturbance minutes as soon as they are generated or edited.

const LETTER_FAILED = 'La génération du courrier a échoué.';

/** The account's name as letters print it (first and last name, else its e-mail). */
async function accountName(db: Kysely<Database>, actor: Actor): Promise<string> {
  const user = await db
    .selectFrom('stdUser')
    .select(['firstName', 'lastName'])
    .where('id', '=', actor.id)
    .executeTakeFirst();
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim() || actor.email;
}

/** Refuses, before any work, an actor or a state the letter's action does not allow. */
async function assertMayDraft(deps: WorksDeps, actor: Actor, key: string, kind: LetterKind) {
  const row = await findVisibleRequest(deps.db, actor, key);
  const allowed = can(actor, letterAction(kind), await loadWorkflowRequest(deps.db, row));
  if (!allowed.ok) throw refusalError(allowed);
  return row;
}

/** Mails the road-disturbance minutes to the applicant, attached, and marks them sent. */
async function mailDisturbanceMinutes(
  trx: Kysely<Database>,
  request: RequestListRow,
  documentIds: readonly number[],
  deps: WorksDeps,
): Promise<void> {
  if (documentIds.length === 0) return;
  const sent = await trx
    .updateTable('document')
    .set({ sentAt: sql`now()` })
    .where('id', 'in', [...documentIds])
    .returning(['id', 'mimeType'])
    .execute();
  const attached = sent.find((document) => document.mimeType === MIME_TYPES.pdf) ?? sent[0]!;
  await enqueueApplicantMail(
    trx,
    request,
    {
      subject: `Procès-verbal de perturbation de voirie — demande n° ${String(request.id)}`,
      lines: [
        `Une perturbation de la voirie a été constatée au droit des travaux de votre demande ${describeRequest(request)}.`,
        'Vous trouverez ci-joint le procès-verbal.',
      ],
      context: 'Procès-verbal de perturbation de voirie',
      attachmentDocumentIds: [attached.id],
    },
    { publicUrl: deps.publicUrl },
  );
}

/**
 * `POST request/{id}/letters/{kind}`: merges the kind's template (6–10) with the request and the
 * reception as drafted, converts it to PDF when LibreOffice is there, and stores both as the
 * letter's latest version (its type: 106, 108 or 110), traced in the history.
 */
export async function generateLetter(
  deps: WorksDeps,
  actor: Actor,
  key: string,
  kind: LetterKind,
  body: unknown,
): Promise<ActionOutcome> {
  const row = await assertMayDraft(deps, actor, key, kind);
  const draft = letterDraftSchema(kind).safeParse(body ?? {});
  if (!draft.success) throw validationError('', zodFieldErrors(draft.error.issues));
  // The formal notice is an act: signed by the request's signatory (docs/acts.md « Signatory »).
  const source = {
    ...(await loadOrderSource(deps.db, actor, row.id)),
    signatory: await chooseSignatory(deps.db, row.id, actor.id, undefined),
  };
  const reception = (source.detail.reception ?? null) as (Reception & { witnessName?: string | null }) | null;
  let files: GeneratedFile[];
  try {
    const modeleId = letterModeleId(kind, {
      type: row.type as 1 | 2 | 3,
      stateId: row.stateId as StateId,
      receptionOption: reception?.option ?? null,
    });
    const docx = await mergeTemplate(await loadTemplate(deps, modeleId), {
      ...flattenRequest(source, clockOf(deps)),
      ...letterFields({ draft: draft.data, reception, author: await accountName(deps.db, actor) }),
    });
    const pdf = await deps.convertToPdf(docx);
    const typeDocumentId = LETTERS[kind].typeDocumentId;
    files = [
      {
        bytes: docx,
        typeDocumentId,
        filename: letterFileName(kind, row.id, 'docx'),
        mimeType: DOCX_MIME_TYPE,
      },
      ...(pdf
        ? [
            {
              bytes: pdf,
              typeDocumentId,
              filename: letterFileName(kind, row.id, 'pdf'),
              mimeType: MIME_TYPES.pdf,
            },
          ]
        : []),
    ];
  } catch (error) {
    deps.logError?.(error, `letter ${kind} of request ${String(row.id)} failed`);
    throw new AppError('INTERNAL', LETTER_FAILED);
  }
  const { result } = await withGeneratedFiles(deps, files, (stored) =>
    runTransition(deps.db, actor, String(row.id), letterAction(kind), undefined, {
      write: async ({ trx, row: request }) => {
        const ids = await insertDocuments(trx, { requestId: request.id, userId: actor.id, files: stored });
        if (kind === 'disturbanceMinutes') await mailDisturbanceMinutes(trx, request, ids, deps);
        return { letter: kind, documents: stored.map((file) => file.filename) };
      },
      historyContext: `${LETTERS[kind].label} générée`,
    }),
  );
  return actionOutcome(deps, actor, row, result.notice);
}

/**
 * `PUT request/{id}/letters/{kind}` (multipart `file`, DOCX or PDF by content): the edited letter
 * becomes its latest version. Needs a generated letter to edit ('Aucun arrêté de généré pour
 * cette demande', 'Aucun PV généré pour cette demande': docs/screens.md "Notices and errors").
 */
export async function replaceLetter(
  deps: WorksDeps,
  actor: Actor,
  key: string,
  kind: LetterKind,
  upload: UploadParts,
): Promise<ActionOutcome> {
  const row = await assertMayDraft(deps, actor, key, kind);
  const typeDocumentId = LETTERS[kind].typeDocumentId;
  const existing = await deps.db
    .selectFrom('document')
    .select('id')
    .where('requestId', '=', row.id)
    .where('typeDocumentId', '=', typeDocumentId)
    .executeTakeFirst();
  if (!existing) throw new AppError('STATE_CONFLICT', noLetterMessage(kind));
  const part = upload.files.length === 1 ? upload.files.find((file) => file.fieldname === 'file') : undefined;
  if (!part)
    throw validationError(LETTER_MESSAGES.uploadPrefix, [fieldError('file', 'Veuillez joindre un fichier.')]);
  const sniffed = await sniffOrderFile(part.received, deps.maxBytes);
  if (!sniffed.ok) throw validationError(LETTER_MESSAGES.uploadPrefix, [fieldError('file', sniffed.message)]);
  const file = acceptedFileOf(part.received, {
    typeDocumentId,
    filename: letterFileName(kind, row.id, sniffed.extension),
    mimeType: sniffed.mimeType,
  });
  await withStoredFiles(deps, [file], (stored) =>
    recordLetterVersion(deps, actor, row, kind, stored, `${LETTERS[kind].label} modifiée`),
  );
  return actionOutcome(deps, actor, row, LETTER_MESSAGES.replaced);
}

/**
 * Writes stored files as the letter's latest version (the previous ones stay) through the
 * letter's workflow action, which traces who and when in the history; the road-disturbance
 * minutes are mailed again. The edited upload and the portal's editor (document-editor.ts).
 */
export async function recordLetterVersion(
  deps: WorksDeps,
  actor: Actor,
  row: Pick<RequestListRow, 'id'>,
  kind: LetterKind,
  stored: readonly StoredAttachment[],
  historyContext: string,
  /** A further check in the writing transaction (the editor's: still the latest version). */
  check?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await runTransition(deps.db, actor, String(row.id), letterAction(kind), undefined, {
    write: async ({ trx, row: request }) => {
      await check?.(trx);
      const ids = await insertDocuments(trx, { requestId: request.id, userId: actor.id, files: stored });
      if (kind === 'disturbanceMinutes') await mailDisturbanceMinutes(trx, request, ids, deps);
      return { letter: kind, documents: stored.map((saved) => saved.filename) };
    },
    historyContext,
  });
}

const DOCUMENT_NOT_FOUND = "Ce document n'existe pas ou ne vous est pas accessible.";

/**
 * `POST document/elise/{id}`: the formal notice (type 106) goes to the records system through
 * its adapter (records-archive.ts), traced in the request's history.
 */
export async function archiveFormalNotice(
  deps: WorksDeps,
  actor: Actor,
  documentId: number,
): Promise<ActionOutcome> {
  const document = await deps.db
    .selectFrom('document')
    .select(['id', 'requestId', 'typeDocumentId', 'name'])
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (!document) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  // Seen first: a document of another account's request is not found, whatever its type.
  const row = await findVisibleRequest(deps.db, actor, String(document.requestId)).catch(() => {
    throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  });
  // The actor's right before the document's type: an applicant is told 403 whatever it sends.
  const allowed = can(actor, 'archiveFormalNotice', await loadWorkflowRequest(deps.db, row));
  if (!allowed.ok && allowed.reason === 'role') throw refusalError(allowed);
  if (document.typeDocumentId !== DOCUMENT_TYPE.FORMAL_NOTICE)
    throw validationError('', [fieldError('id', LETTER_MESSAGES.notAFormalNotice)]);
  const { result } = await runTransition(deps.db, actor, String(row.id), 'archiveFormalNotice', undefined, {
    write: async ({ trx, row: request }) => ({
      document: document.name,
      ...(await deps.records.send(trx, request, document)),
    }),
  });
  return actionOutcome(deps, actor, row, result.notice);
}
