import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, waitForIdle } from '../support/axe.ts';
import {
  addressSearch,
  chooseAddressByKeyboard,
  findDemoAddress,
  MANAGED_WAY_TYPES,
  stepField,
  tabTo,
  type DemoAddress,
} from '../support/geo.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';

// Wizard step 1 Localisation with the map (docs/screens.md, docs/validation.md "Step 1",
// docs/gis-api.md): drawing with the mouse, the same by keyboard only through the address search
// and the lists of nearby roads and parcels, and axe. The journeys that need roads, parcels and
// addresses use the demo geography loaded at the portal's first start; without it they are marked fixme.

const HEADING_NETWORKS = 'Dépôt demande - Permission de voirie - Réseaux';
const MAP_REGION = 'Carte de localisation des travaux';
/** The towns' attribution (TOWNS_ATTRIBUTION), shown wherever the towns are. */
const TOWNS_ATTRIBUTION_START = 'Contours : IGN – ADMIN EXPRESS COG 2018';
/** The locate animation lasts 2 s (docs/constants.md "Map"). */
const ANIMATION_MS = 2000;

// A map page, the demo geography looked up through the API, and a keyboard walk through the
// page: longer than the account journeys.
test.describe.configure({ timeout: 120_000 });

async function openWizard(page: Page): Promise<void> {
  await signIn(page, DEMO.demandeur.email, DEMO_PASSWORD);
  await page.goto('/ajoutdossier/1');
  await expect(page.getByRole('heading', { level: 1, name: HEADING_NETWORKS })).toBeVisible();
  await expect(page.getByRole('region', { name: MAP_REGION })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dessiner un polygone' })).toBeVisible();
}

async function demoAddressOrFixme(page: Page): Promise<DemoAddress> {
  const address = await findDemoAddress(page);
  test.fixme(!address, 'Pas de géographie de démonstration (voies, parcelles, adresses) dans ce portail.');
  return address!;
}

/** The services' fields once a footprint is known: parcels, a managed way type, Suivant enabled. */
async function expectLocationFilled(page: Page, typevoie: string): Promise<void> {
  await expect(stepField(page, 'Parcelle(s)')).not.toHaveValue('');
  await expect(stepField(page, 'Section(s)')).not.toHaveValue('');
  await expect(stepField(page, 'Type de voie')).toHaveValue(typevoie);
  expect(MANAGED_WAY_TYPES).toContain(typevoie);
  await expect(stepField(page, 'En agglomération')).toHaveValue(/^(Oui|Non)$/);
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeEnabled();
  // The main address comes from the chosen address.
  await expect(stepField(page, 'Nom de voie')).not.toHaveValue('');
  await expect(stepField(page, 'Code postal')).toHaveValue(/^40\d{3}$/);
  await expect(stepField(page, 'Localité')).not.toHaveValue('');
}

test("la carte n'est téléchargée que sur les pages qui en ont une ; l'étape 1 et ses outils", async ({
  page,
}, testInfo) => {
  const mapChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/map-panel-[^/]+\.js$/.test(request.url())) mapChunks.push(request.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  expect(mapChunks).toHaveLength(0);
  await openWizard(page);
  expect(mapChunks.length).toBeGreaterThan(0);

  // The six steps, step 1 current; Suivant waits for a managed road.
  const steps = page.getByRole('list', { name: 'Étapes de la demande' }).getByRole('listitem');
  await expect(steps).toHaveText([
    '1Localisation',
    '2Demande',
    '3Demandeur',
    '4Chantier',
    '5Pièces Jointes',
    '6Attestation',
  ]);
  await expect(steps.first()).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Précédent' })).toHaveCount(0);

  // Kind 1 draws polygons; a tool says whether it is on.
  const polygon = page.getByRole('button', { name: 'Dessiner un polygone' });
  await expect(polygon).toHaveAttribute('aria-pressed', 'false');
  await polygon.click();
  await expect(polygon).toHaveAttribute('aria-pressed', 'true');
  await polygon.click();
  await expect(polygon).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Dessiner un point' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Supprimer la forme sélectionnée' })).toBeDisabled();

  // Base layers (one at a time) and overlays from GET map-layers; the towns' attribution.
  const baseLayers = page.getByRole('radiogroup', { name: 'Fond de carte' });
  await expect(baseLayers.getByRole('radio', { name: 'OpenStreetMap' })).toBeChecked();
  await baseLayers.getByRole('radio', { name: 'Plan IGN' }).check();
  await expect(baseLayers.getByRole('radio', { name: 'OpenStreetMap' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Communes' })).toBeChecked();
  await expect(page.locator('.ol-attribution')).toContainText(TOWNS_ATTRIBUTION_START);
  await expect(page.getByText('Aucune forme dessinée')).toBeVisible();

  await expectNoSeriousA11yViolations(page, testInfo, "l'étape 1 de la demande");
});

test("dessiner l'emprise à la souris sur une rue de démonstration remplit parcelles et type de voie", async ({
  page,
}, testInfo) => {
  await openWizard(page);
  const address = await demoAddressOrFixme(page);

  // The address centres the map on it (zoom 18 at most, 2 s).
  await addressSearch(page).fill(address.label);
  await page.getByRole('listbox').getByRole('option', { name: address.label, exact: true }).click();
  await expect(addressSearch(page)).toHaveValue(address.label);
  await waitForIdle(page);
  await page.waitForTimeout(ANIMATION_MS + 500);

  // A square of 80 px around the centre (the address), closed by a double click.
  await page.getByRole('button', { name: 'Dessiner un polygone' }).click();
  const canvas = page.getByRole('application', { name: /Carte interactive/ });
  const box = (await canvas.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.click(x - 40, y - 40);
  await page.mouse.click(x + 40, y - 40);
  await page.mouse.click(x + 40, y + 40);
  await page.mouse.dblclick(x - 40, y + 40);

  await expect(page.getByText('1 polygone dessiné')).toBeVisible();
  await waitForIdle(page);
  await expectLocationFilled(page, address.typevoie);

  // Select the shape and delete it: the services' answers go with it.
  await page.getByRole('button', { name: 'Sélectionner une forme' }).click();
  await page.mouse.click(x + 20, y + 20);
  const remove = page.getByRole('button', { name: 'Supprimer la forme sélectionnée' });
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(page.getByText('Aucune forme dessinée')).toBeVisible();
  await expect(stepField(page, 'Type de voie')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, testInfo, "l'étape 1 après un dessin");
});

test('au clavier seulement : adresse, puis voie et parcelle choisies dans les listes', async ({
  page,
}, testInfo) => {
  await openWizard(page);
  const address = await demoAddressOrFixme(page);

  // From the top of the page, Tab to the address search; type, arrows, Enter.
  await page.keyboard.press('Tab');
  await tabTo(page, addressSearch(page));
  await chooseAddressByKeyboard(page, address.label);
  await waitForIdle(page);

  // The nearest road: Tab into the radio group (on 'Aucune voie'), arrow down to the first road.
  const roads = page.getByRole('radiogroup', { name: 'Voies à proximité' });
  await expect(roads.getByRole('radio').nth(1)).toBeVisible();
  await tabTo(page, roads.getByRole('radio', { name: 'Aucune voie' }));
  await page.keyboard.press('ArrowDown');
  const road = roads.getByRole('radio').nth(1);
  await expect(road).toBeChecked();
  await expect(road).toBeFocused();
  expect(await road.evaluate((radio) => radio.closest('label')?.textContent ?? '')).toContain(
    address.typevoie,
  );

  // The first parcel: Tab to its checkbox, Space.
  const parcel = page.getByRole('group', { name: 'Parcelles à proximité' }).getByRole('checkbox').first();
  await tabTo(page, parcel);
  await page.keyboard.press('Space');
  await expect(parcel).toBeChecked();

  await expect(page.getByText(/^\d+ polygones? et 1 ligne dessinés$/)).toBeVisible();
  await waitForIdle(page);
  await expectLocationFilled(page, address.typevoie);
  await expectNoSeriousA11yViolations(page, testInfo, "l'étape 1 remplie au clavier");
});
