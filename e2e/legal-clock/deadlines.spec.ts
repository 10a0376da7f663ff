import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu, signIn } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, waitForIdle } from '../support/axe.ts';
import { SCREENSHOT_DIR } from '../support/paths.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';

// The legal clock on the screens (docs/legal-deadlines.md): the instructor keeps the
// requests past their deadline (« Dépassée ») and opens one, whose page shows its clock and its
// history; the administrator's « Délais légaux » page and its dialog pass axe. The demo gives
// clocks to the requests awaiting a decision, some of them past their deadline.

const INSTRUCTEUR = 'instructeur@exemple.fr';
const grid = (page: Page) => page.getByRole('grid', { name: 'Liste des demandes' });

test("l'instructeur filtre les demandes « Dépassée » et lit le délai légal de l'une d'elles", async ({
  page,
}) => {
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  const filters = page.getByRole('group', { name: 'Filtrer sur l’échéance légale' });
  await filters.getByRole('button', { name: 'Dépassée' }).click();
  await expect(filters.getByRole('button', { name: 'Dépassée' })).toHaveAttribute('aria-pressed', 'true');
  const rows = grid(page).locator('[role="row"][data-id]');
  await expect(rows.first()).toBeVisible();
  await waitForIdle(page);
  // Every row is past its deadline: its cell says so in words.
  const cells = grid(page).locator('[role="gridcell"][data-field="deadline"]');
  const count = await cells.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) await expect(cells.nth(index)).toContainText('Dépassée');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'requests-list-overdue.png') });

  const id = await rows.first().getAttribute('data-id');
  await page.goto(`/dossiers/${id ?? ''}`);
  const clock = page.getByRole('region', { name: 'Délai légal' });
  await expect(clock).toBeVisible();
  await expect(clock.getByLabel('Délai légal').getByText('Dépassée', { exact: true })).toBeVisible();
  const history = clock.getByRole('list', { name: 'Historique du délai' });
  await expect(history.getByRole('listitem').first()).toContainText(/^Délai (démarré|redémarré)/);
  await clock.screenshot({ path: path.join(SCREENSHOT_DIR, 'request-legal-clock.png') });
});

test("l'administrateur lit les délais légaux et ouvre le réglage d'un délai (axe)", async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.admin.email, DEMO_PASSWORD);
  await openFromMenu(page, 'Délais légaux', { url: /\/delais$/ });
  const permission = page.getByRole('region', { name: 'Permission de voirie' });
  await expect(permission.getByText('Décision implicite de rejet de la demande')).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'délais légaux');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-rules.png'), fullPage: true });

  await permission.getByRole('button', { name: 'Modifier le délai : Permission de voirie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Délai : Permission de voirie' });
  await expect(dialog.getByRole('spinbutton', { name: 'Mois' })).toHaveValue('2');
  await expect(dialog.getByRole('checkbox', { name: 'Prolonger au jour ouvré suivant' })).not.toBeChecked();
  await expectNoSeriousA11yViolations(page, testInfo, 'réglage d’un délai');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-delay-dialog.png') });
  // Nothing saved: the other journeys keep the law's delays.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
});
