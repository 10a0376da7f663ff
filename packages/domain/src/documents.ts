import { hasRole } from './accounts.ts';
import type { RequestKind } from './kinds.ts';
import type { StateId } from './states.ts';

/**
 * Document type ids named in the specs (docs/constants.md "Document types"). The specs give no
 * names for 79, 80, 85, 101, 107 and 109: their constants are named after their use.
 */
export const DOCUMENT_TYPE = {
  SITUATION_PLAN: 1,
  LOCALISATION_PLAN: 3,
  PHOTOS: 5,
  LONGITUDINAL_CUTS: 6,
  WORKS_PLAN: 8,
  TECHNICAL_CUTS: 9,
  CROSSING_PLAN: 10,
  LAYOUT_PLAN: 11,
  /** Opened as an image in a new window. */
  IMAGE: 17,
  COMPLEMENTARY: 18,
  DECISION_ORDER: 20,
  /** The signed order (the manual signature provider's upload, docs/api-instruction.md "Signature"). */
  SIGNED_DECISION_ORDER: 21,
  /** Not required for kind 2. */
  ALIGNMENT_EXEMPT_79: 79,
  /** Not required for kind 2. */
  ALIGNMENT_EXEMPT_80: 80,
  /** Shown optional for kind 2; must be marked missing to transfer back to the applicant. */
  TRANSFER_BACK_85: 85,
  /** The generated order (editable document; never listed). */
  ORDER: 93,
  /** Decision annex; hidden from applicants in states 1 to 3. */
  DECISION_ANNEX: 97,
  /** Must be marked missing to transfer back to the applicant. */
  TRANSFER_BACK_101: 101,
  AS_BUILT_PLANS: 102,
  COMPACTION_RESULTS: 103,
  /** Reception photo (piece3); also a refusal photo. */
  RECEPTION_PHOTO: 104,
  /** Extra reception photo (piece4). */
  RECEPTION_EXTRA_PHOTO: 105,
  FORMAL_NOTICE: 106,
  RECEPTION_REQUIRED_107: 107,
  RECEPTION_MINUTES: 108,
  RECEPTION_REQUIRED_109: 109,
  ROAD_DISTURBANCE_MINUTES: 110,
  ROAD_DISTURBANCE_PHOTO: 111,
  // The acts a permission carries besides its own order (acts.ts; migration 0021). Ids
  // far above the spec's and the administrators' (the sequence stood at 111): 1xxx the combined
  // alignment's order, 2xxx the traffic order; xx93 generated, xx21 signed, as 93 and 21.
  /** The generated order of the alignment combined with a permission (never listed). */
  ALIGNMENT_ORDER: 1093,
  /** That order, signed. */
  SIGNED_ALIGNMENT_ORDER: 1021,
  /** The generated traffic-police order (arrêté de police de la circulation, never listed). */
  TRAFFIC_ORDER: 2093,
  /** That order, signed. */
  SIGNED_TRAFFIC_ORDER: 2021,
  /** The formal notice (106), signed: an act of the register (migration 0042). */
  SIGNED_FORMAL_NOTICE: 1106,
} as const;
export type KnownDocumentTypeId = (typeof DOCUMENT_TYPE)[keyof typeof DOCUMENT_TYPE];

/** French names of the document types whose meaning the specs give (for seeds and fallbacks). */
export const DOCUMENT_TYPE_NAMES: Readonly<Partial<Record<number, string>>> = {
  1: 'Plan de situation 1/10000 ou 1/20000',
  3: 'Plan de localisation précis 1/1000 ou 1/2000',
  5: 'Photos',
  6: 'Coupes longitudinales',
  8: 'Plan des travaux',
  9: 'Coupes techniques',
  10: 'Plan de traversée',
  11: "Plan d'aménagement",
  17: 'Image',
  18: 'Pièce complémentaire',
  20: 'Arrêté de décision',
  21: 'Arrêté de décision signé',
  93: 'Arrêté',
  97: 'Annexe de décision',
  102: 'Plans de récolement',
  103: 'Résultats de compactage',
  104: 'Photo',
  105: 'Photo complémentaire',
  106: 'Mise en demeure',
  1106: 'Mise en demeure signée',
  108: 'Procès-verbal de réception',
  110: 'Procès-verbal de perturbation de voirie',
  111: 'Photo de perturbation de voirie',
  1021: "Arrêté d'alignement individuel signé",
  1093: "Arrêté d'alignement individuel",
  2021: 'Arrêté de police de la circulation signé',
  2093: 'Arrêté de police de la circulation',
};

/**
 * Types never listed on the detail screen (order, formal notice, minutes), docs/screens.md
 * "Documents list"; the other acts' generated orders too (1093, 2093): the order block offers them.
 */
export const HIDDEN_DOCUMENT_TYPE_IDS: readonly number[] = [93, 106, 108, 1093, 2093];

/** States in which the decision annex (97) is hidden from non-instructors. */
export const DECISION_ANNEX_HIDDEN_STATES: readonly StateId[] = [1, 2, 3];

/** Types not required for an alignment request (kind 2); 85 is shown as optional. */
export const ALIGNMENT_EXEMPT_TYPE_IDS: readonly number[] = [85, 79, 80];

/** Types that must both be marked missing to transfer a request back to the applicant. */
export const TRANSFER_BACK_REQUIRED_TYPE_IDS: readonly number[] = [85, 101];

/**
 * One of these must exist before an instructor validates a reception (docs/validation.md "Reception
 * dialogs").
 */
export const RECEPTION_VALIDATION_TYPE_IDS: readonly number[] = [106, 107, 108, 109];

/** The two photos a photo reception needs (piece3 and piece4). */
export const RECEPTION_PHOTO_TYPE_IDS: readonly number[] = [104, 105];

/** Types accepted as PDF only, with how the refusal names them: the decision annex, the signed order. */
export const PDF_ONLY_TYPES: Readonly<Partial<Record<number, string>>> = {
  97: "L'annexe",
  21: "L'arrêté signé",
  1021: "L'arrêté d'alignement signé",
  2021: "L'arrêté de police de la circulation signé",
  1106: 'La mise en demeure signée',
};

/** The refusal of a file of a PDF-only type in another format, or null when it is accepted. */
export function pdfOnlyRefusal(typeDocumentId: number, mimeType: string): string | null {
  const what = PDF_ONLY_TYPES[typeDocumentId];
  return what && mimeType !== 'application/pdf' ? UPLOAD_MESSAGES.notPdf(what) : null;
}

/** Any of these means an order has been generated for the request. */
export const ORDER_DOCUMENT_TYPE_IDS: readonly number[] = [93, 20];

/** Document nature whose documents show in the reception dialog. */
export const RECEPTION_NATURE = 'réception';

/** Complementary-section exclusions (docs/validation.md "Step 5"), compared without case or accents. */
export const EXCLUDED_COMPLEMENTARY_NAMES: readonly string[] = [
  'Arrêté de décision',
  'Arrêté de décision signé',
  'Annexe de décision',
  "Plan de masse de l'existant",
  'Plan de masse du projet',
  'Plan du projet',
  'Plan de situation 1/10000 ou 1/20000',
  'Plan de localisation précis 1/1000 ou 1/2000',
  'Plan cadastral',
];

export const MIME_TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
} as const;
export type AcceptedMimeType = (typeof MIME_TYPES)[keyof typeof MIME_TYPES];

/** Default maximum size of one uploaded file: 20 MB (the server's UPLOAD_MAX_BYTES overrides it). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** '20 Mo', '1,5 Mo': a size limit as French users read it. */
export function formatMegabytes(bytes: number): string {
  const megabytes = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${String(megabytes).replace('.', ',')} Mo`;
}

/** Accepted MIME types per upload context (docs/validation.md, docs/screens.md "Account"). */
export const UPLOAD_MIME_TYPES = {
  /** Wizard and completeness uploads. */
  request: [MIME_TYPES.pdf, MIME_TYPES.jpeg, MIME_TYPES.png],
  /** User avatar. */
  avatar: [MIME_TYPES.jpeg, MIME_TYPES.bmp, MIME_TYPES.png],
  /** Photo-only reception dialog. */
  receptionPhotos: [MIME_TYPES.jpeg, MIME_TYPES.bmp, MIME_TYPES.png, MIME_TYPES.pdf],
  /** Combined photos-or-appointment reception dialog. */
  receptionCombined: [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.pdf],
  /** Refusal photos of a reception (up to 5). */
  refusalPhotos: [MIME_TYPES.jpeg, MIME_TYPES.pdf, MIME_TYPES.bmp, MIME_TYPES.png],
  /** Decision annexes and the signed order. */
  decision: [MIME_TYPES.pdf],
} as const satisfies Record<string, readonly AcceptedMimeType[]>;
export type UploadContext = keyof typeof UPLOAD_MIME_TYPES;

export const UPLOAD_MESSAGES = {
  tooLarge: (maxBytes: number = MAX_UPLOAD_BYTES) =>
    `Le fichier dépasse la taille maximale de ${formatMegabytes(maxBytes)}.`,
  /** The content is not what the name or declared type says (checked by magic bytes). */
  contentMismatch: (accepted: readonly string[]) =>
    `Le contenu du fichier ne correspond pas à un type accepté. Types acceptés : ${accepted.map(mimeTypeLabel).join(', ')}.`,
  empty: 'Le fichier est vide.',
  wrongType: (accepted: readonly string[]) =>
    `Ce type de fichier n'est pas accepté. Types acceptés : ${accepted.map(mimeTypeLabel).join(', ')}.`,
  /** Annex not PDF (docs/screens.md "Notices and errors"): the alert names annex 1 or 2. */
  annexNotPdf: (annex: 1 | 2) => `L'annexe ${annex} n'est pas un type : "application/pdf"`,
  /** A piece of a PDF-only type (PDF_ONLY_TYPES) sent in another format. */
  notPdf: (what: string) => `${what} n'est pas un type : "application/pdf"`,
  noDocuments: "Vous n'avez pas déposé de pièce pour le moment",
  noOrder: 'Aucun arrêté de généré pour cette demande',
  noMinutes: 'Aucun PV généré pour cette demande',
  /** A mandatory piece of the kind is not attached (docs/validation.md "Step 5"). */
  missingMandatory: (typeName: string) => `La pièce « ${typeName} » est obligatoire.`,
  /**
   * A piece asked by the completeness request is not among the files sent (docs/api-filing.md "PUT
   * /api/request/{id}").
   */
  missingCompleteness: (typeName: string) =>
    `La pièce « ${typeName} » demandée pour la complétude n'a pas été envoyée.`,
  /** A file sent under a document type that does not exist or may not be attached here. */
  unknownType: "Ce type de pièce n'est pas accepté pour cette demande.",
} as const;

/** Short label of a MIME type ('PDF', 'JPEG'…). */
export function mimeTypeLabel(mimeType: string): string {
  return (mimeType.split('/')[1] ?? mimeType).toUpperCase();
}

/**
 * Checks a file against the rules of an upload context: declared type accepted and size
 * within the limit. Returns null when it is fine, else the French message.
 */
export function checkUpload(
  context: UploadContext,
  file: { mimeType: string; size: number },
  maxBytes: number = MAX_UPLOAD_BYTES,
): string | null {
  const accepted: readonly string[] = UPLOAD_MIME_TYPES[context];
  if (file.size <= 0) return UPLOAD_MESSAGES.empty;
  if (file.size > maxBytes) return UPLOAD_MESSAGES.tooLarge(maxBytes);
  if (!accepted.includes(file.mimeType)) return UPLOAD_MESSAGES.wrongType(accepted);
  return null;
}

/**
 * The type of a file from its first bytes (magic numbers), never from its name or the type the
 * browser declared: PDF '%PDF-', JPEG FF D8 FF, PNG 89 'PNG' 0D 0A 1A 0A, BMP 'BM'. Null when
 * none matches (an executable renamed .pdf, a text file…).
 */
export function sniffMimeType(head: Uint8Array): AcceptedMimeType | null {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return MIME_TYPES.pdf;
  if (starts(0xff, 0xd8, 0xff)) return MIME_TYPES.jpeg;
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return MIME_TYPES.png;
  if (starts(0x42, 0x4d) && head.length >= 14) return MIME_TYPES.bmp;
  return null;
}

/**
 * Checks an uploaded file by its content: not empty, within the size limit, and its first bytes
 * those of a type accepted in this context. Returns the detected type, or the French message.
 */
export function checkUploadContent(
  context: UploadContext,
  file: { head: Uint8Array; size: number },
  maxBytes: number = MAX_UPLOAD_BYTES,
): { ok: true; mimeType: AcceptedMimeType } | { ok: false; message: string } {
  const accepted: readonly string[] = UPLOAD_MIME_TYPES[context];
  if (file.size <= 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (file.size > maxBytes) return { ok: false, message: UPLOAD_MESSAGES.tooLarge(maxBytes) };
  const mimeType = sniffMimeType(file.head);
  if (!mimeType || !accepted.includes(mimeType)) {
    return { ok: false, message: UPLOAD_MESSAGES.contentMismatch(accepted) };
  }
  return { ok: true, mimeType };
}

interface Viewer {
  roles: readonly string[];
}

/** True when the viewer instructs (instructor or admin). */
function isInstructing(viewer: Viewer | null | undefined): boolean {
  return hasRole(viewer, 'ROLE_INSTRUCTEUR') || hasRole(viewer, 'ROLE_ADMIN');
}

/**
 * The decision-annex rule (docs/screens.md "Documents list"): type 97 is hidden from users who are neither
 * instructor nor admin while the request is in state 1, 2 or 3.
 */
export function isDecisionAnnexHidden(args: {
  typeDocumentId: number;
  stateId: StateId;
  viewer: Viewer | null | undefined;
}): boolean {
  return (
    args.typeDocumentId === DOCUMENT_TYPE.DECISION_ANNEX &&
    DECISION_ANNEX_HIDDEN_STATES.includes(args.stateId) &&
    !isInstructing(args.viewer)
  );
}

/** True when a document appears in the detail screen's documents list for this viewer. */
export function isDocumentListed(args: {
  typeDocumentId: number;
  stateId: StateId;
  viewer: Viewer | null | undefined;
}): boolean {
  return !HIDDEN_DOCUMENT_TYPE_IDS.includes(args.typeDocumentId) && !isDecisionAnnexHidden(args);
}

/** True when the document type belongs to the reception dialog (nature 'réception'). */
export function isReceptionDocumentType(type: { nature?: string | null }): boolean {
  return normalizeName(type.nature ?? '') === normalizeName(RECEPTION_NATURE);
}

/** True when an instructor may validate a reception: a 106, 107, 108 or 109 document exists. */
export function hasReceptionValidationDocument(documentTypeIds: readonly number[]): boolean {
  return documentTypeIds.some((id) => RECEPTION_VALIDATION_TYPE_IDS.includes(id));
}

/** True when an order (type 93 or 20) is attached. */
export function hasOrderDocument(documentTypeIds: readonly number[]): boolean {
  return documentTypeIds.some((id) => ORDER_DOCUMENT_TYPE_IDS.includes(id));
}

function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * True when a document type name is excluded from the complementary section (docs/validation.md
 * "Filing wizard").
 */
export function isExcludedComplementaryName(name: string): boolean {
  const key = normalizeName(name);
  return EXCLUDED_COMPLEMENTARY_NAMES.some((excluded) => normalizeName(excluded) === key);
}

/** The fields of a document type the requirement rules read. */
export interface DocumentTypeRule {
  id: number;
  name: string;
  nature?: string | null;
  isMandatory?: boolean | null;
  isMandatoryReseaux?: boolean | null;
  cerfa?: number | null;
}

/**
 * True when the type is mandatory for a request of this kind (docs/validation.md "Step 5"): kind 1 reads
 * isMandatoryReseaux, kinds 2 and 3 read isMandatory; 85, 79 and 80 are never required for kind 2.
 */
export function isMandatoryFor(type: DocumentTypeRule, kind: RequestKind): boolean {
  if (kind === 1) return type.isMandatoryReseaux === true;
  if (kind === 2 && ALIGNMENT_EXEMPT_TYPE_IDS.includes(type.id)) return false;
  return type.isMandatory === true;
}

/** The types required for this kind. */
export function mandatoryDocumentTypes<T extends DocumentTypeRule>(
  types: readonly T[],
  kind: RequestKind,
): T[] {
  return types.filter((type) => isMandatoryFor(type, kind));
}

/** Type shown as optional in section 1 for an alignment request (docs/validation.md "Step 5"). */
export const ALIGNMENT_OPTIONAL_TYPE_ID = 85;

/**
 * Section 1 of step 5 ('1. Pièces pour toute demande'): the types flagged mandatory for this
 * kind, each with whether it is required. For kind 2, 85 is shown optional and 79, 80 are not shown.
 */
export function firstSectionDocumentTypes<T extends DocumentTypeRule>(
  types: readonly T[],
  kind: RequestKind,
): { type: T; required: boolean }[] {
  const flagged = types.filter((type) =>
    kind === 1 ? type.isMandatoryReseaux === true : type.isMandatory === true,
  );
  return flagged
    .filter(
      (type) =>
        kind !== 2 || !ALIGNMENT_EXEMPT_TYPE_IDS.includes(type.id) || type.id === ALIGNMENT_OPTIONAL_TYPE_ID,
    )
    .map((type) => ({ type, required: isMandatoryFor(type, kind) }));
}

/**
 * Section 2 of step 5 ('2. Pièces Complémentaires'): the non-mandatory types except the excluded
 * names, plus the mandatory types of cerfa 1 or 2 whose nature is one of the chosen themes.
 * Types of section 1 never appear twice.
 */
export function complementaryDocumentTypes<T extends DocumentTypeRule>(
  types: readonly T[],
  options: { kind: RequestKind; themes: readonly string[] },
): T[] {
  const firstSection = new Set(firstSectionDocumentTypes(types, options.kind).map((entry) => entry.type.id));
  return types.filter((type) => {
    if (firstSection.has(type.id)) return false;
    const mandatorySomewhere = type.isMandatory === true || type.isMandatoryReseaux === true;
    if (!mandatorySomewhere) return !isExcludedComplementaryName(type.name);
    return (type.cerfa === 1 || type.cerfa === 2) && !!type.nature && options.themes.includes(type.nature);
  });
}

/** The mandatory types of this kind not yet uploaded (empty when step 5 may be left). */
export function missingMandatoryDocuments<T extends DocumentTypeRule>(
  types: readonly T[],
  options: { kind: RequestKind; uploadedTypeIds: readonly number[] },
): T[] {
  return mandatoryDocumentTypes(types, options.kind).filter(
    (type) => !options.uploadedTypeIds.includes(type.id),
  );
}

/** Letter templates (modele ids): docs/constants.md "Letter templates". */
export const TEMPLATE_ID = {
  FORMAL_NOTICE: 6,
  MINUTES_ACCESS: 7,
  MINUTES_PHOTOS: 8,
  MINUTES_OTHER: 9,
  ROAD_DISTURBANCE_MINUTES: 10,
} as const;

/**
 * The reception-minutes template for a request: 7 for an access-development cerfa,
 * 8 for a photo reception or state 4, 9 otherwise (docs/constants.md "Letter templates").
 */
export function minutesTemplateId(args: {
  isAccessDevelopment: boolean;
  receptionOption?: string | null;
  stateId: StateId;
}): 7 | 8 | 9 {
  if (args.isAccessDevelopment) return TEMPLATE_ID.MINUTES_ACCESS;
  if (args.receptionOption === 'Photos' || args.stateId === 4) return TEMPLATE_ID.MINUTES_PHOTOS;
  return TEMPLATE_ID.MINUTES_OTHER;
}

/** File name of a generated formal notice (docs/api-works.md). */
export function formalNoticeFileName(requestId: number | string): string {
  return `mise-en-demeure-${String(requestId)}.docx`;
}
