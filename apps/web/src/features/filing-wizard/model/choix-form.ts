// The route parameter of /ajoutdossier/{choixForm}. Kept apart from the domain: the router
// checks it on every page, the sign-in page included, whose bundle must stay small.

/** Request kinds at creation, as the route's parameter (choixForm, docs/workflow.md "Request kinds"). */
export const CHOIX_FORMS = ['1', '2', '3'] as const;
export type ChoixForm = (typeof CHOIX_FORMS)[number];

export function isChoixForm(value: string): value is ChoixForm {
  return (CHOIX_FORMS as readonly string[]).includes(value);
}
