import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, signIn, toast } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';
import { pdfFile } from '../instruction/file-networks-request.ts';
import { actionBar, expectState, INSTRUCTEUR } from '../instruction/instruction-page.ts';

// The register of acts (docs/acts.md, docs/screens.md « Registre des actes »): the demo
// instructor uploads the signed order of a demo access permission in signature — the act gets
// its number in the signature's transaction — then opens « Registre des actes » from the
// sidebar, finds the act with its number and links, filters by nature, downloads the CSV and
// prints the year's register, downloads the act's ACTES package and enters the prefecture's
// acknowledgement.
// The administrator then changes the number format: a format that would break the ACTES rule is
// refused in French on the field; a good one is saved. The format is put back at the end (the
// portal is shared by the journeys).

/** A demo access permission (kind 3, one act) in signature: state 3, sent to sign. */
async function accessPermissionInSignature(page: Page): Promise<{ id: number; publicId: string }> {
  const query = new URLSearchParams({
    type: '3',
    numItemsPerPage: '250',
    searchSort: 'id',
    searchDir: 'asc',
    searchFilter: JSON.stringify({ stateId: 3 }),
  });
  const listed = await page.request.get(`/api/request?${query.toString()}`);
  expect(listed.ok(), `GET /api/request : ${String(listed.status())}`).toBe(true);
  const rows = (
    (await listed.json()) as {
      data: { id: number; publicId: string; stateId: number; sendToSign: boolean }[];
    }
  ).data;
  const found = rows.find((row) => row.stateId === 3 && row.sendToSign);
  expect(found, 'une permission Accès/Clôture de démonstration en signature').toBeDefined();
  return found!;
}

test("registre des actes : l'arrêté signé y reçoit son numéro ; filtres, CSV ; le format des numéros de l'administrateur", async ({
  page,
  browser,
}, testInfo) => {
  // 1. The instructor uploads the signed order: the act is numbered.
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  const { id, publicId } = await accessPermissionInSignature(page);
  await page.goto(`/dossiers/${publicId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Demande n°${String(id)}` })).toBeVisible();
  await expectState(page, 'En signature');
  await actionBar(page).getByRole('button', { name: "Déposer l'arrêté signé" }).click();
  const signed = page.getByRole('dialog', { name: /^Déposer (l'arrêté signé|les arrêtés signés)$/ });
  const inputs = signed.getByLabel(/signé \(PDF\)/);
  for (let index = 0; index < (await inputs.count()); index += 1) {
    await inputs
      .nth(index)
      .setInputFiles(pdfFile(`arrete-signe-registre-${String(id)}-${String(index)}.pdf`));
  }
  await signed.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(toast(page, "L'arrêté signé a été enregistré.")).toBeVisible();
  await expectState(page, 'En attente de réception');

  // 2. The register, from the sidebar: the act with its number, nature, links. The demo's
  // signed acts are in the register too (apps/api/src/seed/demo-acts.ts): the request's town
  // keeps the act on the first page of 50.
  const detail = (await (await page.request.get(`/api/request/${publicId}`)).json()) as {
    data: { addressCity: string };
  };
  await openFromMenu(page, 'Registre des actes', { url: /\/registre$/, heading: 'Registre des actes' });
  await page.getByLabel('Commune').selectOption({ label: detail.data.addressCity });
  const table = page.getByRole('table', { name: /^Registre des actes : \d+ actes?$/ });
  const linkToRequest = page.getByRole('link', { name: `Demande n° ${String(id)}`, exact: true });
  const row = table.getByRole('row').filter({ has: linkToRequest });
  await expect(row.getByRole('link', { name: `Demande n° ${String(id)}` })).toHaveAttribute(
    'href',
    `/dossiers/${publicId}`,
  );
  const number = (await row.getByRole('rowheader').textContent()) ?? '';
  expect(number).toMatch(/^\d{4}_\d{5}$/);
  await expect(row.getByRole('cell').first()).toHaveText('Arrêté de permission de voirie');
  await expect(row.getByRole('link', { name: `PDF signé de l'acte ${number}` })).toHaveAttribute(
    'href',
    /^\/api\/document\/\d+\/file$/,
  );
  await expect(page.getByLabel('Année')).toHaveValue(number.slice(0, 4));
  await expectNoSeriousA11yViolations(page, testInfo, 'le registre des actes');

  // Filtered by nature: the permission stays among the permissions, not among the refusals.
  const nature = page.getByLabel('Nature');
  await nature.selectOption({ label: 'Arrêté de refus de permission de voirie' });
  await expect(row).toHaveCount(0);
  await nature.selectOption({ label: 'Arrêté de permission de voirie' });
  await expect(row).toBeVisible();

  // The CSV of what is shown.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exporter en CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('registre-des-actes.csv');
  const csv = (await readFile(await download.path())).toString('utf8');
  expect(csv.split('\n')[0]).toContain('ACTE_ID');
  expect(csv).toContain(number);

  // The year's register, printed: its chronological table holds the act (pdftotext).
  const year = number.slice(0, 4);
  const [printed] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Imprimer le registre ${year} (PDF)` }).click(),
  ]);
  expect(printed.suggestedFilename()).toBe(`registre-des-actes-${year}.pdf`);
  const text = execFileSync('pdftotext', [await printed.path(), '-']).toString('utf8');
  expect(text).toContain(`Registre des actes – année ${year}`);
  expect(text).toContain(number);
  expect(text).toContain('sans interruption.');

  // The prefect: the act's ACTES package, then the acknowledgement entered from its receipt.
  const [actes] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: `Paquet ACTES de l'acte ${number}` }).click(),
  ]);
  expect(actes.suggestedFilename()).toMatch(new RegExp(`^040-244000865-\\d{8}-${number}-AI-1-1\\.zip$`));
  const day = actes.suggestedFilename().split('-')[2]!;
  await row.getByRole('button', { name: `Saisir l'accusé de réception de l'acte ${number}` }).click();
  const acknowledgement = page.getByRole('dialog', { name: `Accusé de réception de l'acte ${number}` });
  await acknowledgement.getByLabel('Identifiant ACTES').fill(`040-244000865-${day}-${number}-AI`);
  await acknowledgement.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, "L'accusé de réception a été enregistré.")).toBeVisible();
  await expect(row.getByText(/^AR du \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  // 3. The administrator's number format.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin.email, DEMO_PASSWORD);
  await openFromMenu(admin, 'Registre des actes', { url: /\/registre$/, heading: 'Registre des actes' });
  const section = admin.getByRole('region', { name: "Format des numéros d'actes" });
  const format = section.getByLabel('Format');
  await expect(format).toHaveValue('{AAAA}_{NNNNN}');
  await expect(section.getByText(/^Premier numéro de l'année : \d{4}_00001$/)).toBeVisible();
  await format.fill('VOIRIE_{AAAA}_{NNNNNN}');
  await section.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    section.getByText(
      "Avec ce format, un numéro d'acte ne respecterait pas la règle ACTES de la préfecture : 15 caractères au plus, sans _ au début ni à la fin.",
    ),
  ).toBeVisible();
  await expect(format).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(admin, testInfo, 'le format des numéros refusé');
  await format.fill('V{AAAA}_{NNNN}');
  await section.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(admin, 'Format enregistré.')).toBeVisible();
  await expect(section.getByText(/^Premier numéro de l'année : V\d{4}_0001$/)).toBeVisible();

  // Put back: the other journeys' acts keep the default format.
  const reset = await admin.request.put('/api/acts/numbering', { data: { format: '{AAAA}_{NNNNN}' } });
  expect(reset.status()).toBe(200);
  await adminContext.close();
});
