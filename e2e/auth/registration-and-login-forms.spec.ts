import { expect, test } from '@playwright/test';
import { field, fillRegistration, toast, uniqueEmail } from '../support/accounts.ts';
import { mailsTo } from '../support/mailbox.ts';
import { countRequests } from '../support/network.ts';
import { DEMO, DEMO_PASSWORD, TEXTS } from '../support/texts.ts';

test('la notice de protection des données : « Retour » ferme sans rien envoyer, « Valider » envoie', async ({
  page,
}) => {
  const email = uniqueEmail('notice');
  const registrations = countRequests(page, 'POST', '/api/register');
  await page.goto('/register');
  await fillRegistration(page, email);

  const notice = page.getByRole('dialog', { name: TEXTS.dataProtectionTitle });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Retour' }).click();
  await expect(notice).toBeHidden();
  // Still on the form, as filled, and nothing left for the API.
  await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
  await expect(field(page, 'Adresse e-mail')).toHaveValue(email);
  expect(registrations()).toBe(0);

  await page.getByRole('button', { name: "S'inscrire" }).click();
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByRole('status').filter({ hasText: TEXTS.registered })).toBeVisible();
  expect(registrations()).toBe(1);
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
});

test('« Veuillez saisir le même mot de passe » sous la confirmation quand les mots de passe diffèrent', async ({
  page,
}) => {
  const registrations = countRequests(page, 'POST', '/api/register');
  await page.goto('/register');
  await fillRegistration(page, uniqueEmail('differents'), 'Chaussee-2026!', 'Chaussee-2026?');

  const confirmation = field(page, 'Confirmation du mot de passe');
  await expect(confirmation).toHaveAccessibleDescription(TEXTS.passwordMismatch);
  await expect(confirmation).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(TEXTS.passwordMismatch)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(registrations()).toBe(0);

  // Corrected, the notice opens.
  await confirmation.fill('Chaussee-2026!');
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByRole('dialog', { name: TEXTS.dataProtectionTitle })).toBeVisible();
});

test("l'œil affiche puis masque le mot de passe (connexion et inscription)", async ({ page }) => {
  await page.goto('/login');
  const password = field(page, 'Mot de passe');
  await password.fill('Secret-2026!');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue('Secret-2026!');
  await page.getByRole('button', { name: 'Masquer le mot de passe' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  // Sign-up: each field has its own eye.
  await page.goto('/register');
  const eyes = page.getByRole('button', { name: 'Afficher le mot de passe' });
  await expect(eyes).toHaveCount(2);
  const newPassword = field(page, 'Mot de passe');
  const confirmation = field(page, 'Confirmation du mot de passe');
  await eyes.nth(1).click();
  await expect(confirmation).toHaveAttribute('type', 'text');
  await expect(newPassword).toHaveAttribute('type', 'password');
  await eyes.nth(0).click();
  await expect(newPassword).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Masquer le mot de passe' }).first().click();
  await expect(newPassword).toHaveAttribute('type', 'password');
});

test('Entrée envoie le formulaire de connexion', async ({ page }) => {
  await page.goto('/login');
  await field(page, 'Adresse e-mail').fill(DEMO.demandeur.email);
  await field(page, 'Mot de passe').fill(DEMO_PASSWORD);
  await field(page, 'Mot de passe').press('Enter');
  await expect(toast(page, TEXTS.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/dossiers$/);
});
