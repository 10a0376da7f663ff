import { expect, test } from '@playwright/test';
import { createValidatedAccount, field, signIn, toast } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { OTHER_STRONG_PASSWORD, STRONG_PASSWORD, TEXTS } from '../support/texts.ts';

// Changing one's password while signed in: 'Mon compte' asks for the
// current password; the change ends the account's other sessions, this one stays.

// Sign-up by mail, two sign-ins and axe: longer than one account journey.
test.describe.configure({ timeout: 120_000 });

const PASSWORD_UPDATED = 'Votre mot de passe a été modifié. Vos autres sessions sont fermées.';
const CURRENT_PASSWORD_WRONG = 'Le mot de passe actuel est incorrect.';

test('« Mon compte » : le mot de passe actuel est demandé, les autres sessions se ferment', async ({
  page,
  browser,
}, testInfo) => {
  const email = await createValidatedAccount(page, 'changement');
  await signIn(page, email, STRONG_PASSWORD);
  // The same account signed in on another browser.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, email, STRONG_PASSWORD);

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Mon compte' })
    .click();
  const form = page.getByRole('form', { name: 'Modifier mon mot de passe' });
  await expect(form).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'Mon compte');

  await field(page, 'Mot de passe actuel').fill('Pas-le-bon-2026!');
  await field(page, 'Nouveau mot de passe').fill(OTHER_STRONG_PASSWORD);
  await field(page, 'Confirmation du mot de passe').fill(OTHER_STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(form.getByText(CURRENT_PASSWORD_WRONG)).toBeVisible();
  await expect(field(page, 'Mot de passe actuel')).toHaveAttribute('aria-invalid', 'true');

  await field(page, 'Mot de passe actuel').fill(STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(toast(page, PASSWORD_UPDATED)).toBeVisible();

  // This session stays; the other one is over.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await other.reload();
  await expect(toast(other, TEXTS.sessionExpired)).toBeVisible();
  await expect(other).toHaveURL(/\/login(\?|$)/);
  await otherContext.close();
});
