import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openFromMenu, signIn } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';
import { isZip, readZipEntry } from '../support/zip.ts';

// The templates screen (docs/templates.md "The Templates screen"): the administrator opens 'Gestion
// des modèles', opens a template's editor in a new window, downloads its DOCX, sends it back
// ('Modèle enregistré.'), sees a text file renamed .docx refused, and brings the default back.
// Template 6 (formal notice): no other journey merges it, and the default is restored at the end.

const LABEL = 'Mise en demeure';
const FILE_NAME = '06-mise-en-demeure.docx';

test("l'administrateur télécharge un modèle et le renvoie depuis sa fenêtre d'édition", async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await openFromMenu(page, 'Gestion des modèles', { url: /\/modeles$/, heading: 'Gestion des modèles' });
  const button = page.getByRole('button', { name: LABEL, exact: true });
  await expect(button).toBeVisible();
  // Ten seeded templates, and the traffic-police order's.
  await expect(page.getByRole('list', { name: 'Modèles' }).getByRole('button')).toHaveCount(11);
  await expect(
    page.getByRole('button', { name: 'Arrêté de police de la circulation', exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'liste des modèles');

  // Keyboard: the button is reached and pressed like any other.
  await button.focus();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await expect(popup).toHaveURL(/\/modeles\/6$/);
  await expect(popup.getByRole('heading', { level: 1, name: `Modèle : ${LABEL}` })).toBeVisible();
  await expect(popup.getByText(FILE_NAME, { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    popup.waitForEvent('download'),
    popup.getByRole('link', { name: 'Télécharger le modèle (DOCX)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(FILE_NAME);
  const docx = await readFile(await download.path());
  expect(isZip(docx)).toBe(true);
  expect(readZipEntry(docx, 'word/document.xml')?.toString('utf8')).toContain('{demandeur_nom}');

  const input = popup.getByLabel(/Nouveau modèle \(DOCX\)/);
  await input.setInputFiles({
    name: 'mise-en-demeure-modifiee.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await popup.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(popup.getByRole('alert').filter({ hasText: 'Modèle enregistré.' })).toBeVisible();
  await expectNoSeriousA11yViolations(popup, testInfo, 'éditeur de modèle');

  // A text file renamed .docx is refused by its content.
  await input.setInputFiles({
    name: 'faux.docx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('pas un document Word\n'),
  });
  await popup.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(
    popup
      .getByRole('alert')
      .filter({ hasText: 'Le contenu du fichier ne correspond pas à un document Word (DOCX).' }),
  ).toBeVisible();

  await popup.getByRole('button', { name: 'Rétablir le modèle par défaut' }).click();
  const confirm = popup.getByRole('dialog', { name: 'Rétablir le modèle par défaut ?' });
  await expectNoSeriousA11yViolations(popup, testInfo, 'confirmation du retour au modèle par défaut');
  await confirm.getByRole('button', { name: 'Rétablir', exact: true }).click();
  await expect(popup.getByRole('alert').filter({ hasText: 'Modèle par défaut rétabli.' })).toBeVisible();
  await expect(popup.getByText('Ce modèle est le modèle par défaut.')).toBeVisible();
});
