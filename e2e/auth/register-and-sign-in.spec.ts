import { expect, test } from '@playwright/test';
import { fillRegistration, fillSignIn, signIn, signOut, toast, uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { holdRequests } from '../support/network.ts';
import { DEMO, DEMO_PASSWORD, PRODUCT_NAME, SIDEBAR, STRONG_PASSWORD, TEXTS } from '../support/texts.ts';

test('inscription, validation par le lien du courriel, connexion, menu, déconnexion', async ({
  page,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('parcours');

  await test.step("s'inscrire et accepter la notice de protection des données", async () => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
    await expect(page).toHaveTitle(`${PRODUCT_NAME} - Inscription`);
    await expectNoSeriousA11yViolations(page, testInfo, "la page d'inscription");

    await fillRegistration(page, email);
    const notice = page.getByRole('dialog', { name: TEXTS.dataProtectionTitle });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('conservées au maximum 3 ans');
    await expect(notice).toContainText("droit d'accès, de rectification, d'effacement et d'opposition");
    await expect(notice).toContainText('30 jours');
    await expectNoSeriousA11yViolations(page, testInfo, 'la notice de protection des données');
    await notice.getByRole('button', { name: 'Valider' }).click();

    await expect(notice).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: TEXTS.registered })).toBeVisible();
  });

  const link = await test.step('recevoir le courriel de validation', async () => {
    const mail = await waitForMail(email);
    expect(mail.subject).toBe(`${PRODUCT_NAME} : validez votre adresse e-mail`);
    const link = linkIn(mail, 'validate-email');
    expect(link.startsWith(`${baseURL}/validate-email/`), `lien vers PUBLIC_URL : ${link}`).toBe(true);
    // The HTML part's button leads to the same place as the text part.
    expect(mail.html).toContain(`href="${link}"`);
    return link;
  });

  await test.step('ouvrir le lien : page Bienvenue, validation automatique puis /login', async () => {
    // The page moves on as soon as the validation answers: hold the call to look at it first.
    const validation = await holdRequests(page, '**/api/user/validate-email/**');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue' })).toBeVisible();
    await expect(page).toHaveTitle(`${PRODUCT_NAME} - Bienvenue`);
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    // The overlay shows while the call is held; its own contrast is checked in loading-overlay.spec.ts.
    await expectNoSeriousA11yViolations(page, testInfo, 'la page de validation du courriel', {
      loading: 'exclude',
    });
    validation.release();

    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, TEXTS.emailValidated)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await expect(page).toHaveTitle(`${PRODUCT_NAME} - Connexion`);
    await expectNoSeriousA11yViolations(page, testInfo, 'la page de connexion');
  });

  await test.step('se connecter avec le nouveau compte', async () => {
    await fillSignIn(page, email, STRONG_PASSWORD);
    await expect(toast(page, TEXTS.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/dossiers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Localisation des demandes' })).toBeVisible();
    await expect(page).toHaveTitle(`${PRODUCT_NAME} - Localisation des demandes`);
  });

  await test.step('le menu latéral', async () => {
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: SIDEBAR.list })).toBeVisible();
    await expect(menu.getByRole('link', { name: SIDEBAR.list })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('button', { name: SIDEBAR.logout })).toBeVisible();
    for (const entry of SIDEBAR.adminEntries)
      await expect(menu.getByRole('link', { name: entry })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, testInfo, 'la liste des demandes (/dossiers)');
  });

  await test.step('se déconnecter', async () => {
    await signOut(page);
    // The session is over: the list is out of reach.
    await page.goto('/dossiers');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});

test("le menu de l'administrateur de démonstration offre la gestion, celui du demandeur non", async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  let menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(page.getByText(`${DEMO.admin.lastName} ${DEMO.admin.firstName}`)).toBeVisible();
  await expect(page.getByText(DEMO.admin.email, { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: SIDEBAR.list })).toBeVisible();
  for (const entry of SIDEBAR.adminEntries)
    await expect(menu.getByRole('link', { name: entry })).toBeVisible();
  await expect(menu.getByRole('button', { name: SIDEBAR.logout })).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, "la liste des demandes, menu de l'administrateur");
  await signOut(page);

  await signIn(page, DEMO.demandeur.email, DEMO_PASSWORD);
  menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(page.getByText(`${DEMO.demandeur.lastName} ${DEMO.demandeur.firstName}`)).toBeVisible();
  await expect(page.getByText(DEMO.demandeur.email, { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: SIDEBAR.list })).toBeVisible();
  for (const entry of SIDEBAR.adminEntries)
    await expect(menu.getByRole('link', { name: entry })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: SIDEBAR.logout })).toBeVisible();
  await signOut(page);
});
