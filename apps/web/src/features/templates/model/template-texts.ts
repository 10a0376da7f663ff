import { POPUP_BLOCKED_MESSAGE, templateFailureMessage } from '@voirie/domain';
import { ApiError } from '../../../api';

/**
 * The Templates screen's texts (docs/templates.md "The Templates screen": its two failure messages
 * verbatim).
 */
export const TEMPLATE_TEXTS = {
  title: 'Gestion des modèles',
  adminOnly: 'La gestion des modèles est réservée aux administrateurs.',
  intro:
    "Chaque modèle s'ouvre dans une nouvelle fenêtre, où vous pouvez le télécharger, le modifier puis l'enregistrer.",
  listLabel: 'Modèles',
  popupBlocked: POPUP_BLOCKED_MESSAGE,
  /** The spec's words, shown as a notice for 5 s (docs/constants.md "Limits and timings"). */
  openError: templateFailureMessage,
  /** What the page keeps saying once the notice is gone. */
  openFailed:
    "Ce modèle n'a pas pu être ouvert. Fermez cette fenêtre et rouvrez-le depuis la gestion des modèles.",
  editorTitle: (libelle: string) => `Modèle : ${libelle}`,
  editorLoading: 'Ouverture du modèle…',
  fileName: 'Fichier',
  updatedAt: 'Dernière modification',
  notWrittenYet: 'jamais (modèle par défaut)',
  isDefault: 'Ce modèle est le modèle par défaut.',
  isCustom: 'Ce modèle a été modifié.',
  download: 'Télécharger le modèle (DOCX)',
  uploadHeading: 'Remplacer le modèle',
  fileLabel: 'Nouveau modèle (DOCX)',
  save: 'Enregistrer',
  fileRequired: 'Veuillez choisir un fichier.',
  docxOnly: 'Le modèle doit être un document Word (.docx).',
  resetHeading: 'Modèle par défaut',
  reset: 'Rétablir le modèle par défaut',
  resetConfirmTitle: 'Rétablir le modèle par défaut ?',
  resetConfirmText:
    'Le modèle actuel sera remplacé par le modèle livré avec le portail. Les modifications apportées seront perdues.',
  resetConfirm: 'Rétablir',
  cancel: 'Annuler',
  close: 'Fermer',
  saveFailed: "Le modèle n'a pas été enregistré.",
  helpHeading: 'Écrire un modèle',
} as const;

/** The editor's address for a template (opened in a new window). */
export function templateEditorPath(id: number): string {
  return `/modeles/${String(id)}`;
}

/** A chosen file that may be a template, by its name (the server checks the content). */
export function isDocxFileName(file: File): boolean {
  return /\.docx$/i.test(file.name);
}

/** The French text of a failed call: the server's own message when it sent one. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.message || error.message;
  return error instanceof Error ? error.message : String(error);
}
