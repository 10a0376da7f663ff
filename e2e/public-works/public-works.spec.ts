import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openFromMenu, signIn } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, waitForIdle } from '../support/axe.ts';
import { SCREENSHOT_DIR } from '../support/paths.ts';
import { DEMO_PASSWORD } from '../support/texts.ts';

// The public works map without a session — reached from the sign-in page's link, the
// demo's works under way and to come in the table (the same ones as the GeoJSON download), the
// open-data fields page; axe on both. Then the works calendar as the demo instructor.

test('sans compte : la carte des travaux depuis la page de connexion, puis la page des données', async ({
  page,
}, testInfo) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Travaux en cours et à venir' }).click();
  await expect(page).toHaveURL(/\/travaux$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Travaux en cours et à venir' })).toBeVisible();
  const count = page.getByRole('status').filter({ hasText: /^\d+ chantiers?$/ });
  await expect(count).toBeVisible();
  const table = page.getByRole('table', { name: 'Liste des travaux en cours et à venir' });
  const rows = table.getByRole('row');
  // The demo brings works around its day (demo-public-works.ts): some under way, some to come.
  await expect(table.getByRole('cell', { name: 'En cours', exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: 'À venir', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Carte des travaux en cours et à venir' })).toBeVisible();
  await expect(page.getByTestId('map-canvas')).toBeVisible();

  // The table lists what the open data publishes.
  const geojson = await page.request.get('/api/public/works.geojson');
  expect(geojson.headers()['content-type']).toBe('application/geo+json; charset=utf-8');
  const published = ((await geojson.json()) as { features: unknown[] }).features.length;
  expect(published).toBeGreaterThanOrEqual(10);
  await expect(rows).toHaveCount(published + 1);
  await expect(count).toHaveText(`${String(published)} chantiers`);
  // No session was opened on the way.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('voirie_token');
  await waitForIdle(page);
  await expectNoSeriousA11yViolations(page, testInfo, 'travaux en cours et à venir');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'public-works-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'Données ouvertes : GeoJSON, CSV et description des champs' }).click();
  await expect(page).toHaveURL(/\/travaux\/donnees$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Données ouvertes des travaux' })).toBeVisible();
  const fields = page.getByRole('table', { name: /Les champs des travaux publiés/ });
  await expect(fields.getByRole('rowheader', { name: 'impact_circulation' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Texte de la Licence Ouverte / Open Licence 2.0' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'données ouvertes des travaux');
});

test("l'instructeur ouvre le calendrier des chantiers : carte du jour et frise par commune", async ({
  page,
}, testInfo) => {
  await signIn(page, 'instructeur@exemple.fr', DEMO_PASSWORD);
  await openFromMenu(page, 'Calendrier des chantiers', {
    url: /\/chantiers$/,
    heading: 'Calendrier des chantiers',
  });
  await expect(page.getByRole('status').filter({ hasText: /chantiers? du / })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Carte des chantiers en vigueur le / })).toBeVisible();
  await expect(page.getByText(/^\d+ chantiers? en vigueur le /)).toBeVisible();
  const timeline = page.getByRole('table', { name: /^Frise des chantiers du / });
  await expect(timeline.getByRole('rowheader', { name: /^Seignosse — \d+ chantiers?$/ })).toBeVisible();
  await expect(timeline.getByText('En vigueur le jour choisi').first()).toBeVisible();
  await waitForIdle(page);
  await expectNoSeriousA11yViolations(page, testInfo, 'calendrier des chantiers');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'works-calendar-1280.png') });
  await page.getByRole('table', { name: /^Frise des chantiers du / }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'works-calendar-timeline-1280.png') });
});
