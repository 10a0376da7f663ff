import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { field, registerThroughUi, uniqueEmail } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { ENV, requiredEnv } from '../support/paths.ts';
import { freePort } from '../support/ports.ts';
import { startPortal, type Portal } from '../support/portal.ts';
import { TEXTS } from '../support/texts.ts';

// Links live 48 h (validation) and 1 h (reset): a second portal, started only for this file
// with LINK_TTL_SECONDS=2, lets them expire while the test waits 3 s. It starts the same way
// as the first (its own port and fresh embedded database, the same SMTP sink).
const TTL_SECONDS = 2;
const WAIT_MS = 3_000;

let portal: Portal;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = path.join(requiredEnv(ENV.runDir), 'data-expiry');
  portal = await startPortal({
    port: await freePort(),
    dataDir,
    smtpUrl: requiredEnv(ENV.smtpUrl),
    name: 'portal-expiry',
    env: { LINK_TTL_SECONDS: String(TTL_SECONDS) },
  });
});

test.afterAll(async () => {
  await portal?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('un lien de validation expiré : le message de lien invalide', async ({ page }) => {
  const email = uniqueEmail('validation-expiree');
  await registerThroughUi(page, email, { origin: portal.url });
  const link = linkIn(await waitForMail(email), 'validate-email');
  expect(link.startsWith(`${portal.url}/validate-email/`), `lien vers ce portail : ${link}`).toBe(true);

  await page.waitForTimeout(WAIT_MS);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: TEXTS.validationLinkInvalid })).toBeVisible();
  await expect(page).toHaveURL(/\/validate-email\//);
});

test("un lien de réinitialisation expiré : « Ce lien n'est plus valide… »", async ({ page }) => {
  // A reset link is sent to any active account, validated or not.
  const email = uniqueEmail('reinit-expiree');
  await registerThroughUi(page, email, { origin: portal.url });
  await waitForMail(email);
  await page.goto(`${portal.url}/forgot-pass`);
  await field(page, 'Adresse e-mail').fill(email);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByRole('status').filter({ hasText: TEXTS.resetSent })).toBeVisible();
  const link = linkIn(await waitForMail(email, { count: 2 }), 'password');
  expect(link.startsWith(`${portal.url}/password/`), `lien vers ce portail : ${link}`).toBe(true);

  await page.waitForTimeout(WAIT_MS);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  await expect(page.getByText(TEXTS.linkNoLongerValid)).toBeVisible();
  await expect(field(page, 'Nouveau mot de passe')).toHaveCount(0);
});
