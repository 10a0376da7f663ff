import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { STATE } from '../support/domain-names.ts';
import {
  applicant,
  attachRequired,
  attest,
  checkStepAtBothSizes,
  datesStep,
  expectNoClippedLabels,
  finish,
  locate,
  next,
  openWizard,
  type Kind,
  type WizardStepNumber,
} from '../support/wizard.ts';

// An applicant files each kind on a phone (390 × 844, touch): the address,
// the shape drawn with taps on the map, every step's fields, the pieces, Terminer; the request
// is then in state 3. At each step no label is cut and the page does not scroll sideways; axe
// runs on every step at 390 px, two steps per kind (the six steps over the three journeys).

// A journey takes some 20 s on a quiet 2-core machine; the margin is for a loaded one.
test.describe.configure({ timeout: 120_000 });

interface KindJourney {
  /** Step 2, the works form (kinds 1 and 3). */
  works?: () => Promise<void>;
  /** Step 4, besides the dates: the alignment's reason (kind 2). */
  reason?: () => Promise<void>;
  /** The steps axe checks in this journey. */
  axe: readonly WizardStepNumber[];
}

async function fileOnPhone(page: Page, testInfo: TestInfo, kind: Kind, journey: KindJourney): Promise<void> {
  const reached = async (step: WizardStepNumber) => {
    await expectNoClippedLabels(page, `étape ${String(step)} à 390 px`);
    if (journey.axe.includes(step))
      await expectNoSeriousA11yViolations(page, testInfo, `étape ${String(step)} à 390 px`);
  };
  const address = await openWizard(page, kind);
  test.fixme(!address, 'Pas de géographie de démonstration (voies, parcelles, adresses) dans ce portail.');
  await reached(1);
  await locate(page, kind, address!, { touch: true });
  if (journey.works) {
    await next(page, 2, { touch: true });
    await journey.works();
    await reached(2);
  }
  await next(page, 3, { touch: true });
  await applicant(page);
  await reached(3);
  await next(page, 4, { touch: true });
  await datesStep(page, '01/05/2027', '05/05/2027');
  await journey.reason?.();
  await reached(4);
  await next(page, 5, { touch: true });
  expect(await attachRequired(page)).toBeGreaterThan(0);
  await reached(5);
  await next(page, 6, { touch: true });
  await attest(page);
  await reached(6);
  const id = await finish(page);
  const listed = await page.request.get(`/api/request?type=${String(kind)}&numItemsPerPage=50`);
  const rows = ((await listed.json()) as { data: { id: number; stateId: number }[] }).data;
  expect(rows.find((row) => String(row.id) === id)?.stateId).toBe(STATE.FILED);
}

test('Réseaux sur un téléphone : polygone dessiné au doigt, dépôt', async ({ page }, testInfo) => {
  await fileOnPhone(page, testInfo, 1, {
    works: () => page.getByRole('checkbox', { name: 'Ouvrages divers' }).tap(),
    axe: [1, 2],
  });
});

test("demande d'alignement sur un téléphone : ligne dessinée au doigt, motif, dépôt", async ({
  page,
}, testInfo) => {
  await fileOnPhone(page, testInfo, 2, {
    reason: async () => {
      // 'Autre' shows its details field: the step's every label, at both sizes.
      const reason = page.getByRole('combobox', { name: 'Motif de la demande' });
      await reason.selectOption({ label: 'Autre (préciser)' });
      await checkStepAtBothSizes(page, 'wizard-step-4-alignement');
      await reason.selectOption({ label: "Réalisation d'une clôture" });
    },
    axe: [3, 4],
  });
});

test('Accès/Clôture sur un téléphone : point posé au doigt, dépôt', async ({ page }, testInfo) => {
  await fileOnPhone(page, testInfo, 3, {
    works: async () => {
      await page.getByRole('checkbox', { name: "Aménagement d'accès" }).tap();
      // Every section of the access form shown, at both sizes.
      const parking = page.getByRole('checkbox', { name: 'Dépôt / stationnement' });
      await parking.tap();
      await checkStepAtBothSizes(page, 'wizard-step-2-acces');
      await parking.tap();
    },
    axe: [5, 6],
  });
});
