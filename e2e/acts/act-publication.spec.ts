import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForIdle } from '../support/axe.ts';

// A visitor, without signing in, reaches « Actes publiés » from the sign-in page, searches it,
// and an act never published says so with the way back (docs/acts.md « Publication »). Axe on
// both pages. A traffic order signed, then published, its page and its PDF's SHA-256: the end of
// e2e/instruction/instruct-acts.spec.ts, which signs one.

test('sans compte : les actes publiés, la recherche, un acte non publié', async ({ page }, testInfo) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Actes publiés' }).click();
  await expect(page).toHaveURL(/\/actes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Actes publiés' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Actes publiés, les plus récents d’abord' })).toBeVisible();
  await waitForIdle(page);
  await expectNoSeriousA11yViolations(page, testInfo, 'actes publiés');

  await page.getByRole('searchbox', { name: 'Rechercher un acte' }).fill('1900-0001');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText('Aucun acte publié ne correspond à la recherche.')).toBeVisible();
  // No session was opened on the way.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('voirie_token');

  await page.goto('/actes/1900-0001');
  await expect(page.getByText('Cet acte n’est pas publié.')).toBeVisible();
  await waitForIdle(page);
  await expectNoSeriousA11yViolations(page, testInfo, 'acte non publié');
  await page.getByRole('link', { name: 'Actes publiés' }).click();
  await expect(page).toHaveURL(/\/actes$/);
});
