import {
  checkUpload,
  complementaryDocumentTypes,
  firstSectionDocumentTypes,
  mimeTypeLabel,
  splitList,
  UPLOAD_MESSAGES,
  type DocumentType,
  type RequestKind,
} from '@voirie/domain';
import { formatSize } from '../../documents';

// Step 5 'Pièces jointes à la demande' (docs/validation.md "Step 5"): which types are listed
// in which section, which are required, and the check of a chosen file.

export const DOCUMENTS_TEXTS = {
  firstSection: '1. Pièces pour toute demande',
  complementarySection: '2. Pièces Complémentaires',
  missingIntro: 'Pièces demandées par le service instructeur :',
  accepted: 'Formats acceptés : PDF, JPEG, PNG.',
  remove: (name: string) => `Retirer le fichier de la pièce « ${name} »`,
  mandatory: 'Obligatoire',
  optional: 'Facultatif',
  drop: 'Déposez le fichier ici ou',
  dropActive: 'Relâchez pour déposer le fichier',
  choose: 'Choisir un fichier',
  replace: 'Remplacer le fichier',
  /** The button's name for screen readers: the type, and whether it is mandatory. */
  chooseFor: (action: string, name: string, required: boolean) =>
    `${action} : ${name}${required ? ', obligatoire' : ''}`,
  progress: (name: string) => `Envoi de la pièce « ${name} »`,
  loadFailed: 'Impossible de charger la liste des pièces.',
} as const;

/** Accepted types for the file inputs (docs/validation.md "Step 5": pdf, jpeg, png). */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export interface DocumentEntry {
  type: DocumentType;
  required: boolean;
  /** Asked by the instructor (update of a request in state 8). */
  asked?: boolean;
}

/** The category of the types an applicant attaches when filing (docs/api-filing.md). */
const FILING_CATEGORY = 'demande';
/** The category of the types answering a completeness request. */
const COMPLETENESS_CATEGORY = 'complétude';

export interface DocumentSections {
  first: DocumentEntry[];
  complementary: DocumentType[];
}

/**
 * The two sections. On update (state 8), only the types the instructor asked for, each required
 * (docs/api-filing.md: each missing type must be sent); an update with nothing missing (an
 * admin's 'Mise à jour du dossier') offers the others, optional.
 */
export function documentSections(
  types: readonly DocumentType[],
  options: { kind: RequestKind; themes: string; missing: readonly number[] | null },
): DocumentSections {
  const { missing } = options;
  // The server accepts only the filing's types, and on update the completeness ones and those asked.
  const offered = types.filter(
    (type) =>
      type.categorie === FILING_CATEGORY ||
      (missing !== null && (type.categorie === COMPLETENESS_CATEGORY || missing.includes(type.id))),
  );
  const first = firstSectionDocumentTypes(offered, options.kind);
  const complementary = complementaryDocumentTypes(offered, {
    kind: options.kind,
    themes: splitList(options.themes),
  });
  if (!missing) return { first, complementary };
  const asked = offered
    .filter((type) => missing.includes(type.id))
    .map((type) => ({ type, required: true, asked: true }));
  // A completeness (state 8) asks exactly for the missing pieces, one each, nothing else.
  if (asked.length > 0) return { first: asked, complementary: [] };
  const others = first
    .filter((entry) => !missing.includes(entry.type.id))
    .map((entry) => ({ ...entry, required: false }));
  return {
    first: others,
    complementary: complementary.filter((type) => !missing.includes(type.id)),
  };
}

/** The errors of step 5: each required type without a file, keyed 'documents.{id}', in the server's words. */
export function documentErrors(
  sections: DocumentSections,
  chosenTypeIds: readonly number[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const entry of sections.first) {
    if (entry.required && !chosenTypeIds.includes(entry.type.id)) {
      errors[`documents.${entry.type.id}`] = entry.asked
        ? UPLOAD_MESSAGES.missingCompleteness(entry.type.name)
        : UPLOAD_MESSAGES.missingMandatory(entry.type.name);
    }
  }
  return errors;
}

/** The file's refusal (type or size), or null; checked again by content on the server. */
export function checkChosenFile(file: File, maxBytes: number): string | null {
  return checkUpload('request', { mimeType: file.type, size: file.size }, maxBytes);
}

/** '350 Ko · PDF': what the drop zone says of a chosen file, under its name. */
export function describeChosenFile(file: { size: number; type: string }): string {
  return file.type ? `${formatSize(file.size)} · ${mimeTypeLabel(file.type)}` : formatSize(file.size);
}
