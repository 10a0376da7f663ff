import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

// The helper reads a contrast failure twice (the second time once transitions settle): a real
// one must still fail, or every journey's axe check would pass for nothing.

test("l'aide axe échoue sur un texte peu contrasté, même relu", async ({ page }, testInfo) => {
  await page.setContent(
    '<html lang="fr"><head><title>Contraste</title></head><body><main>' +
      '<h1>Page</h1><p style="color:#ccc;background:#fff">Texte gris clair sur blanc</p>' +
      '</main></body></html>',
  );
  await expect(expectNoSeriousA11yViolations(page, testInfo, 'un texte peu contrasté')).rejects.toThrow(
    /color-contrast/,
  );
});

test("l'aide axe accepte la même page une fois le texte lisible", async ({ page }, testInfo) => {
  await page.setContent(
    '<html lang="fr"><head><title>Contraste</title></head><body><main>' +
      '<h1>Page</h1><p style="color:#333;background:#fff">Texte foncé sur blanc</p>' +
      '</main></body></html>',
  );
  await expectNoSeriousA11yViolations(page, testInfo, 'un texte lisible');
});
