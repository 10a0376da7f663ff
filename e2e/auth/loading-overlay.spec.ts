import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, LOADING_OVERLAY } from '../support/axe.ts';
import { holdRequests } from '../support/network.ts';

// Known defect, kept in sight: the white 'Chargement...' on MUI's default backdrop
// (rgba(0,0,0,0.5) over the #f6f6f6 page, i.e. #7b7b7b) has a contrast of 4.23:1, under the
// 4.5:1 of WCAG 1.4.3 (apps/web/src/ui/loading-overlay.tsx). Marked as expected to fail: once
// the overlay is fixed, this test "unexpectedly passes" and the marker must go.
test("le texte « Chargement... » de l'écran d'attente est assez contrasté", async ({ page }, testInfo) => {
  test.fail(
    true,
    'contraste 4,23:1 du texte blanc sur le voile par défaut de MUI (apps/web/src/ui/loading-overlay.tsx)',
  );
  // Any call shows the overlay; hold one to look at it.
  const call = await holdRequests(page, '**/api/user/validate-email/**');
  try {
    await page.goto('/validate-email/lien-inconnu');
    await expect(page.getByRole('status').filter({ hasText: 'Chargement...' })).toHaveCount(1);
    // Fully faded in, so that axe measures the final colours.
    await expect(page.locator(LOADING_OVERLAY)).toHaveCSS('opacity', '1');
    await expectNoSeriousA11yViolations(page, testInfo, "l'écran d'attente « Chargement... »", {
      loading: 'only',
    });
  } finally {
    call.release();
  }
});
