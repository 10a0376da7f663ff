import { expect, test } from '@playwright/test';
import { field, fillSignIn, signIn, signOut, toast, uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { fileNetworksRequest } from '../instruction/file-networks-request.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { DEMO, DEMO_PASSWORD, STRONG_PASSWORD } from '../support/texts.ts';

// Users (docs/screens.md): the administrator creates an instructor account from the
// users list; the mail's single-use link sets its password; the instructor signs in and reads the
// users list (an eye, no pencil) and instructs a request just filed (a completeness request sent
// back to the applicant); the administrator deletes the account: it can no longer sign in. axe on
// the list, the NewUser form and the account screen.

test.describe.configure({ timeout: 120_000 });

const TITLE = 'Gestion des utilisateurs';
const ACCOUNT_DISABLED = 'Votre compte est désactivé. Contactez la communauté de communes.';
const PIECE_85 = 'Formulaire CERFA 14023 complété et signé';
const PIECE_101 = 'Réponse à la demande de complétude';

test("l'administrateur crée un instructeur, qui choisit son mot de passe et instruit une demande, puis le supprime", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('instructeur');
  let filed: Awaited<ReturnType<typeof fileNetworksRequest>> = null;

  await test.step('la liste des utilisateurs', async () => {
    await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
    // A request to instruct, filed through the API (the wizard is filing/'s journey).
    filed = await fileNetworksRequest(page);
    test.fixme(!filed, 'Pas de géographie de démonstration (voies, parcelles, adresses) dans ce portail.');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: TITLE }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(
      page.getByRole('heading', { level: 1, name: new RegExp(`^${TITLE} \\(\\d+\\)$`) }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: `Modifier ${DEMO.demandeur.firstName} ${DEMO.demandeur.lastName}` }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'la liste des utilisateurs');
  });

  await test.step('Nouvel utilisateur : un instructeur', async () => {
    await page.getByRole('link', { name: 'Nouvel utilisateur' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvel utilisateur' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Titre' }).click();
    await page.getByRole('option', { name: 'Service public' }).click();
    await field(page, 'Nom').fill('Etcheverry');
    await field(page, 'Prénom').fill('Paul');
    await field(page, 'Adresse e-mail').fill(email);
    await field(page, 'Téléphone').fill('0558000042');
    await page.getByRole('checkbox', { name: 'Demandeur' }).uncheck();
    await page.getByRole('checkbox', { name: 'Instructeur' }).check();
    await expectNoSeriousA11yViolations(page, testInfo, 'le formulaire Nouvel utilisateur');
    await page.getByRole('button', { name: 'Créer le compte' }).click();
    await expect(
      toast(page, `Le compte a été créé. Un lien pour choisir son mot de passe a été envoyé à ${email}.`),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Fiche utilisateur' })).toBeVisible();
    await expect(field(page, 'Adresse e-mail')).toHaveValue(email);
    await signOut(page);
  });

  await test.step('le lien du courriel choisit le mot de passe', async () => {
    const mail = await waitForMail(email);
    await page.goto(linkIn(mail, 'password'));
    await expect(page.getByText(`Compte : ${email}`)).toBeVisible();
    await field(page, 'Nouveau mot de passe').fill(STRONG_PASSWORD);
    await field(page, 'Confirmation du mot de passe').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step("l'instructeur se connecte, lit la liste et modifie son compte", async () => {
    await signIn(page, email, STRONG_PASSWORD);
    await page.goto('/users');
    await expect(page.getByRole('link', { name: 'Voir Paul Etcheverry' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Supprimer / })).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mon compte' })
      .click();
    await expect(field(page, 'Prénom')).toHaveValue('Paul');
    await expect(page.getByRole('checkbox', { name: 'Instructeur' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page, testInfo, 'Mon compte');
    await field(page, 'Prénom').fill('Pierre');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(toast(page, 'Les informations du compte ont été enregistrées.')).toBeVisible();
  });

  await test.step("l'instructeur instruit une demande déposée : demande de complétude", async () => {
    const { id, publicId } = filed!;
    await page.goto(`/dossiers/${publicId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Demande n°${String(id)}` })).toBeVisible();
    const summary = page.getByLabel('Résumé de la demande');
    await expect(
      summary.getByRole('definition').filter({ hasText: /^Transférée pour instruction$/ }),
    ).toBeVisible();
    await page
      .getByRole('group', { name: 'Actions sur la demande' })
      .getByRole('button', { name: 'Demande de complétude' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Demande de complétude' });
    await dialog.getByLabel('Transférer au demandeur').check();
    await dialog.getByRole('checkbox', { name: `${PIECE_85} * obligatoire`, exact: true }).check();
    await dialog.getByRole('checkbox', { name: `${PIECE_101} * obligatoire`, exact: true }).check();
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(toast(page, 'La demande a été transférée en complétude.')).toBeVisible();
    await expect(
      summary.getByRole('definition').filter({ hasText: /^Transférée en complétude$/ }),
    ).toBeVisible();
    await signOut(page);
  });

  await test.step("l'administrateur le supprime : il ne peut plus se connecter", async () => {
    await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
    await page.goto('/users');
    await page.getByRole('button', { name: 'Supprimer Pierre Etcheverry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Voulez vous vraiment supprimer cet utilisateur ?' });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(
      toast(page, "L'utilisateur a été supprimé : son compte est désactivé et ses demandes sont conservées."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modifier Pierre Etcheverry' })).toHaveCount(0);
    await signOut(page);
    await page.goto('/login');
    await fillSignIn(page, email, STRONG_PASSWORD);
    await expect(page.getByText(ACCOUNT_DISABLED)).toBeVisible();
  });
});
