import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, signIn, toast } from '../support/accounts.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';
import { pdfFile } from '../instruction/file-networks-request.ts';
import { actionBar, INSTRUCTEUR } from '../instruction/instruction-page.ts';

// Notification with proof (docs/acts.md « Notification of individual decisions »): the demo
// instructor signs a permission of the demo applicant; the applicant opens it through its
// personal page (the link of the decision mail) — the acknowledgement; the register then shows
// the signature's date and the notification's, « sur le portail ».

/** A permission of the demo applicant in signature (state 3, sent to sign), read as the applicant. */
async function ownPermissionInSignature(page: Page): Promise<{ id: number; publicId: string }> {
  const query = new URLSearchParams({
    numItemsPerPage: '250',
    searchSort: 'id',
    searchDir: 'asc',
    searchFilter: JSON.stringify({ stateId: 3 }),
  });
  const listed = await page.request.get(`/api/request?${query.toString()}`);
  expect(listed.ok()).toBe(true);
  const rows = (
    (await listed.json()) as { data: { id: number; publicId: string; type: number; sendToSign: boolean }[] }
  ).data;
  const found = rows.find((row) => row.sendToSign && (row.type === 1 || row.type === 3));
  expect(found, 'une permission de démonstration du demandeur en signature').toBeDefined();
  return found!;
}

test("notification : l'arrêté signé, ouvert par le demandeur, est notifié ; le registre montre les deux dates", async ({
  browser,
}) => {
  const applicant = await browser.newPage();
  await signIn(applicant, DEMO.demandeur.email, DEMO_PASSWORD);
  const { id, publicId } = await ownPermissionInSignature(applicant);

  // 1. The instructor records the signed order.
  const page = await browser.newPage();
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  await page.goto(`/dossiers/${publicId}`);
  await actionBar(page).getByRole('button', { name: "Déposer l'arrêté signé" }).click();
  const signed = page.getByRole('dialog', { name: /^Déposer (l'arrêté signé|les arrêtés signés)$/ });
  const inputs = signed.getByLabel(/signé \(PDF\)/);
  for (let index = 0; index < (await inputs.count()); index += 1) {
    await inputs.nth(index).setInputFiles(pdfFile(`arrete-notifie-${String(id)}-${String(index)}.pdf`));
  }
  await signed.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(toast(page, /signés? (a|ont) été enregistrés?\./)).toBeVisible();
  const section = page.getByRole('region', { name: 'Notification des décisions' });
  await expect(
    section.getByText("Courriel envoyé, en attente de l'ouverture de l'acte par son destinataire"),
  ).toBeVisible();
  const heading = await section.getByRole('heading', { level: 3 }).first().textContent();
  const number = /n° (\S+)$/.exec(heading ?? '')?.[1] ?? '';
  expect(number).toMatch(/^\d{4}_\d{5}$/);

  // 2. The applicant opens the act from the mail's link: the acknowledgement.
  await applicant.goto(`/notification/${number}`);
  await expect(applicant.getByRole('heading', { level: 1, name: new RegExp(`n° ${number}$`) })).toBeVisible();
  await expect(applicant.getByText(/Vous avez pris connaissance de cette décision le/)).toBeVisible();
  await expect(applicant.getByText(/^Délai de recours : jusqu'au \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(applicant.getByText(/tribunal administratif de Pau/)).toBeVisible();

  // 3. The register: signed, then notified on the portal.
  await openFromMenu(page, 'Registre des actes', { url: /\/registre$/, heading: 'Registre des actes' });
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d{2}\/\d{2}\/\d{4}/);
  await expect(row).toContainText('(sur le portail)');
});
