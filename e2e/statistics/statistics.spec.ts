import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, signIn } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, waitForIdle } from '../support/axe.ts';
import { SCREENSHOT_DIR } from '../support/paths.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';

// The statistics page: 'Tableau de bord' in the sidebar opens /statistics
// with no configuration; the figures of the demo requests are drawn by MUI X Charts, each with
// its table; a filter recomputes them; a chart is exported as CSV and PNG; axe finds nothing
// serious; screenshots at 1366 × 768 and 390 × 844 are written under e2e/.tmp/artifacts.

const INSTRUCTOR = 'instructeur@exemple.fr';
const CHARTS = [
  'Demandes déposées par mois',
  'Demandes par type',
  'Demandes par état',
  'Délais (en jours)',
  'Décisions favorables',
  'Demandes par commune',
  'Échéances légales',
];

async function openStatistics(page: Page): Promise<void> {
  await openFromMenu(page, 'Tableau de bord', { url: /\/statistics$/, heading: 'Statistiques' });
  await expect(page.getByRole('status').filter({ hasText: /demandes? déposées?/ })).toBeVisible();
  await waitForIdle(page);
}

test("l'instructeur ouvre le tableau de bord, filtre, exporte un graphique en CSV et en PNG", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, INSTRUCTOR, DEMO_PASSWORD);
  await openStatistics(page);
  for (const title of CHARTS) {
    const section = page.getByRole('region', { name: title });
    await expect(section.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(section.getByRole('table', { name: title })).toBeAttached();
  }
  // The demo requests fill the charts: bars are drawn (SVG), not an empty frame.
  await expect(
    page.getByRole('region', { name: 'Demandes par état' }).locator('svg rect').first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'statistiques');

  // The table of a chart, on demand, read as a table.
  const states = page.getByRole('region', { name: 'Demandes par état' });
  await states.getByRole('button', { name: 'Afficher les données' }).click();
  await expect(states.getByRole('table', { name: 'Demandes par état' })).toBeVisible();
  await expect(states.getByRole('columnheader', { name: 'État' })).toBeVisible();

  const kinds = page.getByRole('region', { name: 'Demandes par type' });
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    kinds.getByRole('button', { name: 'Exporter en CSV : Demandes par type' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('statistiques-demandes-par-type.csv');
  const text = await readFile(await csv.path(), 'utf8');
  expect(text.startsWith('\uFEFFType;Demandes\r\n')).toBe(true);
  expect(text).toContain('Permission de voirie - Réseaux;');

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    kinds.getByRole('button', { name: 'Exporter en PNG : Demandes par type' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('statistiques-demandes-par-type.png');
  const image = await readFile(await png.path());
  expect([...image.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(image.length).toBeGreaterThan(2000);

  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'statistics-1366x768.png') });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'statistics-1366x768-full.png'), fullPage: true });

  // A filter recomputes: the alignment requests alone, every kind but one at zero.
  const answer = page.waitForResponse(
    (res) => res.url().includes('/api/statistics') && res.url().includes('type=2'),
  );
  await page.getByLabel('Type de demande').selectOption({ label: "Demande d'alignement" });
  await answer;
  await waitForIdle(page);
  const counts = await kinds
    .getByRole('table', { name: 'Demandes par type' })
    .locator('tbody tr td')
    .allTextContents();
  expect(counts.filter((count) => count !== '0')).toHaveLength(1);
});

test('sur un téléphone (390 × 844), le tableau de bord se lit sans défilement horizontal', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, INSTRUCTOR, DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await openStatistics(page);
  await expect(page.getByRole('region', { name: 'Demandes par commune' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, testInfo, 'statistiques sur téléphone');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'statistics-390x844.png') });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'statistics-390x844-full.png'), fullPage: true });
});

test("un demandeur n'a pas le tableau de bord", async ({ page }) => {
  await signIn(page, DEMO.demandeur.email, DEMO_PASSWORD);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Documents' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Tableau de bord' })).toHaveCount(0);
  await page.goto('/statistics');
  await expect(
    page.getByText('Les statistiques sont réservées aux instructeurs et aux administrateurs.'),
  ).toBeVisible();
});
