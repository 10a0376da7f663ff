import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, LOADING_OVERLAY } from '../support/axe.ts';
import { holdRequests } from '../support/network.ts';

// The white 'Chargement...' must stay readable over the veil (WCAG 1.4.3: 4.5:1); MUI's default
// veil gave 4.23:1.
test("le texte « Chargement... » de l'écran d'attente est assez contrasté", async ({ page }, testInfo) => {
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
