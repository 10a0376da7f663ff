/** Request kinds at creation (choixForm, spec 1 §1). */
export const CHOIX_FORMS = ['1', '2', '3'] as const;
export type ChoixForm = (typeof CHOIX_FORMS)[number];

export function isChoixForm(value: string): value is ChoixForm {
  return (CHOIX_FORMS as readonly string[]).includes(value);
}

/** Wizard headings (spec 1 §2.7). */
export const WIZARD_HEADINGS: Record<ChoixForm, string> = {
  '1': 'Dépôt demande - Permission de voirie - Réseaux',
  '2': "Dépôt demande - Demande d'alignement",
  '3': 'Dépôt demande - Permission de voirie - Accès/Clôture',
};

export const UPDATE_HEADING = 'Mise à jour demande';
