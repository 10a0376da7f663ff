import { sql } from 'kysely';
import { DOCUMENT_TYPE, ORDER_DOCUMENT_TYPE_IDS, pdfOnlyRefusal } from '@voirie/domain';
import { fieldError, validationError } from '../../http/error-handler.ts';
import { checkReceivedFile, type UploadParts } from '../../files/upload-parts.ts';
import type { FileStore } from '../../files/file-store.ts';
import { withStoredFiles } from '../filing/stored-files.ts';
import type { Actor } from '../visibility.ts';
import { blockText } from '../../mail/mail-text.ts';
import {
  describeRequest,
  enqueueApplicantMail,
  enqueueRequestMail,
  requestLink,
} from './instruction-mails.ts';
import { actionOutcome, type ActionOutcome, type InstructionDeps } from './instruction-service.ts';
import { manualSignatureProvider, type SignatureProvider } from './signature-provider.ts';
import { runTransition } from './transition.ts';

export interface SignatureDeps extends InstructionDeps {
  store: FileStore;
  maxBytes: number;
  provider?: SignatureProvider;
}

/** Submit for signature (spec 2 §4): needs an order; the request stays in 3, « En signature ». */
export async function submitForSignature(
  deps: SignatureDeps,
  actor: Actor,
  key: string,
): Promise<ActionOutcome> {
  const provider = deps.provider ?? manualSignatureProvider;
  const { row, result } = await runTransition(deps.db, actor, key, 'submitForSignature', undefined, {
    write: async ({ trx, row: request }) => {
      const orders = await trx
        .selectFrom('document')
        .select('id')
        .where('requestId', '=', request.id)
        .where('typeDocumentId', 'in', [...ORDER_DOCUMENT_TYPE_IDS])
        .execute();
      await provider.submit(
        request,
        orders.map((order) => order.id),
      );
    },
    historyData: { provider: provider.name },
  });
  return actionOutcome(deps, actor, row, result.notice);
}

const NEEDS_ONE_PDF = "Veuillez joindre l'arrêté signé (un fichier PDF).";

/**
 * The signed order comes back (manual provider): stored as type 21, the signature ends (a
 * favourable permission → 4, an alignment or a refusal → 5, the domain decides) and the signed
 * order is mailed, attached, to the applicant and to each of the order's recipients.
 */
export async function recordSignedOrder(
  deps: SignatureDeps,
  actor: Actor,
  key: string,
  upload: UploadParts,
): Promise<ActionOutcome> {
  const parts = upload.files.filter((part) => part.fieldname === 'file');
  const part = parts[0];
  if (!part || upload.files.length !== 1) throw validationError('', [fieldError('file', NEEDS_ONE_PDF)]);
  const checked = checkReceivedFile(part.received, { context: 'request', maxBytes: deps.maxBytes });
  const refusal = checked.ok
    ? pdfOnlyRefusal(DOCUMENT_TYPE.SIGNED_DECISION_ORDER, checked.mimeType)
    : checked.message;
  if (refusal || !checked.ok) throw validationError('', [fieldError('file', refusal ?? NEEDS_ONE_PDF)]);
  const file = {
    typeDocumentId: DOCUMENT_TYPE.SIGNED_DECISION_ORDER,
    filename: '',
    mimeType: checked.mimeType,
    part,
  };
  const { row, result } = await withStoredFiles(deps, [file], ([stored]) =>
    runTransition(deps.db, actor, key, 'signatureReturned', undefined, {
      write: async ({ trx, row: request }) => {
        const { id } = await trx
          .insertInto('document')
          .values({
            requestId: request.id,
            stdUserId: actor.id,
            typeDocumentId: DOCUMENT_TYPE.SIGNED_DECISION_ORDER,
            name: `arrete-signe-${String(request.id)}.pdf`,
            mimeType: stored!.mimeType,
            size: stored!.size,
            sha256: stored!.sha256,
            storageKey: stored!.storageKey,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('request')
          .set({ signatureRefusal: null, signatureRefusedAt: null })
          .where('id', '=', request.id)
          .execute();
        const recipients = await trx
          .selectFrom('mailArreteSigne')
          .select('mail')
          .where('requestId', '=', request.id)
          .orderBy('id')
          .execute();
        const mail = {
          subject: `Arrêté signé — demande n° ${String(request.id)}`,
          lines: [`Vous trouverez ci-joint l'arrêté signé relatif à la demande ${describeRequest(request)}.`],
          context: "Envoi de l'arrêté signé",
          attachmentDocumentIds: [id],
        };
        await enqueueApplicantMail(trx, request, mail, { publicUrl: deps.publicUrl });
        await enqueueRequestMail(trx, request, {
          ...mail,
          to: recipients.map((recipient) => recipient.mail),
        });
      },
    }),
  );
  return actionOutcome(deps, actor, row, result.notice);
}

/**
 * The signatory refused (manual provider): back to instruction (3, no longer in signature), the
 * refusal kept for instructors and admins, and the request's instructor told.
 */
export async function recordSignatureRefusal(
  deps: SignatureDeps,
  actor: Actor,
  key: string,
  input: unknown,
): Promise<ActionOutcome> {
  const { row, result } = await runTransition(deps.db, actor, key, 'signatureRefused', input ?? {}, {
    write: async ({ trx, row: request }) => {
      const comment =
        (input as { comment?: string | null } | null)?.comment?.trim() || 'Refus sans motif précisé';
      await trx
        .updateTable('request')
        .set({ signatureRefusal: comment, signatureRefusedAt: sql`now()` })
        .where('id', '=', request.id)
        .execute();
      const instructor =
        request.instructeurId === null
          ? undefined
          : await trx
              .selectFrom('stdUser')
              .select('email')
              .where('id', '=', request.instructeurId)
              .executeTakeFirst();
      await enqueueRequestMail(trx, request, {
        to: [instructor?.email],
        subject: `Refus de signature — demande n° ${String(request.id)}`,
        lines: [
          `Le signataire a refusé l'arrêté de la demande ${describeRequest(request)}.`,
          `Motif : ${blockText(comment)}`,
        ],
        context: 'Refus de signature',
        link: requestLink(deps.publicUrl, request),
      });
      // The refusal is shown to instructors and admins only (the comments viewer reads staffOnly).
      return { comment, staffOnly: true };
    },
  });
  return actionOutcome(deps, actor, row, result.notice);
}
