import { sql, type Kysely } from 'kysely';
import {
  FORMAL_NOTICE_TEXTS,
  LETTERS,
  RECEPTION_REFUSED_NOTICE,
  DOCUMENT_TYPE_NAMES,
  receptionDialogVariant,
  receptionFiles,
  type ReceptionVariant,
  type RecordReceptionInput,
  type RequestKind,
  type StateId,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import type { UploadParts } from '../../files/upload-parts.ts';
import { blockText } from '../../mail/mail-text.ts';
import { refusalSentences } from './refusal-sentences.ts';
import { insertDocuments } from '../filing/filing-writes.ts';
import { receivedBytes, withStoredFiles } from '../filing/stored-files.ts';
import { assertStorageQuota } from '../../files/storage-quota.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { Actor } from '../../policies/visibility.ts';
import { actionOutcome, transitionOutcome, type ActionOutcome } from '../workflow/instruction-service.ts';
import { describeRequest, enqueueApplicantMail } from '../workflow/instruction-mails.ts';
import { runTransition } from '../workflow/transition.ts';
import { frenchDateTime } from '../french-date.ts';
import { checkWorkFiles, jsonField, type WorkFileRule } from './work-files.ts';
import { appointmentInvitation, enqueueInstructorMail } from './works-mails.ts';
import { causeOf, clockOf, type WorksDeps } from './works-deps.ts';

// The reception (docs/screens.md "Request detail", docs/workflow.md "Transitions",
// docs/validation.md "Reception dialogs"): the applicant asks for it (photos or an appointment),
// the instructor proposes appointments, the applicant chooses one or has no availability, the
// instructor records the outcome. Each step mails the people concerned in its transaction.

/**
 * The reception request's files, as the domain lists them for the request's kind and dialog
 * (docs/screens.md "Reception dialogs"); a part outside the list is refused.
 */
function receptionFileRules(kind: RequestKind, variant: ReceptionVariant): Record<string, WorkFileRule> {
  const context = variant === 'photos' ? 'receptionPhotos' : 'receptionCombined';
  return Object.fromEntries(
    receptionFiles(kind, variant).map((file) => [
      `document-${String(file.typeDocumentId)}`,
      {
        typeDocumentId: file.typeDocumentId,
        // The plans and results are documents of any accepted format, not photos.
        context: file.required ? context : 'request',
        max: file.max,
        label: DOCUMENT_TYPE_NAMES[file.typeDocumentId] ?? '',
      },
    ]),
  );
}

/**
 * The refusal photos of a reception outcome (docs/validation.md "Reception dialogs": up to 5, jpeg,
 * pdf, bmp, png).
 */
const REFUSAL_PHOTOS: Record<string, WorkFileRule> = {
  photo: { typeDocumentId: 104, context: 'refusalPhotos', max: 5, label: 'Photo de refus' },
};

/** A body read as multipart (fields and files) or as JSON (fields only). */
export type WorksBody = UploadParts | { json: unknown };

const fieldsOf = (body: WorksBody): ReadonlyMap<string, unknown> =>
  'json' in body ? new Map<string, unknown>(Object.entries(body.json ?? {})) : body.fields;
const filesOf = (body: WorksBody) => ('json' in body ? [] : body.files);

/**
 * `POST request/{id}/reception`: Photos (-> 7, the photo and the extra photo needed) or
 * Rendez-vous (-> 6); the files are committed with the state change; the instructor is mailed.
 */
export async function requestReception(
  deps: WorksDeps,
  actor: Actor,
  key: string,
  body: WorksBody,
): Promise<ActionOutcome> {
  const fields = fieldsOf(body);
  const visible = await findVisibleRequest(deps.db, actor, key);
  const files = await checkWorkFiles(filesOf(body), {
    rules: receptionFileRules(
      visible.type as RequestKind,
      receptionDialogVariant(visible.stateId as StateId),
    ),
    positions: jsonField(fields.get('positions')),
    maxBytes: deps.maxBytes,
  });
  const option = fields.get('option');
  const input = { option, uploadedTypeIds: files.map((file) => file.typeDocumentId) };
  const quota = { actor, quotas: deps.quotas };
  await assertStorageQuota(deps.db, quota, { requestId: visible.id, incoming: receivedBytes(files) });
  const { row, result } = await withStoredFiles(deps, files, (stored) =>
    runTransition(deps.db, actor, key, 'requestReception', input, {
      write: async ({ trx, row: request }) => {
        await insertDocuments(trx, { requestId: request.id, userId: actor.id, files: stored, quota });
        const photos = option === 'Photos';
        await enqueueInstructorMail(
          trx,
          request,
          {
            subject: `Demande de réception des travaux — demande n° ${String(request.id)}`,
            lines: [
              `Le demandeur demande la réception des travaux de la demande ${describeRequest(request)}.`,
              photos
                ? 'Il a transmis les photos des travaux : vous pouvez enregistrer la réception.'
                : 'Il souhaite un rendez-vous sur place : proposez-lui jusqu’à trois dates.',
            ],
            context: 'Demande de réception',
            cause: causeOf(deps, actor),
          },
          deps,
        );
      },
      historyData: { option, documents: files.map((file) => file.filename) },
    }),
  );
  return actionOutcome(deps, actor, row, result.notice);
}

/** `POST request/{id}/appointments`: up to three dates in the future (the server's clock); the applicant is mailed. */
export async function proposeAppointments(
  deps: WorksDeps,
  actor: Actor,
  key: string,
  body: unknown,
): Promise<ActionOutcome> {
  const input = { ...(body ?? {}), now: clockOf(deps).toISOString() };
  return transitionOutcome(deps, actor, key, 'proposeAppointments', input, {
    write: async ({ trx, row: request, result: applied }) => {
      const dates = [applied.reception?.rdv1, applied.reception?.rdv2, applied.reception?.rdv3]
        .filter((date): date is string => !!date)
        .map((date) => `- ${frenchDateTime(date)}`);
      await enqueueApplicantMail(
        trx,
        request,
        {
          subject: `Réception des travaux : rendez-vous proposés — demande n° ${String(request.id)}`,
          lines: [
            `Pour la réception des travaux de votre demande ${describeRequest(request)}, nous vous proposons :`,
            ...dates,
            'Choisissez un rendez-vous sur le portail, ou indiquez que vous n’avez aucune disponibilité.',
          ],
          context: 'Proposition de rendez-vous',
        },
        { publicUrl: deps.publicUrl },
      );
      return { appointments: dates };
    },
  });
}

/** `POST request/{id}/appointments/choice`: -> 7; the applicant and the instructor get the .ics invitation. */
export async function chooseAppointment(
  deps: WorksDeps,
  actor: Actor,
  key: string,
  body: unknown,
): Promise<ActionOutcome> {
  return transitionOutcome(deps, actor, key, 'chooseAppointment', body, {
    write: async ({ trx, row: request, workflow, result: applied }) => {
      const chosen = workflow.appointments?.[(applied.reception?.acceptRdv ?? 1) - 1] ?? null;
      const invitation = chosen ? appointmentInvitation(request, chosen, deps) : null;
      const mail = {
        subject: `Rendez-vous de réception accepté — demande n° ${String(request.id)}`,
        lines: [
          `Le rendez-vous de réception des travaux de la demande ${describeRequest(request)} est fixé au ${frenchDateTime(chosen)}.`,
          "L'invitation est jointe à ce message.",
        ],
        context: 'Rendez-vous accepté',
        inlineAttachments: invitation ? [invitation] : [],
        cause: causeOf(deps, actor),
      };
      await enqueueApplicantMail(trx, request, mail, { publicUrl: deps.publicUrl });
      await enqueueInstructorMail(trx, request, mail, deps);
      return { appointment: chosen };
    },
  });
}

/** `POST request/{id}/appointments/decline` ('Aucune disponibilité'): proposals cleared, the instructor told. */
export async function declineAppointments(
  deps: WorksDeps,
  actor: Actor,
  key: string,
): Promise<ActionOutcome> {
  return transitionOutcome(deps, actor, key, 'declineAppointments', undefined, {
    write: async ({ trx, row: request }) => {
      await enqueueInstructorMail(
        trx,
        request,
        {
          subject: `Aucune disponibilité pour la réception — demande n° ${String(request.id)}`,
          lines: [
            `Le demandeur n'est disponible à aucun des rendez-vous proposés pour la demande ${describeRequest(request)}.`,
            "Proposez-lui d'autres dates sur le portail.",
          ],
          context: 'Refus de rendez-vous',
          cause: causeOf(deps, actor),
        },
        deps,
      );
    },
  });
}

/**
 * The latest version of each reception letter of the outcome (PDF, else DOCX): what the outcome's
 * mail carries. An acceptance carries the minutes only — never the formal notice of an earlier
 * refusal; a refusal, the formal notice and the minutes.
 */
async function latestReceptionLetters(
  trx: Kysely<Database>,
  requestId: number,
  accepted: boolean,
): Promise<number[]> {
  const types = accepted
    ? [LETTERS.minutes.typeDocumentId]
    : [LETTERS.formalNotice.typeDocumentId, LETTERS.minutes.typeDocumentId];
  const rows = await trx
    .selectFrom('document')
    .select(['id', 'typeDocumentId', 'mimeType', 'createdAt'])
    .where('requestId', '=', requestId)
    .where('typeDocumentId', 'in', types)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return types.flatMap((type) => {
    const versions = rows.filter((row) => row.typeDocumentId === type);
    const newest = versions[0];
    if (!newest) return [];
    const current = versions.filter((row) => String(row.createdAt) === String(newest.createdAt));
    const pick = current.find((row) => row.mimeType === 'application/pdf') ?? current[0]!;
    return [pick.id];
  });
}

/**
 * `POST request/{id}/reception/outcome`: accepted -> 2, refused -> 12 (13 from 12); a formal
 * notice or minutes must exist first (the domain's rule). The refusal photos are committed with
 * it; the applicant is mailed the outcome, the refusal's sentences and the letters, which are
 * then marked as sent (and visible to the applicant).
 */
export async function recordReception(
  deps: WorksDeps,
  actor: Actor,
  key: string,
  body: WorksBody,
): Promise<ActionOutcome> {
  const fields = fieldsOf(body);
  const input = 'json' in body ? body.json : jsonField(fields.get('reception'));
  const files = await checkWorkFiles(filesOf(body), {
    rules: REFUSAL_PHOTOS,
    positions: jsonField(fields.get('positions')),
    maxBytes: deps.maxBytes,
  });
  const { row, result } = await withStoredFiles(deps, files, (stored) =>
    runTransition(deps.db, actor, key, 'recordReception', input, {
      write: async ({ trx, row: request, result: applied }) => {
        await insertDocuments(trx, { requestId: request.id, userId: actor.id, files: stored });
        const outcome = applied.reception as RecordReceptionInput;
        const sentences = refusalSentences(outcome);
        const accepted = outcome.avis === 'accepté';
        const letters = await latestReceptionLetters(trx, request.id, accepted);
        // The formal notice's delay runs from its signed act's proven notification, not from the
        // refusal (formal-notice-service.ts, acts/formal-notice-delay.ts).
        const noticeFollows = !accepted && (await hasFormalNotice(trx, request.id));
        if (letters.length > 0)
          await trx
            .updateTable('document')
            .set({ sentAt: sql`now()` })
            .where('id', 'in', letters)
            .execute();
        await enqueueApplicantMail(
          trx,
          request,
          {
            subject: `${accepted ? 'Travaux réceptionnés' : 'Réception des travaux refusée'} — demande n° ${String(request.id)}`,
            lines: [
              accepted
                ? `La réception des travaux de votre demande ${describeRequest(request)} est prononcée.`
                : `La réception des travaux de votre demande ${describeRequest(request)} est refusée, pour les raisons suivantes :`,
              ...sentences.map((sentence) => `- ${blockText(sentence)}`),
              ...(noticeFollows ? [FORMAL_NOTICE_TEXTS.refusalMailLine] : []),
              ...(letters.length > 0 ? ['Vous trouverez ci-joint le courrier correspondant.'] : []),
            ],
            context: accepted ? 'Réception des travaux' : 'Réception refusée',
            attachmentDocumentIds: letters,
          },
          { publicUrl: deps.publicUrl },
        );
        return { avis: outcome.avis, ...(sentences.length > 0 ? { comment: sentences.join(' ') } : {}) };
      },
      historyContext: outcomeContext(input),
    }),
  );
  return actionOutcome(deps, actor, row, result.notice);
}

/** True when a formal notice was generated for the request (its signed act will follow). */
async function hasFormalNotice(trx: Kysely<Database>, requestId: number): Promise<boolean> {
  const found = await trx
    .selectFrom('document')
    .select('id')
    .where('requestId', '=', requestId)
    .where('typeDocumentId', '=', LETTERS.formalNotice.typeDocumentId)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** The history's text of an outcome: the notice the user reads. */
function outcomeContext(input: unknown): string {
  return (input as { avis?: unknown } | null)?.avis === 'refusé'
    ? RECEPTION_REFUSED_NOTICE
    : 'Dossier réceptionné.';
}
