import { expect, test } from '@playwright/test';
import { createValidatedAccount, field, registerThroughUi, toast, uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { OTHER_STRONG_PASSWORD, TEXTS } from '../support/texts.ts';

test('un lien de validation déjà utilisé : le message de lien invalide', async ({ page }, testInfo) => {
  const email = uniqueEmail('validation-reutilisee');
  await registerThroughUi(page, email);
  const link = linkIn(await waitForMail(email), 'validate-email');

  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, TEXTS.emailValidated)).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: TEXTS.validationLinkInvalid })).toBeVisible();
  await expect(page).toHaveURL(/\/validate-email\//);
  await expectNoSeriousA11yViolations(page, testInfo, 'la page de validation (lien déjà utilisé)');
  // The way out the page offers.
  await page.getByRole('link', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("un lien de réinitialisation déjà utilisé : « Ce lien n'est plus valide… »", async ({
  page,
}, testInfo) => {
  const email = await createValidatedAccount(page, 'reinit-reutilisee');
  await page.goto('/forgot-pass');
  await field(page, 'Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByRole('status').filter({ hasText: TEXTS.resetSent })).toBeVisible();
  const link = linkIn(await waitForMail(email, { count: 2 }), 'password');

  await page.goto(link);
  await field(page, 'Nouveau mot de passe').fill(OTHER_STRONG_PASSWORD);
  await field(page, 'Confirmation du mot de passe').fill(OTHER_STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(toast(page, TEXTS.passwordChanged)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page.getByText(TEXTS.linkNoLongerValid)).toBeVisible();
  await expect(field(page, 'Nouveau mot de passe')).toHaveCount(0);
  // The toast of a 401 on this page (docs/screens.md "Notices and errors") loads its code on
  // demand: checked once shown, not while it fades in over the page.
  await expect(toast(page, TEXTS.linkNoLongerValidShort)).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'la page nouveau mot de passe (lien invalide)');
  await page.getByRole('link', { name: 'Refaire une demande' }).click();
  await expect(page).toHaveURL(/\/forgot-pass$/);
});
