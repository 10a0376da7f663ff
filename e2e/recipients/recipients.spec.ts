import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, toast, uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, waitForIdle } from '../support/axe.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';

// The recipients screen (docs/screens.md "Notices and errors"; docs/api-recipients.md): the
// administrator opens it from the sidebar, sets a town's 'Email mairie' (the notice 'email
// modifié', the value still there after a reload), adds an extra contact and deletes it; axe on the
// page and its dialogs. An instructor opening the address is told the screen is for administrators.

const TITLE = 'Gestion des destinataires';
const TOWN = 'Saubion';
const INSTRUCTEUR = 'instructeur@exemple.fr';

function townsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Contacts', exact: true });
}

function townRow(page: Page, town: string): Locator {
  return townsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: town, exact: true }) });
}

async function openMailsDialog(page: Page, town: string): Promise<Locator> {
  await page.getByRole('button', { name: `Modifier les e-mails de ${town}` }).click();
  const dialog = page.getByRole('dialog', { name: `E-mails de ${town}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("l'administrateur modifie l'e-mail d'une mairie, ajoute puis supprime un contact", async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: TITLE }).click();
  await expect(page).toHaveURL(/\/destinataires$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(townRow(page, TOWN)).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'destinataires');

  // 1. A town's 'Email mairie': a bad address is refused under the field, a good one is saved.
  const mairie = uniqueEmail('mairie');
  let dialog = await openMailsDialog(page, TOWN);
  const field = dialog.getByRole('textbox', { name: 'Email mairie' });
  const previous = await field.inputValue();
  await field.fill('pas-une-adresse');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Veuillez saisir une adresse e-mail valide')).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'e-mails de la commune');
  await field.fill(mairie);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'email modifié')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(townRow(page, TOWN)).toContainText(mairie);
  await page.reload();
  await expect(townRow(page, TOWN)).toContainText(mairie);

  // 2. An extra contact, added through the dialog (keyboard for the town), then deleted.
  const contact = uniqueEmail('contact');
  const section = page.getByRole('button', { name: 'Contacts supplémentaires' });
  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Ajouter un contact' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Ce champ est obligatoire')).toHaveCount(2);
  const commune = dialog.getByRole('combobox', { name: 'Commune' });
  await commune.fill('Saubi');
  await page.getByRole('option', { name: TOWN, exact: true }).click();
  await expect(commune).toHaveValue(TOWN);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(contact);
  await expectNoSeriousA11yViolations(page, testInfo, 'ajouter un contact');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  const extra = page.getByRole('table', { name: 'Contacts supplémentaires' });
  const row = extra.getByRole('row').filter({ hasText: contact });
  await expect(row).toContainText(TOWN);
  await expectNoSeriousA11yViolations(page, testInfo, 'contacts supplémentaires');

  await page.getByRole('button', { name: `Supprimer le contact ${contact}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Voulez vous vraiment supprimer ce contact ?' });
  await expect(confirm).toContainText(contact);
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await waitForIdle(page);

  // The demo town gets its address back (the database lives for the whole run).
  dialog = await openMailsDialog(page, TOWN);
  await dialog.getByRole('textbox', { name: 'Email mairie' }).fill(previous);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(townRow(page, TOWN)).not.toContainText(mairie);
});

test("un instructeur qui ouvre /destinataires lit que l'écran est réservé aux administrateurs", async ({
  page,
}) => {
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: TITLE }),
  ).toHaveCount(0);
  await page.goto('/destinataires');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(
    page.getByText('La gestion des destinataires est réservée aux administrateurs.'),
  ).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
