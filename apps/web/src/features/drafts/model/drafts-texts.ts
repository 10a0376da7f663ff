import { DRAFT_MESSAGES } from '@voirie/domain';

/** The words of the 'Brouillons' page and of the wizard's draft notices. */
export const DRAFTS_TEXTS = {
  title: DRAFT_MESSAGES.title,
  intro:
    "Votre saisie dans l'assistant de dépôt est enregistrée ici au fur et à mesure. Reprenez un brouillon là où vous l'avez laissé ; il est supprimé une fois la demande déposée.",
  filesNote:
    'Les pièces jointes ne sont pas conservées dans un brouillon : ajoutez-les de nouveau avant de déposer.',
  empty: "Vous n'avez aucun brouillon.",
  tableLabel: 'Mes brouillons',
  kind: 'Type de demande',
  label: 'Adresse ou projet',
  step: 'Étape',
  savedAt: 'Dernier enregistrement',
  actions: 'Actions',
  resume: 'Reprendre',
  delete: 'Supprimer',
  deleteTitle: 'Supprimer ce brouillon ?',
  deleteText: 'Le brouillon sera définitivement supprimé.',
} as const;

/** What a draft is about: its label, or 'Demande sans adresse'. */
export function draftTitle(draft: { label: string }): string {
  return draft.label.trim() || DRAFT_MESSAGES.noLabel;
}
