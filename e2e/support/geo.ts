import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Way types the community manages (docs/validation.md "Step 1"), written out on purpose as in texts.ts:
 * a change of the domain's list shows up as a failing journey.
 */
export const MANAGED_WAY_TYPES = [
  'Voie communale',
  'Voie departementale en agglomeration',
  'VPC ZA',
  'Voie Verte',
] as const;

/** An address of the demo geography on a road the community manages, with parcels around it. */
export interface DemoAddress {
  label: string;
  lon: number;
  lat: number;
  /** The way type POST troncon gives at the address. */
  typevoie: string;
}

interface AddressFeature {
  geometry: { coordinates: [number, number] };
  properties: { label: string; type?: string };
}

const QUERIES = ['1 rue', '2 rue', '1 avenue', '1 chemin', '3 allée', '1 impasse', 'rue', 'avenue', 'chemin'];

/** A square of about ±15 m around the point (the footprint the journeys draw). */
export function squareAround(lon: number, lat: number, degrees = 0.00015) {
  const ring = [
    [lon - degrees, lat - degrees],
    [lon + degrees, lat - degrees],
    [lon + degrees, lat + degrees],
    [lon - degrees, lat + degrees],
    [lon - degrees, lat - degrees],
  ];
  return { type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: [ring] }] };
}

/**
 * Finds, through the API of the signed-in page, an address of the demo geography whose road is
 * managed by the community and which has parcels around it; null when the portal has no such
 * geography (the demo geography is loaded at first start). `awayFrom` passes over the
 * addresses within about 200 m of a point: a journey that files away from the others keeps its
 * request apart on the map.
 */
export async function findDemoAddress(
  page: Page,
  { awayFrom = [] }: { awayFrom?: readonly { lon: number; lat: number }[] } = {},
): Promise<DemoAddress | null> {
  const seen = new Set<string>();
  for (const q of QUERIES) {
    const search = await page.request.get(`/api/address/search?q=${encodeURIComponent(q)}&limit=20`);
    if (!search.ok()) continue;
    const features = ((await search.json()) as { features: AddressFeature[] }).features;
    for (const feature of features) {
      const { label } = feature.properties;
      if (seen.has(label)) continue;
      seen.add(label);
      const [lon, lat] = feature.geometry.coordinates;
      if (awayFrom.some((other) => Math.abs(lon - other.lon) < 0.0025 && Math.abs(lat - other.lat) < 0.0018))
        continue;
      const troncon = await page.request.post('/api/troncon', {
        data: { geom: { type: 'Point', coordinates: [lon, lat] } },
      });
      const road = ((await troncon.json()) as { data: 0 | { typevoie: string; distance: number } }).data;
      if (!road || road.distance > 15 || !(MANAGED_WAY_TYPES as readonly string[]).includes(road.typevoie))
        continue;
      const plots = await page.request.post('/api/plots', {
        data: { dep: '40', geom: squareAround(lon, lat) },
      });
      const found = ((await plots.json()) as { data: { plots: string[] } }).data;
      if (found.plots.length === 0) continue;
      return { label, lon, lat, typevoie: road.typevoie };
    }
    if (seen.size >= 40) break;
  }
  return null;
}

/** The address search box of step 1. */
export function addressSearch(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Rechercher une adresse' });
}

/**
 * With the focus in the address search box: types the address, then walks the suggestions
 * with the arrow keys to the one with this label, and chooses it with Enter.
 */
export async function chooseAddressByKeyboard(page: Page, label: string): Promise<void> {
  const box = addressSearch(page);
  await expect(box).toBeFocused();
  await page.keyboard.type(label, { delay: 20 });
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option', { name: label, exact: true })).toBeVisible();
  for (let step = 0; step < 20; step += 1) {
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    if (active && (await page.locator(`[id="${active}"]`).textContent()) === label) break;
  }
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(label);
}

/** Presses Tab until the element is focused (at most `max` times). */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The read-only or editable field of step 1 by its accessible name. */
export function stepField(page: Page, name: string): Locator {
  return page.getByRole('textbox', { name, exact: true });
}
