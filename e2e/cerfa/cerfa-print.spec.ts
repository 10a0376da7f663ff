import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, waitForIdle } from '../support/axe.ts';
import { openedWindowUrl } from '../support/network.ts';
import { SCREENSHOT_DIR } from '../support/paths.ts';
import { DEMO_PASSWORD } from '../support/texts.ts';

// The printable cerfas (docs/screens.md "Cerfa view"): laid out as the official forms, with
// their numbered sections; the 14024 (traffic-police order) offered only where the works touch
// the carriageway — the request page's buttons, the replica and the PDF route agree.

const INSTRUCTOR = 'instructeur@exemple.fr';

interface Listed {
  id: number;
  publicId: string;
}

/** The first demo request of a kind whose 14024 the server serves (200) or refuses (404). */
async function requestWhere(api: APIRequestContext, kind: 1 | 3, status: 200 | 404): Promise<Listed> {
  const list = await api.get(`/api/request?type=${String(kind)}&numItemsPerPage=50`);
  const rows = ((await list.json()) as { data: Listed[] }).data;
  for (const row of rows) {
    if ((await api.get(`/api/request/${String(row.id)}/pdf/14024`)).status() === status) return row;
  }
  throw new Error(`aucune demande de type ${String(kind)} dont le cerfa 14024 répond ${String(status)}`);
}

test('le cerfa 14024 est proposé pour des travaux sur la chaussée, et imprimé comme le formulaire', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, INSTRUCTOR, DEMO_PASSWORD);
  const onRoadway = await requestWhere(page.request, 1, 200);
  const offRoadway = await requestWhere(page.request, 3, 404);

  // The request page offers both forms for works on the roadway…
  await page.goto(`/dossiers/${onRoadway.publicId}`);
  await expect(page.getByRole('button', { name: 'Imprimer le cerfa 14024' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimer le cerfa 14023' })).toBeVisible();

  // …and the 14024 replica has the eight numbered sections of the official form.
  await page.goto(`/cerfa/14024/${onRoadway.publicId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Formulaire Cerfa n°14024' })).toBeVisible();
  const sections = page.getByRole('heading', { level: 2 });
  await expect(sections).toHaveCount(8);
  await expect(sections.first()).toHaveText('1 - Le demandeur');
  await expect(sections.last()).toHaveText('8 - Attestation et signature');
  await expect(page.getByRole('region', { name: '5 - Réglementation souhaitée' })).toBeVisible();
  await waitForIdle(page);
  await expectNoSeriousA11yViolations(page, testInfo, 'cerfa 14024');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'cerfa-14024-1366x768.png'), fullPage: true });
  const pdfUrl = await openedWindowUrl(page, /\/api\/request\/\d+\/pdf\/14024\/file$/, () =>
    page.getByRole('button', { name: 'Imprimer' }).click(),
  );
  const pdf = await page.request.get(pdfUrl);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Works off the carriageway: the 14023 only; the 14024 replica says why it is not offered.
  await page.goto(`/dossiers/${offRoadway.publicId}`);
  await expect(page.getByRole('button', { name: 'Imprimer le cerfa 14023' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimer le cerfa 14024' })).toHaveCount(0);
  await page.goto(`/cerfa/14024/${offRoadway.publicId}`);
  await expect(page.getByText(/ne concerne que les travaux sur la chaussée/)).toBeVisible();

  await page.goto(`/cerfa/14023/${offRoadway.publicId}`);
  await expect(page.getByRole('heading', { level: 2, name: '1 - Le demandeur' })).toBeVisible();
  await waitForIdle(page);
  await expectNoSeriousA11yViolations(page, testInfo, 'cerfa 14023');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'cerfa-14023-1366x768.png'), fullPage: true });
});
