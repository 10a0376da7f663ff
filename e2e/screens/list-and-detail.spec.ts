import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, waitForIdle } from '../support/axe.ts';
import { SCREENSHOT_DIR } from '../support/paths.ts';
import { DEMO_PASSWORD } from '../support/texts.ts';

// What an instructor meets first: at 1366 × 768 the list shows its
// first rows and every column, Actions included, without any scrolling; the map is folded or
// beside the table, and that choice survives a reload; the request's page shows where the works
// are, the form's works details, its documents with date and uploader, the instructor, and its
// actions under headings. axe on both; screenshots at 1366 × 768 and 390 × 844 for the reviewer.

const INSTRUCTEUR = 'instructeur@exemple.fr';
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const grid = (page: Page) => page.getByRole('grid', { name: 'Liste des demandes' });
const mapRegion = (page: Page) => page.getByRole('region', { name: 'Carte des demandes' });
const layoutChoice = (page: Page, name: 'Carte repliée' | 'Carte à côté') =>
  page.getByRole('group', { name: 'Position de la carte' }).getByRole('button', { name });

async function firstRows(page: Page): Promise<void> {
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
  await waitForIdle(page);
}

/** The element's box lies inside the viewport, without scrolling the page or the table. */
async function expectInViewport(locator: Locator, viewport: { width: number; height: number }) {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-full.png`), fullPage: true });
}

/**
 * Opens the first request of the list in this tab, by its number (its row link opens a new tab,
 * and on a phone the Actions column is out of the table's view).
 */
async function openFirstRequest(page: Page): Promise<void> {
  const id = await grid(page).locator('[role="row"][data-id]').first().getAttribute('data-id');
  expect(id).toMatch(/^\d+$/);
  await page.goto(`/dossiers/${id ?? ''}`);
  await expect(
    page.getByRole('heading', { level: 1, name: /^(Demande|Prolongation de la demande) n°\d+$/ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pièces jointes' })).toBeVisible();
  await waitForIdle(page);
}

test('1366 × 768 : la liste entière sans défilement, la carte repliée ou à côté, gardé au rechargement', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  await firstRows(page);

  // Folded by default: the table is at the top of the page, every column in view.
  await expect(layoutChoice(page, 'Carte repliée')).toHaveAttribute('aria-pressed', 'true');
  await expect(mapRegion(page)).toHaveCount(0);
  const headers = await grid(page).getByRole('columnheader').all();
  expect(headers.length).toBe(12);
  for (const header of headers) await expectInViewport(header, LAPTOP);
  await expectInViewport(grid(page).getByRole('columnheader', { name: 'Actions', exact: true }), LAPTOP);
  await expectInViewport(grid(page).getByRole('row').nth(1), LAPTOP);
  await expectInViewport(grid(page).getByRole('row').nth(3), LAPTOP);
  await expectInViewport(
    grid(page)
      .getByRole('row')
      .nth(1)
      .getByRole('link', { name: /^Ouvrir la demande n° \d+$/ }),
    LAPTOP,
  );
  // No horizontal scrollbar in the table (the grid draws one only when its columns overflow),
  // the last column ends inside it, and neither the page is wider than the screen nor scrolled.
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('.MuiDataGrid-main')?.getBoundingClientRect();
    const headers = [...document.querySelectorAll('.MuiDataGrid-columnHeader')];
    const last = headers.at(-1)?.getBoundingClientRect();
    return {
      tableScrollbar: document.querySelectorAll('.MuiDataGrid-scrollbar--horizontal').length,
      lastColumnOverflow: main && last ? last.right - main.right : Number.NaN,
      page: document.documentElement.scrollWidth - window.innerWidth,
      scrolled: window.scrollY,
    };
  });
  expect(overflow.tableScrollbar).toBe(0);
  expect(overflow.lastColumnOverflow).toBeLessThanOrEqual(0);
  expect(overflow.scrolled).toBe(0);
  expect(overflow.page).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, testInfo, 'liste, carte repliée (1366 × 768)');
  await screenshot(page, 'requests-list-1366x768');

  // Beside the table, and still so after a reload (this browser's choice).
  await layoutChoice(page, 'Carte à côté').click();
  await expect(layoutChoice(page, 'Carte à côté')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await firstRows(page);
  await expect(layoutChoice(page, 'Carte à côté')).toHaveAttribute('aria-pressed', 'true');
  const map = mapRegion(page);
  await expect(map.getByTestId('map-canvas')).toBeVisible();
  const mapBox = await map.boundingBox();
  const gridBox = await grid(page).boundingBox();
  expect(mapBox && gridBox && mapBox.x >= gridBox.x + gridBox.width).toBe(true);
  expect(mapBox && mapBox.y < LAPTOP.height).toBe(true);
  // (axe with the map open: e2e/requests-list.) A screenshot of the map beside the table.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'requests-list-map-beside-1366x768.png') });
});

test("1366 × 768 : la page de la demande, l'emprise, les détails des travaux, les pièces et les actions par rubrique", async ({
  page,
}, testInfo) => {
  await page.setViewportSize(LAPTOP);
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  await firstRows(page);
  await openFirstRequest(page);
  const summary = page.getByLabel('Résumé de la demande');
  await expect(summary.getByText('Instructeur', { exact: true })).toBeVisible();
  const place = page.getByRole('region', { name: 'Emprise des travaux' });
  await expect(place.getByRole('heading', { level: 3, name: 'Parcelles' })).toBeVisible();
  await expect(place.getByRole('heading', { level: 3, name: 'Voies concernées' })).toBeVisible();
  // The demo requests are filed with their parcels, on a road the community manages.
  await expect(place.getByRole('list', { name: 'Parcelles' }).getByRole('listitem').first()).toBeVisible();
  await expect(
    place.getByRole('list', { name: 'Voies concernées' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Détails des travaux' })).toBeVisible();
  const documents = page.getByRole('region', { name: 'Pièces jointes' });
  const firstDocument = documents.getByRole('listitem').first();
  if ((await firstDocument.count()) > 0)
    await expect(firstDocument).toContainText(/Déposé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  const actions = page.getByRole('group', { name: 'Actions sur la demande' });
  if ((await actions.count()) > 0)
    await expect(actions.getByRole('heading', { level: 3 }).first()).toHaveText(
      /^(Instruction|Arrêté|Travaux|Documents|Autres)$/,
    );
  await expectNoSeriousA11yViolations(page, testInfo, 'page de la demande (1366 × 768)');
  await screenshot(page, 'request-detail-1366x768');
});

test('390 × 844 : la liste et la page de la demande sur un téléphone', async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  await firstRows(page);
  await expect(layoutChoice(page, 'Carte repliée')).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'liste sur téléphone');
  await screenshot(page, 'requests-list-390x844');

  await openFirstRequest(page);
  await expect(page.getByRole('region', { name: 'Emprise des travaux' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Détails des travaux' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, testInfo, 'page de la demande sur téléphone');
  await screenshot(page, 'request-detail-390x844');
});
