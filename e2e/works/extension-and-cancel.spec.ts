import { expect, test } from '@playwright/test';
import { signIn, toast } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';
import { openFavourableDecision } from '../support/decision.ts';
import { pdfFile } from '../instruction/file-networks-request.ts';
import { generateOrders } from '../instruction/instruction-page.ts';
import {
  actionBar,
  awaitingReception,
  countSubject,
  expectState,
  INSTRUCTEUR,
  openRequest,
  parisDateTime,
  typeInPicker,
  waitForSubject,
} from './works-support.ts';

// From a signed favourable permission awaiting its reception (state 4; docs/screens.md, docs/workflow.md
// "Transitions", docs/validation.md "Extension dialog"; docs/api-works.md): the extension — its
// dates checked, the confirmation loop ('Non' reopens the dates), the original in 10 linked to its
// extension and back, the extension mailed and instructed to its signed order — and the cancelled works.

const APPLICANT = DEMO.demandeur.email;

test.describe.configure({ timeout: 120_000 });

test("prolongation depuis l'état 4 : confirmation, demande d'origine prolongée, liens dans les deux sens, prolongation instruite", async ({
  page: applicant,
  browser,
}, testInfo) => {
  await signIn(applicant, APPLICANT, DEMO_PASSWORD);
  // Not the first one: the reception journey takes it.
  const original = (await awaitingReception(applicant, 1, 2))[1]!;
  const o = String(original.id);
  await openRequest(applicant, original);
  await expectState(applicant, 'En attente de réception');

  // 1. The dates: the end before the start is refused, the number of days is computed.
  await actionBar(applicant).getByRole('button', { name: 'Prolonger' }).click();
  const dates = applicant.getByRole('dialog', { name: "Prolongation de l'autorisation des travaux" });
  const start = parisDateTime(30, 0).slice(0, 10);
  const end = parisDateTime(59, 0).slice(0, 10);
  await typeInPicker(dates, applicant, 'Date de début', start);
  await typeInPicker(dates, applicant, 'Date de fin', parisDateTime(20, 0).slice(0, 10));
  await dates.getByRole('button', { name: 'Valider' }).click();
  await expect(dates).toContainText(
    'La date de fin de travaux ne peut pas être inférieure à la date de début des travaux',
  );
  await typeInPicker(dates, applicant, 'Date de fin', end);
  await expect(dates.getByRole('textbox', { name: 'Nombre de jours' })).toHaveValue('30');
  await expectNoSeriousA11yViolations(applicant, testInfo, 'la prolongation (dates)');
  await dates.getByRole('button', { name: 'Valider' }).click();

  // 2. The confirmation: 'Non' reopens the dates as they were, 'Oui' files the extension.
  const confirmation = applicant.getByRole('dialog', { name: 'Prolongation de la demande' });
  await expect(confirmation).toContainText(
    "Êtes vous sûr de vouloir dupliquer cette demande pour prolonger l'autorisation des travaux ?",
  );
  await expectNoSeriousA11yViolations(applicant, testInfo, 'la confirmation de prolongation');
  await confirmation.getByRole('button', { name: 'Non' }).click();
  await expect(confirmation).toBeHidden();
  await expect(dates).toBeVisible();
  await expect(dates.getByRole('textbox', { name: 'Nombre de jours' })).toHaveValue('30');
  await dates.getByRole('button', { name: 'Valider' }).click();
  await confirmation.getByRole('button', { name: 'Oui' }).click();
  await expect(toast(applicant, 'La demande de prolongation a été créée.')).toBeVisible();
  // Back to the list.
  await expect(applicant).toHaveURL(/\/dossiers$/);

  // 3. The original is extended (10) and links to its extension, which links back.
  await openRequest(applicant, original);
  await expectState(applicant, 'Prolongée');
  const toExtension = applicant.getByRole('link', {
    name: /^Ouvrir la prolongation n°\d+ \(nouvel onglet\)$/,
  });
  await expect(toExtension).toBeVisible();
  const e = /n°(\d+)/.exec((await toExtension.textContent()) ?? '')![1]!;
  await expect(actionBar(applicant).getByRole('button', { name: 'Prolonger' })).toHaveCount(0);
  const [extensionPage] = await Promise.all([applicant.waitForEvent('popup'), toExtension.click()]);
  await expect(
    extensionPage.getByRole('heading', { level: 1, name: `Prolongation de la demande n°${o}` }),
  ).toBeVisible();
  await expectState(extensionPage, 'Transférée pour instruction');
  const summary = extensionPage.getByLabel('Résumé de la demande');
  await expect(summary).toContainText(start);
  await expect(summary).toContainText(end);
  await expect(
    extensionPage.getByRole('link', { name: `Ouvrir la demande d'origine n°${o} (nouvel onglet)` }),
  ).toBeVisible();
  const extensionPublicId = new URL(extensionPage.url()).pathname.split('/').pop()!;
  await extensionPage.close();

  // Mailed: the applicant's acknowledgement, the instructors' new request to instruct.
  expect(
    (await waitForSubject(APPLICANT, `Votre demande de prolongation n° ${e} a bien été déposée`)).text,
  ).toContain(`La prolongation de la demande n° ${o} a été déposée sous le n° ${e}`);
  expect(
    (await waitForSubject(INSTRUCTEUR, `Nouvelle demande n° ${e} à instruire (prolongation)`)).text,
  ).toContain(`prolonge la demande n° ${o}`);

  // 4. The instructor instructs the extension: decision, order, signature, signed order (4).
  const instructorContext = await browser.newContext();
  const instructor = await instructorContext.newPage();
  await signIn(instructor, INSTRUCTEUR, DEMO_PASSWORD);
  const extension = { id: Number(e), publicId: extensionPublicId, lon: original.lon, lat: original.lat };
  await openRequest(instructor, extension, `Prolongation de la demande n°${o}`);
  await expectState(instructor, 'Transférée pour instruction');
  const decision = await openFavourableDecision(instructor);
  await decision.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(instructor, 'La décision a été enregistrée.')).toBeVisible();
  await expect(decision).toBeHidden();
  await generateOrders(instructor);
  await expect(
    instructor
      .getByRole('region', { name: 'Arrêté' })
      .getByRole('link', { name: "Télécharger l'arrêté (DOCX)" }),
  ).toBeVisible({ timeout: 60_000 });
  await actionBar(instructor).getByRole('button', { name: 'Envoyer en signature' }).click();
  await expect(toast(instructor, "L'arrêté a été envoyé en signature.")).toBeVisible();
  await expectState(instructor, 'En signature');
  await actionBar(instructor).getByRole('button', { name: "Déposer l'arrêté signé" }).click();
  const signed = instructor.getByRole('dialog', { name: "Déposer l'arrêté signé" });
  await signed.getByLabel('Arrêté signé (PDF)').setInputFiles(pdfFile(`arrete-signe-prolongation-${e}.pdf`));
  await signed.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(toast(instructor, "L'arrêté signé a été enregistré.")).toBeVisible();
  await expectState(instructor, 'En attente de réception');
  // The extension is a permission awaiting its reception in turn.
  await expect(actionBar(instructor).getByRole('button', { name: 'Prolonger' })).toBeVisible();
  await waitForSubject(APPLICANT, `Arrêté signé — demande n° ${e}`);
  await instructorContext.close();
});

test('annulation des travaux depuis l’état 4 : confirmation, « Travaux annulés », courriels', async ({
  page: applicant,
}, testInfo) => {
  await signIn(applicant, APPLICANT, DEMO_PASSWORD);
  const [request] = await awaitingReception(applicant, 3, 1);
  const c = String(request!.id);
  const subject = `Travaux annulés — demande n° ${c}`;
  await openRequest(applicant, request!);
  await expectState(applicant, 'En attente de réception');

  // 'Non' leaves the works as they are.
  const cancelWorks = actionBar(applicant).getByRole('button', { name: 'Annuler les travaux' });
  await cancelWorks.click();
  const dialog = applicant.getByRole('dialog', { name: 'Annuler les travaux' });
  await expect(dialog).toContainText('Êtes-vous sûr de vouloir annuler les travaux ?');
  await expectNoSeriousA11yViolations(applicant, testInfo, "l'annulation des travaux");
  await dialog.getByRole('button', { name: 'Non' }).click();
  await expect(dialog).toBeHidden();
  await expectState(applicant, 'En attente de réception');

  await cancelWorks.click();
  await dialog.getByRole('button', { name: 'Oui' }).click();
  await expect(toast(applicant, 'Travaux annulés')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectState(applicant, 'Annulée');
  await expect(actionBar(applicant)).toHaveCount(0);
  // The applicant and the instructor are told, once.
  await waitForSubject(APPLICANT, subject);
  await waitForSubject(INSTRUCTEUR, subject);
  expect(await countSubject(APPLICANT, subject)).toBe(1);
});
