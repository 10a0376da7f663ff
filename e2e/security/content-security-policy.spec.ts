import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';

// The Content-Security-Policy breaks nothing a user does: the maps (list
// and wizard, panned, zoomed, their base layers switched), the API documentation, the template
// editor's window and the cerfa print page with its PDF. Every CSP refusal shows in the console
// ('Refused to …') and as a `securitypolicyviolation` event: none may happen.

test.describe.configure({ timeout: 120_000 });

declare global {
  interface Window {
    reportCspViolation?: (text: string) => Promise<void>;
  }
}

/**
 * Records, in every page of the context (pop-ups too) and across navigations, the console's CSP
 * refusals and the `securitypolicyviolation` events.
 */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const found: string[] = [];
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text))
      found.push(`${message.page()?.url() ?? ''}: ${text}`);
  });
  await context.exposeFunction('reportCspViolation', (text: string) => {
    found.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void window.reportCspViolation?.(
        `${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return found;
}

/** Drags the map and zooms it with the wheel and its buttons. */
async function panAndZoom(page: Page, region: string): Promise<void> {
  const map = page.getByRole('region', { name: region });
  const canvas = map.getByTestId('map-canvas').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  expect(box.width).toBeGreaterThan(100);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 120, y + 60, { steps: 8 });
  await page.mouse.up();
  await page.mouse.wheel(0, -400);
  await map.getByRole('button', { name: 'Zoom avant' }).click();
  await map.getByRole('button', { name: 'Zoom arrière' }).click();
  // Tiles and layers are requested after the moves settle.
  await page.waitForTimeout(1500);
}

test('la politique de sécurité du contenu laisse fonctionner les cartes, la documentation, les fenêtres et les impressions', async ({
  page,
  context,
}) => {
  const csp = await watchCsp(context);

  const login = await page.goto('/login');
  const header = login!.headers()['content-security-policy'] ?? '';
  expect(header).toContain("script-src 'self'");
  expect(header).toContain("frame-ancestors 'none'");

  // The list's map, as an administrator (the demo requests are on it).
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  // The map starts folded: unfold it beside the table.
  await page.getByRole('button', { name: 'Carte à côté' }).click();
  await panAndZoom(page, 'Carte des demandes');

  // The wizard's map, with the online base layers (their tiles are images from other hosts).
  await page.goto('/ajoutdossier/1');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Dépôt demande - Permission de voirie - Réseaux' }),
  ).toBeVisible();
  await panAndZoom(page, 'Carte de localisation des travaux');
  const baseLayers = page.getByRole('radiogroup', { name: 'Fond de carte' });
  for (const name of ['Plan IGN', 'Photographies aériennes', 'OpenStreetMap']) {
    await baseLayers.getByRole('radio', { name }).check();
    await page.waitForTimeout(500);
  }

  // The template editor opens in a new window.
  await page.goto('/modeles');
  const [editor] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Mise en demeure', exact: true }).click(),
  ]);
  await expect(editor.getByRole('heading', { level: 1, name: 'Modèle : Mise en demeure' })).toBeVisible();

  // A cerfa print page, and its PDF in a new window.
  const list = await page.request.get('/api/request?type=1&numItemsPerPage=50');
  const publicId = ((await list.json()) as { data: { publicId: string }[] }).data[0]?.publicId;
  expect(publicId).toBeTruthy();
  await page.goto(`/cerfa/14023/${publicId!}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Formulaire Cerfa n°14023' })).toBeVisible();
  // The PDF is generated first: on a busy machine that can take a while.
  const [pdf] = await Promise.all([
    page.waitForEvent('popup', { timeout: 30_000 }),
    page.getByRole('button', { name: 'Imprimer' }).click({ timeout: 30_000 }),
  ]);
  await expect.poll(() => pdf.url()).toMatch(/\/api\/request\/[^/]+\/pdf\/14023\/file/);
  await page.waitForTimeout(1000);

  // The API documentation (Swagger UI) renders its operations.
  const docs = await context.newPage();
  await docs.goto('/api/docs');
  // The OpenAPI document is large (every route's schemas, 1.9 MB): Swagger UI takes its time.
  await expect(docs.getByRole('heading', { level: 1, name: /Portail voirie — API/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(docs.getByRole('button', { name: /^POST \/api\/login\b/ })).toBeVisible({ timeout: 30_000 });

  expect(csp).toEqual([]);
});
