import { wizardHeading, type RequestKind } from '@voirie/domain';
import type { ChoixForm } from './choix-form';

/** The request kind of a route parameter. */
export function kindOfChoixForm(choixForm: ChoixForm): RequestKind {
  return Number(choixForm) as RequestKind;
}

/** Wizard headings (docs/screens.md "Filing wizard"), from the domain. */
export const WIZARD_HEADINGS: Record<ChoixForm, string> = {
  '1': wizardHeading(1),
  '2': wizardHeading(2),
  '3': wizardHeading(3),
};

export const UPDATE_HEADING = wizardHeading('update');
