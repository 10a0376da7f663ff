import { expect, test } from '@playwright/test';
import { fillSignIn, signIn, toast } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DEMO, DEMO_PASSWORD, PRODUCT_NAME, TEXTS } from '../support/texts.ts';

test('une page protégée sans session mène à /login, puis y revient après la connexion', async ({ page }) => {
  await page.goto('/dossiers');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdossiers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await fillSignIn(page, DEMO.demandeur.email, DEMO_PASSWORD);
  await expect(toast(page, TEXTS.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/dossiers$/);

  // `/` too, once signed in, leads to the list.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dossiers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Localisation des demandes' })).toBeVisible();
});

test('sans session, / et une adresse inconnue mènent aussi à /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  // /404 is a signed-in page (docs/screens.md "Routes"): its guard applies.
  await page.goto('/nulle-part');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
});

test('une adresse inconnue mène à la page /404', async ({ page }, testInfo) => {
  await signIn(page, DEMO.demandeur.email, DEMO_PASSWORD);
  await page.goto('/cette-page-n-existe-pas');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
  await expect(page).toHaveTitle(`${PRODUCT_NAME} - Page introuvable`);
  await expectNoSeriousA11yViolations(page, testInfo, 'la page 404');
  await page.getByRole('link', { name: 'Retour à la liste des demandes' }).click();
  await expect(page).toHaveURL(/\/dossiers$/);
});

test("un 401 de l'API pendant la session : « Session expirée » et retour à /login", async ({
  page,
  context,
}) => {
  await signIn(page, DEMO.demandeur.email, DEMO_PASSWORD);
  // The browser still says a session exists (voirie_session), but the API no longer gets
  // its token: the next call answers 401.
  await context.clearCookies({ name: 'voirie_token' });
  await page.goto('/dossiers');
  await expect(toast(page, TEXTS.sessionExpired)).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
});

test('une session close côté serveur : « Session expirée » et retour à /login', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  const token = (await context.cookies()).find((cookie) => cookie.name === 'voirie_token')?.value;
  expect(token, 'cookie voirie_token posé par la connexion').toBeTruthy();
  // The same session closed from elsewhere (another tab signs out with it).
  const elsewhere = await playwright.request.newContext({ baseURL });
  const answer = await elsewhere.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  await elsewhere.dispose();

  await page.reload();
  await expect(toast(page, TEXTS.sessionExpired)).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?|$)/);
});

test('les titres des pages portent le préfixe « Portail voirie »', async ({ page }) => {
  const pages: [string, string][] = [
    ['/login', 'Connexion'],
    ['/register', 'Inscription'],
    ['/forgot-pass', 'Mot de passe oublié'],
    ['/password/lien-inconnu', 'Nouveau mot de passe'],
    ['/validate-email/lien-inconnu', 'Bienvenue'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page, path).toHaveTitle(`${PRODUCT_NAME} - ${title}`);
  }
  await signIn(page, DEMO.demandeur.email, DEMO_PASSWORD);
  await expect(page).toHaveTitle(`${PRODUCT_NAME} - Localisation des demandes`);
  await page.goto('/404');
  await expect(page).toHaveTitle(`${PRODUCT_NAME} - Page introuvable`);
});
