import { sql, type Kysely } from 'kysely';
import { ACT_MESSAGES, actFileName, pdfOnlyRefusal, requestActs, type Act } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { fieldError, validationError } from '../../errors/field-errors.ts';
import { checkReceivedFile, type UploadedPart, type UploadParts } from '../../files/upload-parts.ts';
import type { FileStore } from '../../files/file-store.ts';
import { writeHistory } from '../../history/history.ts';
import type { AcceptedFile } from '../filing/filing-checks.ts';
import { withStoredFiles } from '../filing/stored-files.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { RequestListRow } from '../list-query.ts';
import type { Actor } from '../../policies/visibility.ts';
import { blockText } from '../../mail/mail-text.ts';
import {
  describeRequest,
  enqueueApplicantMail,
  enqueueRequestMail,
  requestLink,
} from './instruction-mails.ts';
import {
  actionOutcome,
  transitionOutcome,
  type ActionOutcome,
  type InstructionDeps,
} from './instruction-service.ts';
import { registerSignedActs } from '../acts/act-numbers.ts';
import { publishAct, queuePublications } from '../acts/act-publication.ts';
import type { SealDeps } from '../acts/seal.ts';
import { ghostscriptPdfA, type PdfAConverter } from '../../files/pdf-a.ts';
import { notificationMailLines, notifiedActsOf, recordNotifications } from '../acts/notification-records.ts';
import { findRequestTown } from './request-town.ts';
import { manualSignatureProvider, type SignatureProvider } from './signature-provider.ts';
import { loadWorkflowRequest, runTransition } from './transition.ts';

export interface SignatureDeps extends InstructionDeps {
  store: FileStore;
  maxBytes: number;
  provider?: SignatureProvider;
  /** The seal's settings (the published traffic order is sealed). */
  config: SealDeps['config'];
  /** The PDF/A conversion of published acts; Ghostscript's by default. */
  pdfA?: PdfAConverter;
}

/**
 * Submit for signature (docs/workflow.md "Transitions"): needs the order of every act of the
 * request (the domain's guard); the request stays in 3, « En signature », and the provider receives
 * the latest order documents of every act together.
 */
export async function submitForSignature(
  deps: SignatureDeps,
  actor: Actor,
  key: string,
): Promise<ActionOutcome> {
  const provider = deps.provider ?? manualSignatureProvider;
  return transitionOutcome(deps, actor, key, 'submitForSignature', undefined, {
    write: async ({ trx, row: request, workflow }) => {
      const acts = requestActs(workflow);
      const orders = await trx
        .selectFrom('document')
        .select(['id', 'typeDocumentId', 'createdAt'])
        .where('requestId', '=', request.id)
        .where(
          'typeDocumentId',
          'in',
          acts.flatMap((act) => act.orderTypeIds),
        )
        .orderBy('id')
        .execute();
      // Each act's latest version (its DOCX and PDF share their creation instant).
      const latest = acts.flatMap((act) => {
        const versions = orders.filter((order) => act.orderTypeIds.includes(order.typeDocumentId));
        const newest = versions.at(-1);
        const instant = (order: { createdAt: Date | string }) => new Date(order.createdAt).getTime();
        return versions.filter((order) => newest && instant(order) === instant(newest));
      });
      await provider.submit(
        request,
        latest.map((order) => order.id),
      );
      return { acts: acts.map((act) => act.kind) };
    },
    historyData: { provider: provider.name },
  });
}

/** The one act of a request signed with the spec's single `file` field. */
const SINGLE_FILE_FIELD = 'file';
const NEEDS_ONE_PDF = "Veuillez joindre l'arrêté signé (un fichier PDF).";

/**
 * The signed PDF of each act, from the upload's file parts: one per act, in the field named by
 * the act (`permission`, `alignment`, `traffic`; `file` also for a request of one act), each a
 * PDF by its content. Every problem is answered at once, in French, naming the act; nothing is
 * stored before they are all right.
 */
async function signedFilesOf(
  acts: readonly Act[],
  upload: UploadParts,
  maxBytes: number,
): Promise<AcceptedFile[]> {
  const single = acts.length === 1;
  const actOf = (part: UploadedPart) =>
    acts.find((act) => act.field === part.fieldname) ??
    (single && part.fieldname === SINGLE_FILE_FIELD ? acts[0] : undefined);
  const errors: ReturnType<typeof fieldError>[] = [];
  const byAct = new Map<Act, UploadedPart>();
  for (const part of upload.files) {
    const act = actOf(part);
    if (!act) errors.push(fieldError(part.fieldname, ACT_MESSAGES.unknownField(part.fieldname)));
    else if (byAct.has(act)) errors.push(fieldError(part.fieldname, ACT_MESSAGES.duplicateField(act)));
    else byAct.set(act, part);
  }
  const files: AcceptedFile[] = [];
  for (const act of acts) {
    const field = single ? SINGLE_FILE_FIELD : act.field;
    const part = byAct.get(act);
    if (!part) {
      errors.push(fieldError(field, single ? NEEDS_ONE_PDF : ACT_MESSAGES.signedMissing(act)));
      continue;
    }
    const checked = await checkReceivedFile(part.received, { context: 'request', maxBytes });
    const refusal = checked.ok ? pdfOnlyRefusal(act.signedTypeId, checked.mimeType) : checked.message;
    if (refusal || !checked.ok) {
      errors.push(fieldError(field, refusal ?? NEEDS_ONE_PDF));
      continue;
    }
    files.push({ typeDocumentId: act.signedTypeId, filename: '', mimeType: checked.mimeType, part });
  }
  if (errors.length > 0) throw validationError('', errors);
  return files;
}

/** « l'arrêté de permission de voirie, l'arrêté d'alignement individuel et l'arrêté de police de la circulation ». */
function namesOf(acts: readonly Act[]): string {
  const names = acts.map((act) => act.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} et ${names.at(-1)!}` : (names[0] ?? '');
}

/**
 * The signed traffic order to the town's municipal police (its `mailPM`, the recipients screen);
 * when the town has none, the history says so. The data kept in the transition's entry.
 */
async function mailMunicipalPolice(
  trx: Kysely<Database>,
  actor: Actor,
  request: RequestListRow,
  signedTrafficOrderId: number,
): Promise<{ municipalPolice: string | null }> {
  const town = await findRequestTown(trx, request);
  if (!town?.mailPm) {
    await writeHistory(trx, {
      entity: 'request',
      entityId: request.id,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: `Arrêté de police de la circulation non envoyé à la police municipale : aucune adresse de police municipale n'est renseignée pour ${town ? `la commune de ${town.name}` : 'la commune de la demande'}.`,
      data: { town: town?.name ?? request.addressCity ?? null },
    });
    return { municipalPolice: null };
  }
  await enqueueRequestMail(trx, request, {
    to: [town.mailPm],
    subject: `Arrêté de police de la circulation signé — demande n° ${String(request.id)}`,
    lines: [
      `Vous trouverez ci-joint l'arrêté de police de la circulation signé relatif à la demande ${describeRequest(request)}.`,
      'Il réglemente la circulation et le stationnement pendant les travaux.',
    ],
    context: "Envoi de l'arrêté de police de la circulation à la police municipale",
    attachmentDocumentIds: [signedTrafficOrderId],
  });
  return { municipalPolice: town.mailPm };
}

/**
 * The signed orders come back (manual provider), one PDF per act of the request (acts.ts): stored
 * as each act's signed type (21, 1021, 2021), then the signature ends (a favourable permission →
 * 4, an alignment or a refusal → 5, the domain decides; a permission asked with an alignment
 * follows its permission). The signed acts are mailed together, attached, to the applicant and to
 * each of the order's recipients; the signed traffic order also to the town's municipal police.
 */
export async function recordSignedOrder(
  deps: SignatureDeps,
  actor: Actor,
  key: string,
  upload: UploadParts,
): Promise<ActionOutcome> {
  // The acts to sign (the transition checks the role and state again, in its transaction).
  const visible = await findVisibleRequest(deps.db, actor, key);
  const workflow = await loadWorkflowRequest(deps.db, visible);
  const acts = requestActs(workflow);
  const files = await signedFilesOf(acts, upload, deps.maxBytes);
  let published: number[] = [];
  const { row, result } = await withStoredFiles(deps, files, (stored) =>
    runTransition(deps.db, actor, key, 'signatureReturned', undefined, {
      write: async ({ trx, row: request }) => {
        const rows = await trx
          .insertInto('document')
          .values(
            acts.map((act, index) => ({
              requestId: request.id,
              stdUserId: actor.id,
              typeDocumentId: act.signedTypeId,
              name: actFileName(act, request.id, 'signed'),
              mimeType: stored[index]!.mimeType,
              size: stored[index]!.size,
              sha256: stored[index]!.sha256,
              storageKey: stored[index]!.storageKey,
            })),
          )
          .returning('id')
          .execute();
        const ids = rows.map((document) => document.id);
        const numbers = await registerSignedActs(trx, actor, {
          request,
          acts,
          documentIds: ids,
          isFavorable: workflow.isFavorable ?? null,
        });
        // The traffic order is regulatory: published once committed (below).
        published = await queuePublications(trx, numbers);
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
        const several = acts.length > 1;
        const mail = {
          subject: `${several ? 'Arrêtés signés' : 'Arrêté signé'} — demande n° ${String(request.id)}`,
          lines: [
            several
              ? `Vous trouverez ci-joints les arrêtés signés relatifs à la demande ${describeRequest(request)} : ${namesOf(acts)}.`
              : `Vous trouverez ci-joint l'arrêté signé relatif à la demande ${describeRequest(request)}.`,
          ],
          context: several ? 'Envoi des arrêtés signés' : "Envoi de l'arrêté signé",
          attachmentDocumentIds: ids,
        };
        // The applicant's mail notifies the individual acts (docs/acts.md « Notification »).
        const notified = await notifiedActsOf(trx, request.id, numbers);
        const { accountMailId } = await enqueueApplicantMail(
          trx,
          request,
          {
            ...mail,
            lines: [
              ...mail.lines,
              ...notificationMailLines(
                deps.publicUrl,
                notified.map((act) => act.number),
              ),
            ],
          },
          { publicUrl: deps.publicUrl },
        );
        await recordNotifications(trx, {
          requestId: request.id,
          actIds: notified.map((act) => act.id),
          recipientUserId: request.ownerUserId,
          mailOutboxId: accountMailId,
        });
        await enqueueRequestMail(trx, request, {
          ...mail,
          to: recipients.map((recipient) => recipient.mail),
        });
        const traffic = acts.findIndex((act) => act.kind === 'traffic');
        return {
          documents: acts.map((act) => actFileName(act, request.id, 'signed')),
          numbers,
          ...(traffic >= 0 ? await mailMunicipalPolice(trx, actor, request, ids[traffic]!) : {}),
        };
      },
    }),
  );
  // Outside any transaction (Ghostscript takes its time); a failure is retried, never the signature's.
  for (const actId of published) await publishAct({ ...deps, pdfA: deps.pdfA ?? ghostscriptPdfA() }, actId);
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
  return transitionOutcome(deps, actor, key, 'signatureRefused', input ?? {}, {
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
}
