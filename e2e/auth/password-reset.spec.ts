import { expect, test } from '@playwright/test';
import {
  createValidatedAccount,
  field,
  fillSignIn,
  signIn,
  signOut,
  toast,
  uniqueEmail,
} from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { linkIn, mailsTo, waitForMail } from '../support/mailbox.ts';
import { OTHER_STRONG_PASSWORD, PRODUCT_NAME, STRONG_PASSWORD, TEXTS } from '../support/texts.ts';

test('mot de passe oublié : même réponse pour toute adresse, lien reçu, nouveau mot de passe', async ({
  page,
  baseURL,
}, testInfo) => {
  const email = await createValidatedAccount(page, 'oubli');
  const unknown = uniqueEmail('sans-compte');

  const askReset = async (address: string) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié' }).click();
    await expect(page).toHaveURL(/\/forgot-pass$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
    await expect(page).toHaveTitle(`${PRODUCT_NAME} - Mot de passe oublié`);
    await field(page, 'Adresse e-mail').fill(address);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    const confirmation = page.getByRole('status').filter({ hasText: TEXTS.resetSent });
    await expect(confirmation).toBeVisible();
    return confirmation.textContent();
  };

  await test.step('la page /forgot-pass', async () => {
    await page.goto('/forgot-pass');
    await expectNoSeriousA11yViolations(page, testInfo, 'la page mot de passe oublié');
  });

  const link =
    await test.step('la même confirmation pour une adresse inconnue et pour une connue', async () => {
      const forUnknown = await askReset(unknown);
      await expectNoSeriousA11yViolations(page, testInfo, 'la confirmation de mot de passe oublié');
      const forKnown = await askReset(email);
      expect(forKnown).toBe(forUnknown);

      const mail = await waitForMail(email, { count: 2 }); // after the validation mail
      expect(mail.subject).toBe(`${PRODUCT_NAME} : réinitialisation de votre mot de passe`);
      expect(await mailsTo(unknown)).toHaveLength(0);
      const link = linkIn(mail, 'password');
      expect(link.startsWith(`${baseURL}/password/`), `lien vers PUBLIC_URL : ${link}`).toBe(true);
      return link;
    });

  await test.step('choisir un nouveau mot de passe', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
    await expect(page).toHaveTitle(`${PRODUCT_NAME} - Nouveau mot de passe`);
    await expect(page.getByText(`Compte : ${email}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'la page nouveau mot de passe (lien valide)');
    await field(page, 'Nouveau mot de passe').fill(OTHER_STRONG_PASSWORD);
    await field(page, 'Confirmation du mot de passe').fill(OTHER_STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, TEXTS.passwordChanged)).toBeVisible();
  });

  await test.step("le nouveau mot de passe ouvre la session, l'ancien non", async () => {
    await signIn(page, email, OTHER_STRONG_PASSWORD);
    await signOut(page);
    await fillSignIn(page, email, STRONG_PASSWORD);
    await expect(page.getByRole('alert').filter({ hasText: TEXTS.loginFailure })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
