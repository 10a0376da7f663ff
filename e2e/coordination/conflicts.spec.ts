import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, toast } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { SCREENSHOT_DIR } from '../support/paths.ts';
import { DEMO_PASSWORD } from '../support/texts.ts';
import { readZipEntry } from '../support/zip.ts';
import { openFavourableDecision } from '../support/decision.ts';
import { generateOrders } from '../instruction/instruction-page.ts';

// Coordination of works (docs/coordination.md): the demo instructor opens the demo
// applicant's networks permission in conflict (apps/api/src/seed/demo-coordination.ts, reference
// COORDINATION-DEMO), sees the other works in the section's table and both footprints on the map
// with the legend, decides favourably — the dialog warns of the conflict — with a coordination
// prescription, and finds it in the generated order.

const INSTRUCTEUR = 'instructeur@exemple.fr';
const REFERENCE = 'COORDINATION-DEMO';
/** The stroke colours of the map (apps/web/src/features/map/model/tones.ts). */
const REQUEST_RED = [0xce, 0x05, 0x00] as const;
const CONFLICT_PURPLE = [0x6e, 0x44, 0x5a] as const;

/** The demo request in conflict: the list's search (GET /api/request), then the detail's reference. */
async function demoRequest(page: Page): Promise<{ id: number; publicId: string }> {
  const query = new URLSearchParams({ type: '1', searchText: REFERENCE, numItemsPerPage: '50' });
  const listed = await page.request.get(`/api/request?${query.toString()}`);
  expect(listed.ok(), `GET /api/request : ${String(listed.status())}`).toBe(true);
  for (const row of ((await listed.json()) as { data: { id: number; publicId: string }[] }).data) {
    const detail = await page.request.get(`/api/request/${row.publicId}`);
    if (((await detail.json()) as { data: { reference: string | null } }).data.reference === REFERENCE)
      return row;
  }
  throw new Error(`La demande de démonstration ${REFERENCE} est introuvable.`);
}

/** How many pixels of the map's canvases have this colour (a stroke drawn at full opacity). */
async function pixelsOf(page: Page, [red, green, blue]: readonly [number, number, number]): Promise<number> {
  return page.getByRole('region', { name: 'Carte de localisation de la demande' }).evaluate(
    (map, colour) => {
      let count = 0;
      for (const canvas of map.querySelectorAll('canvas')) {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0 || canvas.height === 0) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let index = 0; index < data.length; index += 4) {
          if (
            Math.abs(data[index]! - colour[0]) < 12 &&
            Math.abs(data[index + 1]! - colour[1]) < 12 &&
            Math.abs(data[index + 2]! - colour[2]) < 12 &&
            data[index + 3]! > 200
          )
            count += 1;
        }
      }
      return count;
    },
    [red, green, blue] as const,
  );
}

test("l'instructeur ouvre une demande en conflit, voit les deux chantiers sur la carte et ajoute la prescription de coordination à l'arrêté", async ({
  page,
}, testInfo) => {
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  const { id, publicId } = await demoRequest(page);
  await page.goto(`/dossiers/${publicId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Demande n°${String(id)}` })).toBeVisible();

  // The section: the other works in a table, the recent full-width refection, the search at filing.
  const section = page.getByRole('region', { name: 'Coordination des travaux' });
  const table = section.getByRole('table', { name: '1 autre chantier en conflit' });
  await expect(table).toBeVisible();
  const row = table.getByRole('row').nth(1);
  const other = row.getByRole('link', { name: /^Demande n° \d+$/ });
  const otherId = Number((await other.textContent())!.replace(/\D/g, ''));
  await expect(row.getByRole('cell')).toHaveText([
    /^du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4}$/,
    /^\d+(,\d)?$/,
    '3',
    'En attente de réception',
  ]);
  const distance = Number((await row.getByRole('cell').nth(1).textContent())!.replace(',', '.'));
  expect(distance).toBeGreaterThan(15);
  expect(distance).toBeLessThan(25);
  await expect(section.getByRole('list', { name: 'Réfections récentes à proximité' })).toContainText(
    'réfection en pleine largeur',
  );
  await expect(section.getByRole('list', { name: 'Recherches enregistrées' })).toContainText('Au dépôt');
  await section.getByRole('button', { name: 'Rechercher les conflits' }).click();
  await expect(toast(page, '1 conflit trouvé.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Recherches enregistrées' })).toContainText(
    'Recherche à la demande',
  );

  // Both works on the map (the request in red, the other dashed in purple), with the legend.
  const legend = page.getByRole('list', { name: 'Légende de la carte' });
  await expect(legend).toContainText('Emprise de la demande');
  await expect(legend).toContainText('Autres travaux en conflit');
  await expect.poll(() => pixelsOf(page, REQUEST_RED), { timeout: 15_000 }).toBeGreaterThan(20);
  await expect.poll(() => pixelsOf(page, CONFLICT_PURPLE), { timeout: 15_000 }).toBeGreaterThan(20);
  await expectNoSeriousA11yViolations(page, testInfo, 'la coordination des travaux');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'coordination-detail-full.png'), fullPage: true });

  // The decision: favourable, warned of the conflict, with the coordination prescription.
  const decision = await openFavourableDecision(page);
  const warning = decision.getByRole('alert').filter({ hasText: 'Travaux en conflit' });
  await expect(warning).toContainText('en conflit avec 1 autre chantier');
  await expect(warning).toContainText(`Demande n° ${String(otherId)}`);
  await decision.getByRole('button', { name: 'Proposer une prescription' }).click();
  const prescription = decision.getByRole('textbox', { name: 'Prescription de coordination' });
  await expect(prescription).toHaveValue(new RegExp(`la demande n° ${String(otherId)}`));
  const text = `Intervention commune avec le chantier de la demande n° ${String(otherId)} et une seule réfection de chaussée.`;
  await prescription.fill(text);
  await expectNoSeriousA11yViolations(page, testInfo, 'la décision en conflit');
  await decision.screenshot({ path: path.join(SCREENSHOT_DIR, 'coordination-decision.png') });
  await decision.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'La décision a été enregistrée.')).toBeVisible();
  await expect(decision).toBeHidden();

  // The order prints it.
  await generateOrders(page);
  const docxLink = page
    .getByRole('region', { name: 'Arrêté' })
    .getByRole('link', { name: "Télécharger l'arrêté (DOCX)" });
  await expect(docxLink).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), docxLink.click()]);
  const xml = readZipEntry(await readFile(await download.path()), 'word/document.xml')!.toString('utf8');
  expect(xml).toContain(`Coordination des travaux : ${text}`);
});
