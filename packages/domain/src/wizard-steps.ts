import type { RequestKind } from './kinds.ts';

/** The six steps of the filing wizard (docs/screens.md "Filing wizard"). */
export const WIZARD_STEPS = [
  { step: 1, label: 'Localisation', title: 'Localisation' },
  { step: 2, label: 'Demande', title: 'Demande' },
  { step: 3, label: 'Demandeur', title: 'Le demandeur' },
  { step: 4, label: 'Chantier', title: 'Informations complémentaires' },
  { step: 5, label: 'Pièces Jointes', title: 'Pièces jointes à la demande' },
  { step: 6, label: 'Attestation', title: 'Attestation' },
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number]['step'];
export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

/** Button labels of the wizard. */
export const WIZARD_BUTTONS = { previous: 'Précédent', next: 'Suivant', finish: 'Terminer' } as const;

/** Generic error of a step whose form has errors (docs/validation.md "Filing wizard"). */
export const FORM_ERRORS_MESSAGE = 'Veuillez corriger les erreurs du formulaire';

/** The steps a request of this kind goes through: kind 2 skips step 2. */
export function wizardStepsFor(kind: RequestKind): readonly WizardStep[] {
  return kind === 2 ? [1, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6];
}

/** The step after `step` for this kind, or null on the last step. */
export function nextWizardStep(kind: RequestKind, step: WizardStep): WizardStep | null {
  const steps = wizardStepsFor(kind);
  const index = steps.indexOf(step);
  return index < 0 ? null : (steps[index + 1] ?? null);
}

/** The step before `step` for this kind, or null on the first step. */
export function previousWizardStep(kind: RequestKind, step: WizardStep): WizardStep | null {
  const steps = wizardStepsFor(kind);
  const index = steps.indexOf(step);
  return index <= 0 ? null : (steps[index - 1] ?? null);
}
