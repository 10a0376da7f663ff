import { z } from 'zod';
import { hasRole } from './accounts.ts';
import { ACT_DOCUMENT_TYPE_IDS } from './acts.ts';
import { PUBLIC_DOMAIN_PARTS, RECEPTION_OPINIONS, RECEPTION_REFUSAL_REASONS } from './decision-lists.ts';
import { DOCUMENT_TYPE, UPLOAD_MESSAGES } from './documents.ts';
import { isNetworksKind, type RequestKind } from './kinds.ts';
import { isoDate, optionalText } from './schemas/common.ts';
import type { StateId } from './states.ts';

// The works phase (docs/screens.md "Request detail", docs/workflow.md "Transitions",
// docs/validation.md "Reception dialogs", docs/constants.md): the reception's letters, the
// reception dialogs, where photos were taken, which documents may be deleted.

/** The letters of the works phase, by kind: their document type and file name (docs/constants.md). */
export const LETTERS = {
  formalNotice: {
    typeDocumentId: DOCUMENT_TYPE.FORMAL_NOTICE,
    label: 'Mise en demeure',
    fileStem: 'mise-en-demeure',
  },
  minutes: {
    typeDocumentId: DOCUMENT_TYPE.RECEPTION_MINUTES,
    label: 'Procès-verbal de réception',
    fileStem: 'pv-reception',
  },
  disturbanceMinutes: {
    typeDocumentId: DOCUMENT_TYPE.ROAD_DISTURBANCE_MINUTES,
    label: 'Procès-verbal de perturbation de voirie',
    fileStem: 'pv-perturbation',
  },
} as const;
export const LETTER_KINDS = ['formalNotice', 'minutes', 'disturbanceMinutes'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];
export const LetterKindSchema = z.enum(LETTER_KINDS, { error: 'Courrier inconnu.' });

/** The document types of the letters: never deleted, listed apart from the pieces. */
export const LETTER_TYPE_IDS: readonly number[] = LETTER_KINDS.map((kind) => LETTERS[kind].typeDocumentId);

/**
 * The file name of a letter (the formal notice: `mise-en-demeure-{requestId}.docx`,
 * docs/constants.md "Letter templates").
 */
export function letterFileName(kind: LetterKind, requestId: number, extension: 'docx' | 'pdf'): string {
  return `${LETTERS[kind].fileStem}-${String(requestId)}.${extension}`;
}

/** The workflow action that allows drafting a letter of this kind. */
export function letterAction(kind: LetterKind): 'generateLetter' | 'generateDisturbanceMinutes' {
  return kind === 'disturbanceMinutes' ? 'generateDisturbanceMinutes' : 'generateLetter';
}

/**
 * The template of a letter (docs/constants.md "Letter templates"): 6 the formal notice; minutes 7
 * for an access-development cerfa, 8 for a reception on photos or from state 4, 9 otherwise; 10 the
 * road-disturbance minutes.
 */
export function letterModeleId(
  kind: LetterKind,
  request: { type: RequestKind; stateId: StateId | null; receptionOption?: string | null },
): 6 | 7 | 8 | 9 | 10 {
  if (kind === 'formalNotice') return 6;
  if (kind === 'disturbanceMinutes') return 10;
  if (request.type === 3) return 7;
  if (request.receptionOption === 'Photos' || request.stateId === 4) return 8;
  return 9;
}

export const LETTER_MESSAGES = {
  /** docs/screens.md "Notices and errors": a formal notice or minutes asked for when none is generated. */
  noLetter: UPLOAD_MESSAGES.noOrder,
  /** docs/screens.md "Notices and errors": the road-disturbance minutes asked for when none is generated. */
  noDisturbanceMinutes: UPLOAD_MESSAGES.noMinutes,
  formalNoticeNeedsRefusal: 'Une mise en demeure suit une réception refusée : choisissez l’avis « refusé ».',
  replaced: 'Le courrier a été modifié.',
  uploadPrefix: "Erreur lors de l'envoi du courrier : ",
  archived: 'La mise en demeure a été envoyée à la gestion électronique des documents.',
  notAFormalNotice: "Ce document n'est pas une mise en demeure.",
} as const;

/** The message when a letter of this kind is asked for and none exists. */
export function noLetterMessage(kind: LetterKind): string {
  return kind === 'disturbanceMinutes' ? LETTER_MESSAGES.noDisturbanceMinutes : LETTER_MESSAGES.noLetter;
}

/**
 * What a reception letter is merged from besides the request: the outcome as chosen in the
 * reception dialog, before it is validated (the generate buttons wait for an opinion,
 * docs/validation.md "Reception dialogs").
 */
export const LetterDraftSchema = z.object({
  avis: z.enum(RECEPTION_OPINIONS, { error: 'Veuillez choisir un avis' }).optional(),
  dateVisite: isoDate.nullish(),
  motifRefus: z.array(z.enum(RECEPTION_REFUSAL_REASONS)).default([]),
  motifRefusTxt: optionalText(4000),
  partieDomainePublic: z.array(z.enum(PUBLIC_DOMAIN_PARTS)).default([]),
});
export type LetterDraft = z.infer<typeof LetterDraftSchema>;

/** The draft of a letter of this kind, or its French refusal (reception letters need an opinion). */
export function letterDraftSchema(kind: LetterKind) {
  if (kind === 'disturbanceMinutes') return LetterDraftSchema;
  return LetterDraftSchema.superRefine((draft, ctx) => {
    if (!draft.avis) ctx.addIssue({ code: 'custom', path: ['avis'], message: 'Veuillez choisir un avis' });
    else if (kind === 'formalNotice' && draft.avis !== 'refusé')
      ctx.addIssue({ code: 'custom', path: ['avis'], message: LETTER_MESSAGES.formalNoticeNeedsRefusal });
  });
}

/**
 * The reception dialog a state opens (docs/screens.md "Request detail", docs/validation.md
 * "Reception dialogs"): both options in 4 and 12, photos in 6 and 7.
 */
export function receptionDialogVariant(stateId: StateId | null): ReceptionVariant {
  return stateId === 6 || stateId === 7 ? 'photos' : 'combined';
}
export type ReceptionVariant = 'combined' | 'photos';

/** A file the reception request asks for, under its part name `document-{typeDocumentId}`. */
export interface ReceptionFile {
  typeDocumentId: number;
  /** The two photos of a reception on photos (piece3 and piece4). */
  required: boolean;
  /** How many files of this type one request may carry. */
  max: number;
}

const RECEPTION_PHOTOS: readonly ReceptionFile[] = [
  { typeDocumentId: DOCUMENT_TYPE.RECEPTION_PHOTO, required: true, max: 1 },
  { typeDocumentId: DOCUMENT_TYPE.RECEPTION_EXTRA_PHOTO, required: true, max: 1 },
];
const TRENCH_RECORDS: readonly ReceptionFile[] = [
  { typeDocumentId: DOCUMENT_TYPE.AS_BUILT_PLANS, required: false, max: 5 },
  { typeDocumentId: DOCUMENT_TYPE.COMPACTION_RESULTS, required: false, max: 5 },
];

/**
 * The files of a reception request on photos, by kind and dialog (docs/screens.md "Reception
 * dialogs"): the photo and the extra photo always; a network permission's first request (4 or 12)
 * also its as-built plans and compaction results — records of the trenches, which an access or a
 * fence does not dig (its minutes are template 7). Photos added in 6 or 7 are photos only.
 */
export function receptionFiles(kind: RequestKind, variant: ReceptionVariant): readonly ReceptionFile[] {
  return variant === 'combined' && isNetworksKind(kind)
    ? [...RECEPTION_PHOTOS, ...TRENCH_RECORDS]
    : RECEPTION_PHOTOS;
}

/** A photo taken farther than this from the works is flagged. */
export const PHOTO_DISTANCE_WARNING_METRES = 200;

/** Document types whose place is recorded: reception photos and road-disturbance photos. */
export const LOCATED_PHOTO_TYPE_IDS: readonly number[] = [
  DOCUMENT_TYPE.RECEPTION_PHOTO,
  DOCUMENT_TYPE.RECEPTION_EXTRA_PHOTO,
  DOCUMENT_TYPE.ROAD_DISTURBANCE_PHOTO,
];

/** True when a photo's place is known and too far from the works. */
export function isPhotoFarFromWorks(distanceMetres: number | null | undefined): boolean {
  return typeof distanceMetres === 'number' && distanceMetres > PHOTO_DISTANCE_WARNING_METRES;
}

/** The warning beside a photo taken far from the works. */
export function photoDistanceWarning(distanceMetres: number): string {
  return `Photo prise à ${String(Math.round(distanceMetres))} m des travaux (plus de ${String(PHOTO_DISTANCE_WARNING_METRES)} m).`;
}

/** Where the device was when a photo was taken, sent with the upload (EPSG:4326 degrees). */
export const PhotoPositionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type PhotoPosition = z.infer<typeof PhotoPositionSchema>;

/** The `positions` field of a photo upload: the device's place per file part (`document-104`…). */
export const PhotoPositionsSchema = z.record(z.string().max(40), PhotoPositionSchema);

/** Types never deleted: every act's order, generated or signed (acts.ts), and the letters. */
export const UNDELETABLE_TYPE_IDS: readonly number[] = [
  ...ACT_DOCUMENT_TYPE_IDS,
  ...LETTER_TYPE_IDS,
  DOCUMENT_TYPE.SIGNED_FORMAL_NOTICE,
];

export const DOCUMENT_DELETE_MESSAGES = {
  protected: 'Un arrêté ou un courrier ne peut pas être supprimé.',
  notUploader: "Vous ne pouvez supprimer qu'une pièce que vous avez déposée.",
  tooLate: "La pièce ne peut plus être supprimée : l'instruction de la demande a commencé.",
  deleted: 'La pièce a été supprimée.',
} as const;

/** States in which the instruction has not started: the uploader may still remove a piece. */
const BEFORE_INSTRUCTION: readonly StateId[] = [3, 8, 9];

/**
 * May this account delete this document? Never an order, the signed order or a
 * letter; an admin otherwise always (but during a generation); its uploader while the request
 * is not yet instructed (3, 8 or 9, no decision saved, not in signature).
 */
export function canDeleteDocument(
  actor: { id: number; roles: readonly string[] },
  document: { typeDocumentId: number; stdUserId: number | null },
  request: { stateId: StateId; sendToSign: boolean; isFavorable: boolean | null | undefined },
): { ok: true } | { ok: false; reason: 'role' | 'state'; message: string } {
  if (UNDELETABLE_TYPE_IDS.includes(document.typeDocumentId))
    return { ok: false, reason: 'state', message: DOCUMENT_DELETE_MESSAGES.protected };
  if (hasRole(actor, 'ROLE_ADMIN'))
    return request.stateId === 999
      ? { ok: false, reason: 'state', message: DOCUMENT_DELETE_MESSAGES.tooLate }
      : { ok: true };
  if (document.stdUserId === null || document.stdUserId !== actor.id)
    return { ok: false, reason: 'role', message: DOCUMENT_DELETE_MESSAGES.notUploader };
  const instructing =
    !BEFORE_INSTRUCTION.includes(request.stateId) ||
    request.sendToSign ||
    (request.isFavorable !== null && request.isFavorable !== undefined);
  return instructing
    ? { ok: false, reason: 'state', message: DOCUMENT_DELETE_MESSAGES.tooLate }
    : { ok: true };
}
