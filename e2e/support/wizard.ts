import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { signIn } from './accounts.ts';
import { waitForIdle, waitForTransitions } from './axe.ts';
import { KIND } from './domain-names.ts';
import { addressSearch, findDemoAddress, type DemoAddress } from './geo.ts';
import { SCREENSHOT_DIR } from './paths.ts';
import { DEMO, DEMO_PASSWORD } from './texts.ts';

// The filing wizard as an applicant walks it (docs/screens.md "Filing wizard", docs/validation.md
// "Filing wizard"), on a laptop or on a phone.

export type Kind = 1 | 2 | 3;
export type WizardStepNumber = 1 | 2 | 3 | 4 | 5 | 6;

export const WIZARD_HEADINGS = {
  1: 'Dépôt demande - Permission de voirie - Réseaux',
  2: "Dépôt demande - Demande d'alignement",
  3: 'Dépôt demande - Permission de voirie - Accès/Clôture',
} as const;
const STEP_TITLES = [
  'Localisation',
  'Demande',
  'Le demandeur',
  'Informations complémentaires',
  'Pièces jointes à la demande',
  'Attestation',
];
/** The locate animation lasts 2 s (docs/constants.md "Map"). */
export const ANIMATION_MS = 2000;

/** A small but real PDF (checked by content on the server). */
export function pdf(name: string) {
  const body = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}

export function stepHeading(page: Page, step: number): Locator {
  return page.getByRole('heading', { level: 2, name: STEP_TITLES[step - 1], exact: true });
}

/** Suivant, clicked or tapped (`touch`), then the step's heading. */
export async function next(page: Page, toStep: number, { touch = false } = {}): Promise<void> {
  const button = page.getByRole('button', { name: 'Suivant' });
  await (touch ? button.tap() : button.click());
  await expect(stepHeading(page, toStep)).toBeVisible();
}

/** Signs the demo applicant in and opens the wizard of a kind; null without demo geography. */
export async function openWizard(page: Page, kind: Kind): Promise<DemoAddress | null> {
  await signIn(page, DEMO.demandeur.email, DEMO_PASSWORD);
  const address = await findDemoAddress(page);
  await page.goto(`/ajoutdossier/${String(kind)}`);
  await expect(page.getByRole('heading', { level: 1, name: WIZARD_HEADINGS[kind] })).toBeVisible();
  await expect(stepHeading(page, 1)).toBeVisible();
  return address;
}

/**
 * Step 1: the address chosen in the search, a shape drawn around it with the map's tools (a
 * polygon for kind 1, a line for kind 2, a point for kind 3), the services' answers. `touch`
 * draws with taps, as on a phone: a polygon closes on its first vertex, a line on its last.
 */
export async function locate(
  page: Page,
  kind: Kind,
  address: DemoAddress,
  { touch = false }: { touch?: boolean } = {},
): Promise<void> {
  await addressSearch(page).fill(address.label);
  await page.getByRole('listbox').getByRole('option', { name: address.label, exact: true }).click();
  await waitForIdle(page);
  await page.waitForTimeout(ANIMATION_MS + 500);
  const canvas = page.getByRole('application', { name: /Carte interactive/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const tool = { 1: 'Dessiner un polygone', 2: 'Dessiner une ligne', 3: 'Dessiner un point' }[kind];
  await page.getByRole('button', { name: tool }).click();
  const points: [number, number][] = {
    1: [
      [x - 40, y - 40],
      [x + 40, y - 40],
      [x + 40, y + 40],
      [x - 40, y + 40],
    ] as [number, number][],
    2: [
      [x - 40, y],
      [x + 40, y],
    ] as [number, number][],
    3: [[x, y]] as [number, number][],
  }[kind];
  if (touch) {
    // A tap on the first vertex closes the polygon, a second tap on the last ends the line.
    const closing = kind === KIND.NETWORKS ? [points[0]!] : kind === KIND.ALIGNMENT ? [points.at(-1)!] : [];
    for (const [px, py] of [...points, ...closing]) {
      await page.touchscreen.tap(px, py);
      await page.waitForTimeout(300);
    }
  } else {
    for (const [index, [px, py]] of points.entries()) {
      if (index === points.length - 1 && kind !== KIND.ACCESS) await page.mouse.dblclick(px, py);
      else await page.mouse.click(px, py);
    }
  }
  await waitForIdle(page);
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeEnabled({ timeout: 20_000 });
}

/** Types a date DD/MM/YYYY into a date picker's field (its sections take the digits). */
export async function typeDate(page: Page, label: string, ddmmyyyy: string): Promise<void> {
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy.replaceAll('/', ''));
}

/** Step 4: works from `start` to `end` (DD/MM/YYYY). */
export async function datesStep(page: Page, start: string, end: string): Promise<void> {
  await typeDate(page, 'Date de début des travaux', start);
  await typeDate(page, 'Date de fin des travaux', end);
}

/** Step 5: a PDF for every required piece of section 1. */
export async function attachRequired(page: Page): Promise<number> {
  const inputs = page.locator('input[type="file"][required]');
  const count = await inputs.count();
  for (let index = 0; index < count; index += 1) {
    // Each choice re-renders the row: always take the first input still required.
    await page
      .locator('input[type="file"][required]')
      .first()
      .setInputFiles(pdf(`piece-${String(index + 1)}.pdf`));
  }
  await expect(page.locator('input[type="file"][required]')).toHaveCount(0);
  return count;
}

/** Step 3: the signed-in applicant's details copied, as 'Je suis le demandeur' does. */
export async function applicant(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Je suis le demandeur' }).click();
  await expect(page.getByRole('textbox', { name: 'Adresse e-mail', exact: true })).toHaveValue(
    DEMO.demandeur.email,
  );
  const phone = page.getByRole('textbox', { name: 'Téléphone', exact: true });
  if (!(await phone.inputValue())) await phone.fill('0558000000');
}

/** Step 6: the attestation given by the demo applicant. */
export async function attest(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: "J'atteste de l'exactitude des informations fournies" }).check();
  await page.getByRole('textbox', { name: 'Fait à', exact: true }).fill('Capbreton');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(DEMO.demandeur.lastName);
  await page.getByRole('textbox', { name: 'Prénom', exact: true }).fill(DEMO.demandeur.firstName);
  await page.getByRole('textbox', { name: 'Qualité', exact: true }).fill('Propriétaire');
  // The made-on date is today's, and cannot be changed.
  await expect(page.getByRole('textbox', { name: 'Le', exact: true })).toBeDisabled();
}

/** Terminer: the request's page, in state 3; its number. */
export async function finish(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Terminer' }).click();
  await expect(page).toHaveURL(/\/dossiers\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const heading = page.getByRole('heading', { level: 1, name: /^Demande n°\d+$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Transférée pour instruction').first()).toBeVisible();
  return (await heading.textContent())!.replace('Demande n°', '');
}

/** Steps 5 and 6, from step 4: a PDF for every required piece, then the attestation. */
export async function attachAndAttest(page: Page): Promise<void> {
  await next(page, 5);
  await attachRequired(page);
  await next(page, 6);
  await attest(page);
}

/** A label, legend or helper text whose text is cut (ellipsis or hidden overflow). */
interface Clipped {
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/**
 * The labels of the page whose text does not fit their box (MUI's floating labels cut a long
 * text with an ellipsis), and whether the document scrolls sideways. Visually hidden texts
 * (1 px boxes read by screen readers only) are not labels anyone sees.
 */
async function clippedLabels(page: Page): Promise<{ clipped: Clipped[]; sideScroll: number }> {
  return page.evaluate(() => {
    const selector =
      'label, legend, .MuiFormLabel-root, .MuiInputLabel-root, .MuiStepLabel-label, .MuiFormControlLabel-label, .MuiChip-label, .MuiButton-root, .MuiFormHelperText-root';
    const clipped = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden') return false;
        return (
          element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1
        );
      })
      .map((element) => ({
        text: element.textContent ?? '',
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }));
    const root = document.documentElement;
    const sideScroll = root.scrollWidth - root.clientWidth;
    // What sticks out on the right, to find the culprit of a sideways scroll.
    const beyond =
      sideScroll > 0
        ? [...document.body.querySelectorAll<HTMLElement>('*')]
            .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
            .slice(0, 5)
            .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)}`)
        : [];
    return { clipped, sideScroll, beyond };
  });
}

/** How long a page may take to settle: React re-renders on a media query after a resize. */
const SETTLE_MS = 5_000;

/**
 * Fails when a label of the page is cut or the page scrolls sideways. Checked again until the
 * page settles: right after a resize the previous layout may still be on screen (the six-step
 * stepper at 390 px, seen once on a loaded machine); a layout that stays wrong still fails.
 */
export async function expectNoClippedLabels(page: Page, where: string): Promise<void> {
  await expect
    .poll(() => clippedLabels(page), {
      message: `libellés coupés ou défilement horizontal, ${where}`,
      timeout: SETTLE_MS,
    })
    .toEqual({ clipped: [], sideScroll: 0, beyond: [] });
}

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/**
 * The step on a laptop (1366 × 768) then on a phone (390 × 844, where the page stays): no label
 * cut, no sideways scroll, and a full-page screenshot at each size in the artifacts folder
 * (`{name}-1366.png`, `{name}-390.png`) for the next reviewer.
 */
export async function checkStepAtBothSizes(page: Page, name: string): Promise<void> {
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The sidebar slides in or out as the layout changes.
    await waitForTransitions(page);
    await expectNoClippedLabels(page, `${name} à ${String(size.width)} px`);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${String(size.width)}.png`),
      fullPage: true,
    });
  }
}
