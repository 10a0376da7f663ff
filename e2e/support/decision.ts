import type { Locator, Page } from '@playwright/test';

// The decision dialog of a request's page (docs/screens.md "Request detail"), as the journeys
// that take a request to its order open it.

/** Opens the 'Décision' dialog from the page's actions and decides the request's act favourably. */
export async function openFavourableDecision(page: Page): Promise<Locator> {
  await page
    .getByRole('group', { name: 'Actions sur la demande' })
    .getByRole('button', { name: 'Décision', exact: true })
    .click();
  const decision = page.getByRole('dialog', { name: 'Décision' });
  await decision
    .getByRole('radiogroup', { name: 'Sens de la décision' })
    .getByRole('radio', { name: 'Favorable', exact: true })
    .check();
  return decision;
}

/** Adds the order's first recipient to the open decision, with its name when given. */
export async function addOrderRecipient(decision: Locator, email: string, name?: string): Promise<void> {
  await decision.getByRole('button', { name: 'Ajouter un destinataire' }).click();
  await decision.getByRole('textbox', { name: 'E-mail du destinataire 1' }).fill(email);
  if (name !== undefined) await decision.getByRole('textbox', { name: 'Nom du destinataire 1' }).fill(name);
}
