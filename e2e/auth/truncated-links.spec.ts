import { expect, test } from '@playwright/test';
import { field, toast } from '../support/accounts.ts';
import { TEXTS } from '../support/texts.ts';

// A link cut short (a mail client wrapping it, a bad copy) must read like any dead link.

test("un lien de réinitialisation tronqué : « Ce lien n'est plus valide… »", async ({ page }) => {
  await page.goto('/password/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page.getByText(TEXTS.linkNoLongerValid)).toBeVisible({ timeout: 3_000 });
  await expect(field(page, 'Nouveau mot de passe')).toHaveCount(0);
  await expect(toast(page, TEXTS.linkNoLongerValidShort)).toBeVisible();
});

test('un lien de validation tronqué : le message de lien invalide', async ({ page }) => {
  await page.goto('/validate-email/abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: TEXTS.validationLinkInvalid })).toBeVisible({
    timeout: 3_000,
  });
});
