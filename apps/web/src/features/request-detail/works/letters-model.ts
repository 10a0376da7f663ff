import {
  LETTER_KINDS,
  LETTERS,
  letterAction,
  type LetterDocuments,
  type LetterKind,
  type RequestLetters,
  type WorkflowAction,
} from '@voirie/domain';

// The works-phase letters of the request page (docs/api-works.md, docs/constants.md "Letter
// templates", docs/screens.md "Notices and errors"): which ones the page shows, which ones the
// viewer may edit, their texts.

export const LETTER_TEXTS = {
  heading: 'Courriers',
  generateFormalNotice: 'Générer la mise en demeure',
  generateMinutes: 'Générer le procès-verbal',
  generateDisturbanceMinutes: 'Générer le PV de perturbation',
  archive: 'Envoyer à la GED',
  recordSigned: 'Déposer la mise en demeure signée',
  signedFile: 'Mise en demeure signée (PDF)',
  pdfOnly: 'Le fichier doit être un PDF.',
  signedAct: (number: string) => `Mise en demeure signée : acte n° ${number}`,
  draft: 'Brouillon, pas encore envoyé au demandeur',
  sentOn: (date: string) => `Envoyé au demandeur le ${date}`,
  docxOrPdfOnly: 'Le fichier doit être un document DOCX ou PDF.',
  fileRequired: 'Veuillez choisir un fichier.',
  close: 'Fermer',
} as const;

interface KindTexts {
  download: (format: 'DOCX' | 'PDF') => string;
  edit: string;
  editFile: string;
}

/** The texts of each letter: its downloads and its edited upload. */
export const LETTER_KIND_TEXTS: Readonly<Record<LetterKind, KindTexts>> = {
  formalNotice: {
    download: (format) => `Télécharger la mise en demeure (${format})`,
    edit: 'Modifier la mise en demeure',
    editFile: 'Mise en demeure modifiée (DOCX ou PDF)',
  },
  minutes: {
    download: (format) => `Télécharger le procès-verbal (${format})`,
    edit: 'Modifier le procès-verbal',
    editFile: 'Procès-verbal modifié (DOCX ou PDF)',
  },
  disturbanceMinutes: {
    download: (format) => `Télécharger le PV de perturbation (${format})`,
    edit: 'Modifier le PV de perturbation',
    editFile: 'PV de perturbation modifié (DOCX ou PDF)',
  },
};

/** A letter's title (the domain's label). */
export function letterTitle(kind: LetterKind): string {
  return LETTERS[kind].label;
}

/** True when the letter has a file to download. */
export function hasLetterFile(letter: LetterDocuments | null | undefined): letter is LetterDocuments {
  return Boolean(letter?.docx || letter?.pdf);
}

/** The viewer may draft and edit this letter now: its workflow action is offered. */
export function canEditLetter(kind: LetterKind, actions: readonly WorkflowAction[] | null | undefined) {
  return (actions ?? []).includes(letterAction(kind));
}

export interface LetterView {
  kind: LetterKind;
  letter: LetterDocuments | null;
  canEdit: boolean;
}

/**
 * The letters the page shows: those there are (drafts for instructors, mailed ones for the
 * others, as the server presents them), and those asked for — the viewer may draft them now —
 * even before one exists (asking for it then says none is generated, docs/screens.md "Notices and errors").
 */
export function shownLetters(request: {
  letters?: RequestLetters | null;
  actions?: readonly WorkflowAction[] | null;
}): LetterView[] {
  return LETTER_KINDS.map((kind) => ({
    kind,
    letter: request.letters?.[kind] ?? null,
    canEdit: canEditLetter(kind, request.actions),
  })).filter((view) => hasLetterFile(view.letter) || view.canEdit);
}

/** The formal notice's document sent to the records system: its PDF, else its DOCX. */
export function archivedDocumentId(letter: LetterDocuments | null | undefined): number | null {
  return letter?.pdf?.id ?? letter?.docx?.id ?? null;
}
