import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { field, signIn, toast, todayFr, uniqueSiret } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';

// Operators and subcontractors (docs/api-groups.md): the administrator
// adds an operator with a town picked by the keyboard, edits and deletes it; adds a subcontractor
// and its mandate; axe on the lists and their dialogs. An instructor is told the screen is for
// administrators.

const INSTRUCTEUR = 'instructeur@exemple.fr';

const rowOf = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table, exact: true }).getByRole('row').filter({ hasText: text });

test("l'administrateur ajoute, modifie et supprime un opérateur", async ({ page }, testInfo) => {
  const name = `Fibre E2E ${String(randomInt(100000))}`;
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await page.goto('/groups/operator');
  await expect(page.getByRole('heading', { level: 1, name: 'Opérateurs' })).toBeVisible();
  await expect(rowOf(page, 'Opérateurs', 'Réseaux Sud Landes')).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'opérateurs');

  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un opérateur' });
  await expect(dialog.getByText('Pas de périmètre ajouté')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Ce champ est obligatoire')).toHaveCount(2);
  await field(page, 'Nom').fill(name);
  await field(page, 'Siret').fill(uniqueSiret('7'));
  await dialog.getByRole('radio', { name: 'Commune' }).check();
  const perimeter = dialog.getByRole('combobox', { name: 'Périmètre' });
  await perimeter.fill('Saubi');
  await expect(page.getByRole('option', { name: 'Saubion', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(rowOf(page, 'Périmètres', 'Saubion')).toContainText('Commune');
  await perimeter.fill('zzzz');
  await expect(page.getByText('Pas de résultat')).toBeVisible();
  await perimeter.fill('');
  await perimeter.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, testInfo, 'ajouter un opérateur');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Opérateur ajouté.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(name.slice(0, 12));
  await expect(rowOf(page, 'Opérateurs', name)).toBeVisible();
  await expect(rowOf(page, 'Opérateurs', 'Réseaux Sud Landes')).toHaveCount(0);
  await page.getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier cet opérateur' });
  await expect(rowOf(page, 'Périmètres', 'Saubion')).toBeVisible();
  await field(page, 'Nom').fill(`${name} bis`);
  await field(page, 'Nom').press('Enter');
  await expect(toast(page, 'Opérateur modifié.')).toBeVisible();
  await expect(edit).toBeHidden();

  await page.getByRole('button', { name: `Supprimer ${name} bis` }).click();
  const confirm = page.getByRole('dialog', { name: 'Voulez vous vraiment supprimer cet opérateur ?' });
  await expectNoSeriousA11yViolations(page, testInfo, 'supprimer un opérateur');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page, 'Opérateur supprimé.')).toBeVisible();
  await expect(page.getByText('Pas de groupe')).toBeVisible();
});

test("l'administrateur ajoute un sous-traitant et son mandat", async ({ page }, testInfo) => {
  const name = `Travaux E2E ${String(randomInt(100000))}`;
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await page.goto('/groups/soustraitant');
  await expect(page.getByRole('heading', { level: 1, name: 'Sous-traitants' })).toBeVisible();
  await expect(rowOf(page, 'Sous-traitants', 'TP Côte Sud')).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await field(page, 'Nom').fill(name);
  await field(page, 'Siret').fill(uniqueSiret('7'));
  await page
    .getByRole('dialog', { name: 'Ajouter un sous-traitant' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(toast(page, 'Sous-traitant ajouté.')).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Modifier ce sous-traitant' });
  await expect(rowOf(page, 'Mandats', 'Pas de mandat')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Opérateur' }).fill('Réseaux');
  await page.getByRole('option', { name: 'Réseaux Sud Landes' }).click();
  await dialog.getByRole('group', { name: 'Du', exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(todayFr().replace(/\D/g, ''));
  await dialog.getByRole('button', { name: 'Ajouter le mandat' }).click();
  await expect(toast(page, 'Mandat ajouté.')).toBeVisible();
  const mandate = rowOf(page, 'Mandats', 'Réseaux Sud Landes');
  await expect(mandate).toContainText(todayFr());
  await expect(mandate).toContainText('Sans fin');
  await expect(mandate).toContainText('En vigueur');
  await expectNoSeriousA11yViolations(page, testInfo, 'mandats');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(rowOf(page, 'Sous-traitants', name)).toBeVisible();
});

test("un instructeur apprend que l'écran est réservé aux administrateurs", async ({ page }) => {
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  await page.goto('/groups/operator');
  await expect(
    page.getByText('La gestion des opérateurs et des sous-traitants est réservée aux administrateurs.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter', exact: true })).toHaveCount(0);
});
