import { expect, test } from '@playwright/test';
import { fillSignIn, registerThroughUi, uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DEMO, STRONG_PASSWORD, TEXTS } from '../support/texts.ts';

test('un mauvais mot de passe, ou une adresse inconnue : « Identifiant ou mot de passe erroné »', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await fillSignIn(page, DEMO.demandeur.email, 'Pas-le-bon-2026!');
  const error = page.getByRole('alert').filter({ hasText: TEXTS.loginFailure });
  await expect(error).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, testInfo, 'la page de connexion avec une erreur');

  // The same words for an address without an account: the form tells nothing about who has one.
  await fillSignIn(page, uniqueEmail('inconnu'), STRONG_PASSWORD);
  await expect(error).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("se connecter avant d'avoir validé son adresse : l'explication", async ({ page }) => {
  const email = uniqueEmail('non-valide');
  await registerThroughUi(page, email);
  await page.goto('/login');
  await fillSignIn(page, email, STRONG_PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: TEXTS.emailNotValidated })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // With a wrong password the account's state stays hidden.
  await fillSignIn(page, email, 'Pas-le-bon-2026!');
  await expect(page.getByRole('alert').filter({ hasText: TEXTS.loginFailure })).toBeVisible();
  await expect(page.getByText(TEXTS.emailNotValidated)).toHaveCount(0);
});
