import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
const LOADING_TEXT = 'Chargement...';
/** The global loading overlay (ui/loading-overlay.tsx); axe takes CSS selectors only. */
export const LOADING_OVERLAY = '.loading-overlay';

/**
 * Waits until no API call is under way and the 'Chargement...' overlay has faded out, so axe
 * sees the page itself and not a passing overlay.
 */
export async function waitForIdle(page: Page): Promise<void> {
  // The always-mounted live region says 'Chargement...' while a call runs…
  await expect(page.getByRole('status').filter({ hasText: LOADING_TEXT })).toHaveCount(0);
  // …then the overlay's own text (hidden from assistive technology) fades out.
  await expect(page.getByText(LOADING_TEXT, { exact: true })).toBeHidden();
}

/**
 * Waits until no finite CSS transition or animation runs: a dialog fading in is checked once
 * opaque (mid-fade, its colours are blends and axe reads a contrast the user never sees for
 * long). Endless ones (a spinner) are left running.
 */
export async function waitForTransitions(page: Page): Promise<void> {
  // A component mounted this frame (a toast) starts its transition on the next one: until
  // then it sits transparent with nothing running.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Runs axe; a contrast failure is read again once transitions settle. Something can mount while
 * axe reads the page (a toast whose code loads on demand on a public page) and be read at the
 * first frames of its fade-in; a real contrast failure stays on the second reading.
 */
async function analyzeSettled(page: Page, builder: AxeBuilder) {
  const results = await builder.analyze();
  const contrast = results.violations.some(
    (violation) => violation.id === 'color-contrast' && BLOCKING.has(violation.impact ?? ''),
  );
  if (!contrast) return results;
  await waitForTransitions(page);
  return builder.analyze();
}

export interface AxeOptions {
  /**
   * The page is checked while a call is held on purpose, so the loading overlay shows:
   * 'exclude' checks the page without the overlay, 'only' checks the overlay alone.
   */
  loading?: 'exclude' | 'only';
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now and fails on any serious or
 * critical violation, naming each rule and the elements it flags. Minor and moderate findings
 * are printed and attached to the report without failing.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  testInfo: TestInfo,
  where: string,
  options: AxeOptions = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (options.loading === 'exclude') builder = builder.exclude(LOADING_OVERLAY);
  else if (options.loading === 'only') builder = builder.include(LOADING_OVERLAY);
  else await waitForIdle(page);
  await waitForTransitions(page);
  const results = await analyzeSettled(page, builder);
  if (results.violations.length > 0) {
    await testInfo.attach(`axe — ${where}`, {
      body: JSON.stringify(
        results.violations.map(({ id, impact, help, nodes }) => ({
          id,
          impact,
          help,
          targets: nodes.map((node) => node.target),
        })),
        null,
        2,
      ),
      contentType: 'application/json',
    });
  }
  const others = results.violations.filter((violation) => !BLOCKING.has(violation.impact ?? ''));
  if (others.length > 0)
    console.log(
      `axe, ${where} : ${others.map((violation) => `${violation.id} (${violation.impact})`).join(', ')}`,
    );
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = blocking
    .map((violation) => {
      const targets = violation.nodes.map(
        (node) =>
          `${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`,
      );
      return `- ${violation.id} (${violation.impact}) : ${violation.help}\n    ${targets.join('\n    ')}`;
    })
    .join('\n');
  expect(blocking.length, `axe, ${where} (${page.url()}) :\n${report}`).toBe(0);
}
