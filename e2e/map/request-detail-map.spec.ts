import { expect, test } from '@playwright/test';
import { fileNetworksRequest } from '../instruction/file-networks-request.ts';
import { signIn } from '../support/accounts.ts';
import { squareAround } from '../support/geo.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';

// The request's page fits its map onto every shape of the request — a point, a line and a
// polygon a few hundred metres apart — once it shows them (docs/screens.md "Request detail"). A
// canvas cannot be read back: the map's element carries the view it shows (`data-extent`,
// EPSG:4326, and `data-zoom`) once it stops moving.

test.describe.configure({ timeout: 90_000 });

type Bbox = [number, number, number, number];

function bboxOfPositions(positions: readonly (readonly [number, number])[]): Bbox {
  const lons = positions.map(([lon]) => lon);
  const lats = positions.map(([, lat]) => lat);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

test("la carte de la demande montre tout son point, sa ligne et son polygone, sans plus d'une marge", async ({
  page,
}) => {
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  let positions: [number, number][] = [];
  // About 160 m east and 110 m north of the works for the point, 120 m west and 130 m south for
  // the line: a known extent of about 280 × 250 m around the footprint on the road.
  const filed = await fileNetworksRequest(
    page,
    {},
    {
      site: 3,
      footprint: ({ lon, lat }) => {
        const square = squareAround(lon, lat);
        const point: [number, number] = [lon + 0.002, lat + 0.001];
        const line: [number, number][] = [
          [lon - 0.0015, lat - 0.0008],
          [lon - 0.0005, lat - 0.0012],
        ];
        const ring = square.geometries[0]!.coordinates[0]! as [number, number][];
        positions = [point, ...line, ...ring];
        return {
          type: 'GeometryCollection',
          geometries: [
            ...square.geometries,
            { type: 'Point', coordinates: point },
            { type: 'LineString', coordinates: line },
          ],
        };
      },
    },
  );
  test.fixme(!filed, 'Pas de géographie de démonstration (voies, parcelles, adresses) dans ce portail.');
  const shapes = bboxOfPositions(positions);

  await page.goto(`/dossiers/${filed!.publicId}`);
  const region = page.getByRole('region', { name: 'Carte de localisation de la demande' });
  await expect(region.getByText('1 polygone, 1 ligne et 1 point dessinés')).toBeVisible();
  const canvas = region.getByTestId('map-canvas');

  // The default view (zoom 12 on the community) holds the shapes too, but is some 60 times too
  // large: wait until the view both holds every shape and is tight on one side. A fit keeps 40 px
  // of margin on a map 360 px high: the shapes span more than a third of the view's width or
  // height even were the zoom rounded down to a whole level.
  const view = async () => {
    const extent = (await canvas.getAttribute('data-extent'))?.split(',').map(Number) ?? [];
    const zoom = Number(await canvas.getAttribute('data-zoom'));
    return { extent, zoom };
  };
  await expect
    .poll(
      async () => {
        const { extent } = await view();
        if (extent.length !== 4) return 'pas encore de vue';
        const [minLon, minLat, maxLon, maxLat] = extent as Bbox;
        const inside =
          minLon <= shapes[0] && minLat <= shapes[1] && maxLon >= shapes[2] && maxLat >= shapes[3];
        const tightness = Math.max(
          (shapes[2] - shapes[0]) / (maxLon - minLon),
          (shapes[3] - shapes[1]) / (maxLat - minLat),
        );
        return inside && tightness > 0.35 ? 'ajustée' : `vue ${extent.join(',')}`;
      },
      { timeout: 15_000, message: `la vue tient ${shapes.join(',')} et pas beaucoup plus` },
    )
    .toBe('ajustée');
  // Shapes some 280 m across are seen at a street zoom, below the maximum of 19.
  const { zoom } = await view();
  expect(zoom).toBeGreaterThanOrEqual(15);
  expect(zoom).toBeLessThan(19);

  // Once: a move of the user is not undone while the page goes on (its other queries, the request
  // read again when the tab comes back into view).
  await region.getByRole('button', { name: 'Zoom arrière' }).click();
  await expect.poll(async () => (await view()).zoom).toBeCloseTo(zoom - 1, 1);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.waitForTimeout(2500);
  expect((await view()).zoom).toBeCloseTo(zoom - 1, 1);
});

test("la couche Consultations de la carte des demandes : cochée, un clic sur une consultation nomme son service et son numéro Plat'AU", async ({
  page,
}) => {
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  // A consultation on a square of about 300 m around the map's default centre (Saint-Vincent-de-Tyrosse),
  // imported as an administrator does (docs/gis-api.md "Consultations").
  const [lon, lat] = [-1.316, 43.662];
  const platauId = `PLATAU-E2E-${String(Date.now())}`;
  const ring = squareAround(lon, lat, 0.002).geometries[0]!.coordinates;
  const file = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { platau_id: platauId, service: 'Architecte des Bâtiments de France' },
        geometry: { type: 'Polygon', coordinates: ring },
      },
    ],
  };
  const imported = await page.request.post('/api/consultations/import', {
    multipart: {
      file: {
        name: 'consultations.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from(JSON.stringify(file)),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await page.goto('/dossiers');
  await page.getByRole('button', { name: 'Carte à côté' }).click();
  const map = page.getByRole('region', { name: 'Carte des demandes' });
  const canvas = map.getByTestId('map-canvas');
  await expect(canvas).toBeVisible();
  const layer = map.getByRole('checkbox', { name: 'Consultations' });
  await expect(layer).not.toBeChecked();
  await layer.check();

  // Where the consultation is on the canvas, from the view the map shows (data-extent).
  await expect(canvas).toHaveAttribute('data-extent', /,/);
  const [minLon, minLat, maxLon, maxLat] = ((await canvas.getAttribute('data-extent')) ?? '')
    .split(',')
    .map(Number) as [number, number, number, number];
  const box = (await canvas.boundingBox())!;
  const position = {
    x: ((lon - minLon) / (maxLon - minLon)) * box.width,
    y: ((maxLat - lat) / (maxLat - minLat)) * box.height,
  };
  const popup = page.getByRole('region', { name: 'Consultation Plat’AU' });
  // The layer loads after the check: click until its feature is there.
  await expect(async () => {
    await canvas.click({ position });
    await expect(popup).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(popup.getByText('Service consulté : Architecte des Bâtiments de France')).toBeVisible();
  await expect(popup.getByText(`N° Plat’AU : ${platauId}`)).toBeVisible();
  await popup.getByRole('button', { name: 'Fermer' }).click();
  await expect(popup).toBeHidden();
});
