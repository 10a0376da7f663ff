import { sql, type Kysely } from 'kysely';
import {
  canUser,
  DOCUMENT_TYPE,
  FORMAL_NOTICE_TEXTS,
  formalNoticeSigningProblem,
  delayText,
  pdfOnlyRefusal,
  WORKFLOW_MESSAGES,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldError, validationError } from '../../errors/field-errors.ts';
import { checkReceivedFile, type UploadParts } from '../../files/upload-parts.ts';
import { writeHistory } from '../../history/history.ts';
import { loadLegalRules } from '../../legal-clock/legal-rules-store.ts';
import type { Actor } from '../../policies/visibility.ts';
import { registerActs } from '../acts/act-numbers.ts';
import { notificationMailLines, recordNotifications } from '../acts/notification-records.ts';
import { insertDocuments } from '../filing/filing-writes.ts';
import { withStoredFiles } from '../filing/stored-files.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { RequestListRow } from '../list-query.ts';
import { actionOutcome, type ActionOutcome } from '../workflow/instruction-service.ts';
import { describeRequest, enqueueApplicantMail } from '../workflow/instruction-mails.ts';
import { signingFacts } from './formal-notice-facts.ts';
import type { WorksDeps } from './works-deps.ts';

// The formal notice as an act (docs/acts.md « Formal notice »): after a refused reception, the
// instructor records the signed formal notice (a PDF). In one transaction it is stored (type
// 1106), numbered in the register (nature `formalNotice`), mailed to the applicant's account with
// its personal link and the appeal wording, and given its notification row; the reception keeps
// the act, whose proven notification will start the delay to resume the works
// (acts/formal-notice-delay.ts). The request's state does not change: an act-level record.

/** Refuses, before the file is read, an actor or a moment the recording does not allow. */
export async function assertMayRecordSignedFormalNotice(
  db: Kysely<Database>,
  actor: Actor,
  key: string,
): Promise<RequestListRow> {
  const request = await findVisibleRequest(db, actor, key);
  if (!canUser(actor, 'recordSignedFormalNotice')) throw new AppError('FORBIDDEN', WORKFLOW_MESSAGES.role);
  const problem = formalNoticeSigningProblem((await signingFacts(db, request)).facts);
  if (problem) throw new AppError('STATE_CONFLICT', problem);
  return request;
}

/** The one PDF of the upload (field `file`), or the French refusal. */
async function signedFile(upload: UploadParts, maxBytes: number, requestId: number) {
  const part = upload.files.length === 1 ? upload.files.find((file) => file.fieldname === 'file') : undefined;
  if (!part) throw validationError('', [fieldError('file', FORMAL_NOTICE_TEXTS.needsPdf)]);
  const checked = await checkReceivedFile(part.received, { context: 'request', maxBytes });
  const refusal = checked.ok
    ? pdfOnlyRefusal(DOCUMENT_TYPE.SIGNED_FORMAL_NOTICE, checked.mimeType)
    : checked.message;
  if (refusal || !checked.ok)
    throw validationError('', [fieldError('file', refusal ?? FORMAL_NOTICE_TEXTS.needsPdf)]);
  return {
    typeDocumentId: DOCUMENT_TYPE.SIGNED_FORMAL_NOTICE,
    filename: `mise-en-demeure-signee-${String(requestId)}.pdf`,
    mimeType: checked.mimeType,
    part,
  };
}

/**
 * `POST request/{id}/letters/formalNotice/signed` (multipart `file`, a PDF): the signed formal
 * notice of the latest refused reception becomes an act of the register, notified to the
 * applicant. Checked again in the transaction: a second recording at once is refused (409) and
 * gives its number back.
 */
export async function recordSignedFormalNotice(
  deps: WorksDeps,
  actor: Actor,
  key: string,
  upload: UploadParts,
): Promise<ActionOutcome> {
  const row = await assertMayRecordSignedFormalNotice(deps.db, actor, key);
  const file = await signedFile(upload, deps.maxBytes, row.id);
  await withStoredFiles(deps, [file], (stored) =>
    deps.db.transaction().execute(async (trx) => {
      // The request's row is locked: its state and its reception are the ones checked.
      const request = await trx
        .selectFrom('request')
        .select(['id', 'stateId', 'ownerUserId'])
        .where('id', '=', row.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const { facts, receptionId } = await signingFacts(trx, request);
      const problem = formalNoticeSigningProblem(facts);
      if (problem || receptionId === null)
        throw new AppError('STATE_CONFLICT', problem ?? FORMAL_NOTICE_TEXTS.notAfterRefusal);
      const [documentId] = await insertDocuments(trx, { requestId: row.id, userId: actor.id, files: stored });
      await trx
        .updateTable('document')
        .set({ sentAt: sql`now()` })
        .where('id', '=', documentId!)
        .execute();
      const [number] = await registerActs(trx, actor, row, [
        { nature: 'formalNotice', documentId: documentId! },
      ]);
      const act = await trx
        .selectFrom('actRegister')
        .select('id')
        .where('number', '=', number!)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('reception')
        .set({ formalNoticeActId: act.id })
        .where('id', '=', receptionId)
        .execute();
      const rules = await loadLegalRules(trx);
      const { accountMailId } = await enqueueApplicantMail(
        trx,
        row,
        {
          subject: `Mise en demeure — demande n° ${String(row.id)}`,
          lines: [
            `Vous trouverez ci-joint la mise en demeure signée relative à la demande ${describeRequest(row)}, à la suite du refus de la réception des travaux.`,
            FORMAL_NOTICE_TEXTS.signedMailLine(delayText(rules.formalNotice)),
            ...notificationMailLines(deps.publicUrl, [number!]),
          ],
          context: 'Envoi de la mise en demeure signée',
          attachmentDocumentIds: [documentId!],
        },
        { publicUrl: deps.publicUrl },
      );
      await recordNotifications(trx, {
        requestId: row.id,
        actIds: [act.id],
        recipientUserId: request.ownerUserId,
        mailOutboxId: accountMailId,
      });
      await writeHistory(trx, {
        entity: 'request',
        entityId: row.id,
        actor: { id: actor.id, email: actor.email, picture: actor.picture },
        context: `Mise en demeure signée enregistrée : acte n° ${number!}`,
        data: { action: 'recordSignedFormalNotice', number: number!, document: file.filename },
      });
    }),
  );
  return actionOutcome(deps, actor, row, FORMAL_NOTICE_TEXTS.recorded);
}
