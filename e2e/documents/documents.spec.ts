import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, signIn, toast } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';

// The documents library: the administrator adds a PDF through 'Ajout d'un
// document' (a PNG renamed .pdf is refused by its content), an applicant finds it under its
// category and downloads the same bytes, the administrator deletes it. axe on the page and on
// the dialog.

const PDF = Buffer.from(`%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n% ${Date.now()}\n`);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa1b0d10000000049454e44ae426082',
  'hex',
);
const TITLE = `Guide des tranchées ${Date.now().toString(36)}`;

async function openDocuments(page: Page): Promise<void> {
  await openFromMenu(page, 'Documents', { url: /\/documents$/, heading: 'Documents' });
}

test("l'administrateur ajoute un document, un demandeur le télécharge, l'administrateur le supprime", async ({
  browser,
}, testInfo) => {
  // One context each (axe needs a page of a context): two people signed in at once.
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, DEMO.admin.email, DEMO_PASSWORD);
  await openDocuments(adminPage);
  await expectNoSeriousA11yViolations(adminPage, testInfo, 'documents (administrateur)');

  await adminPage.getByRole('button', { name: "Ajout d'un document" }).click();
  const dialog = adminPage.getByRole('dialog', { name: "Ajout d'un document" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage, testInfo, "dialogue « Ajout d'un document »");
  // Keyboard path: title, category, file, then Enter submits.
  await dialog.getByLabel('Titre').fill(TITLE);
  await dialog.getByLabel('Catégorie').selectOption({ label: 'Guides' });
  await dialog
    .getByLabel('Fichier')
    .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: PNG });
  await dialog.getByRole('button', { name: 'Ajouter' }).click();
  await expect(dialog.getByRole('alert')).toContainText('ne correspond pas à un format accepté');

  await dialog
    .getByLabel('Fichier')
    .setInputFiles({ name: 'guide-tranchees.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByLabel('Titre').press('Enter');
  await expect(toast(adminPage, 'Document ajouté.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const guides = adminPage.getByRole('region', { name: 'Guides' });
  await expect(guides.getByText(TITLE)).toBeVisible();

  const applicantPage = await (await browser.newContext()).newPage();
  await signIn(applicantPage, DEMO.demandeur.email, DEMO_PASSWORD);
  await openDocuments(applicantPage);
  await expect(applicantPage.getByRole('button', { name: "Ajout d'un document" })).toHaveCount(0);
  const link = applicantPage
    .getByRole('region', { name: 'Guides' })
    .getByRole('link', { name: `Télécharger : ${TITLE}` });
  await expect(link).toBeVisible();
  await expectNoSeriousA11yViolations(applicantPage, testInfo, 'documents (demandeur)');
  const [download] = await Promise.all([applicantPage.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('guide-tranchees.pdf');
  expect((await readFile(await download.path())).equals(PDF)).toBe(true);
  await expect(applicantPage.getByRole('button', { name: `Supprimer : ${TITLE}` })).toHaveCount(0);

  await guides.getByRole('button', { name: `Supprimer : ${TITLE}` }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Voulez-vous vraiment supprimer ce document ?' });
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(adminPage, 'Document supprimé.')).toBeVisible();
  await expect(adminPage.getByText(TITLE)).toHaveCount(0);
  await applicantPage.reload();
  await expect(applicantPage.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(applicantPage.getByText(TITLE)).toHaveCount(0);
});
