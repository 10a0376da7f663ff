import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn, toast } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';
import { isZip, readZipEntry } from '../support/zip.ts';
import {
  actionBar,
  attachment,
  attachmentNames,
  awaitingReception,
  expectLetterAttached,
  expectState,
  fileInput,
  INSTRUCTEUR,
  INSTRUCTEUR_NAME,
  jpegPhoto,
  openRequest,
  parisDateTime,
  pngPhoto,
  typeInPicker,
  waitForSubject,
} from './works-support.ts';

// The works phase of a signed favourable permission (docs/screens.md, docs/workflow.md
// "Transitions", docs/validation.md "Reception dialogs"; docs/api-works.md), the applicant and the
// instructor side by side, on a permission of the demo applicant awaiting its reception (state 4,
// apps/api/src/seed/demo-works.ts): reception asked with photos (7) -> refused with reasons and
// photos, the formal notice generated and mailed (12) -> asked again, by appointment (6) ->
// appointments proposed -> 'Aucune disponibilité' -> proposed again -> the choice dialog opens by
// itself, one accepted with its invitation (7) -> the reception accepted, the minutes generated and
// mailed (2) -> a road disturbance declared and its minutes mailed. Each step's mail is read from the test
// SMTP server; axe runs with each works dialog open.

const APPLICANT = DEMO.demandeur.email;
const STATES = {
  awaiting: 'En attente de réception',
  asked: 'Réception demandée',
  appointment: 'Réception en attente de rendez-vous',
  reserves: 'En attente de réception (réserves)',
  received: 'Travaux réceptionnés',
} as const;
const JOINTS = "Les joints n'ont pas été scellés à l'émulsion de bitume.";
const OTHER_REASON = 'Le marquage au sol n’a pas été refait.';

// Two accounts and three letters converted by LibreOffice: a long journey.
test.describe.configure({ timeout: 240_000 });

interface ReceptionDocument {
  name: string;
  positionSource?: string | null;
  lat?: number | null;
  lon?: number | null;
}

/** The reception block of the summary: its value for a label. */
function receptionValue(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Réception des travaux' })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test('réception des travaux : photos, refus et mise en demeure, rendez-vous refusé puis accepté, procès-verbal, perturbation de voirie', async ({
  page: applicant,
  browser,
}, testInfo) => {
  await signIn(applicant, APPLICANT, DEMO_PASSWORD);
  const [request] = await awaitingReception(applicant, 1, 1);
  const { id } = request!;
  const n = String(id);
  // The device is on the works: each photo chosen is sent with where it was taken.
  await applicant.context().grantPermissions(['geolocation']);
  await applicant.context().setGeolocation({ latitude: request!.lat, longitude: request!.lon });

  // 1. The applicant asks for the reception, with the two photos.
  await openRequest(applicant, request!);
  await expectState(applicant, STATES.awaiting);
  await actionBar(applicant).getByRole('button', { name: 'Demander la réception' }).click();
  const asking = applicant.getByRole('dialog', { name: 'Demande de réception des travaux' });
  const send = asking.getByRole('button', { name: 'Valider' });
  await expect(send).toBeDisabled();
  await asking.getByRole('radio', { name: 'Photos', exact: true }).check();
  // Photos asks for the photo and the extra photo before it may be sent.
  await expect(send).toBeDisabled();
  const photo = `chantier-${n}.png`;
  const extraPhoto = `chantier-${n}-detail.jpg`;
  await fileInput(asking, 'Photo').setInputFiles(pngPhoto(photo, 80));
  await expect(send).toBeDisabled();
  await fileInput(asking, 'Photo complémentaire').setInputFiles(await jpegPhoto(applicant, extraPhoto, 30));
  await expect(send).toBeEnabled();
  await expectNoSeriousA11yViolations(applicant, testInfo, 'la demande de réception (photos)');
  await send.click();
  await expect(toast(applicant, 'Votre demande de réception a été envoyée.')).toBeVisible();
  await expect(asking).toBeHidden();
  await expectState(applicant, STATES.asked);
  await expect(receptionValue(applicant, 'Mode de réception')).toHaveText('Photos');
  await expect(applicant.getByText(/à \d+ m des travaux/)).toHaveCount(0);
  const receptionAsked = `Demande de réception des travaux — demande n° ${n}`;
  expect((await waitForSubject(INSTRUCTEUR, receptionAsked)).text).toContain(
    'Il a transmis les photos des travaux',
  );

  // 2. The instructor refuses the reception: reasons, photos, the formal notice generated.
  const instructorContext = await browser.newContext();
  const instructor = await instructorContext.newPage();
  await signIn(instructor, INSTRUCTEUR, DEMO_PASSWORD);
  await openRequest(instructor, request!);
  await expectState(instructor, STATES.asked);
  // Each photo keeps where the device was when it was chosen: on the works, so no warning. The
  // reception documents are the staff's: the applicant's answer carries none.
  const read = async (page: typeof instructor) =>
    (
      (await (await page.request.get(`/api/request/${n}`)).json()) as {
        data: { receptionDocuments: ReceptionDocument[] };
      }
    ).data.receptionDocuments;
  expect(await read(applicant)).toEqual([]);
  const photos = await read(instructor);
  for (const name of [photo, extraPhoto]) {
    const sentPhoto = photos.find((document) => document.name === name);
    expect(sentPhoto?.positionSource, `position de ${name}`).toBe('device');
    expect(sentPhoto?.lat).toBeCloseTo(request!.lat, 5);
    expect(sentPhoto?.lon).toBeCloseTo(request!.lon, 5);
  }
  await actionBar(instructor).getByRole('button', { name: 'Réception des travaux', exact: true }).click();
  const outcome = instructor.getByRole('dialog', { name: 'Réception des travaux' });
  // The applicant's photos are listed in the dialog.
  await expect(outcome.getByRole('link', { name: photo })).toBeVisible();
  await expect(outcome.getByRole('link', { name: extraPhoto })).toBeVisible();
  const validate = outcome.getByRole('button', { name: 'Valider' });
  const formalNotice = outcome.getByRole('button', { name: 'Générer la mise en demeure' });
  // No letter yet: validation waits for one; generating waits for an opinion.
  await expect(validate).toBeDisabled();
  await expect(formalNotice).toBeDisabled();
  await outcome.getByRole('radio', { name: 'Refusé' }).check();
  await typeInPicker(outcome, instructor, 'Date de visite', parisDateTime(0, 0).slice(0, 10));
  await outcome.getByRole('checkbox', { name: 'Chaussée' }).check();
  await outcome.getByRole('checkbox', { name: /^joints/ }).check();
  await outcome.getByRole('checkbox', { name: /^autre/ }).check();
  await outcome.getByRole('textbox', { name: 'Précisez le motif' }).fill(OTHER_REASON);
  await fileInput(outcome, 'Photos du refus').setInputFiles([
    pngPhoto(`refus-${n}-1.png`, 140),
    await jpegPhoto(instructor, `refus-${n}-2.jpg`, 200),
  ]);
  await expect(outcome.getByRole('list', { name: 'Photos choisies' }).getByRole('listitem')).toHaveCount(2);
  await expectNoSeriousA11yViolations(instructor, testInfo, 'la réception des travaux (refus)');
  await formalNotice.click();
  await expect(toast(instructor, 'Le courrier a été généré.')).toBeVisible({ timeout: 60_000 });
  const noticeDocx = outcome.getByRole('link', { name: 'Télécharger la mise en demeure (DOCX)' });
  await expect(noticeDocx).toBeVisible();
  // The formal notice is drafted from the dialog's choices: the reasons' sentences are in it.
  const [download] = await Promise.all([instructor.waitForEvent('download'), noticeDocx.click()]);
  expect(download.suggestedFilename()).toBe(`mise-en-demeure-${n}.docx`);
  const docx = await readFile(await download.path());
  expect(isZip(docx)).toBe(true);
  const documentXml = readZipEntry(docx, 'word/document.xml')!.toString('utf8');
  expect(documentXml).toContain('émulsion de bitume');
  expect(documentXml).toContain('marquage au sol');
  await expect(validate).toBeEnabled();
  await validate.click();
  await expect(toast(instructor, 'Réception refusée.')).toBeVisible();
  await expect(outcome).toBeHidden();
  await expectState(instructor, STATES.reserves);
  await expect(receptionValue(instructor, 'Avis')).toHaveText('refusé');
  // The refusal photos join the reception's documents.
  const receptionDocuments = instructor.getByRole('region', { name: 'Documents de réception' });
  for (const name of [`refus-${n}-1.png`, `refus-${n}-2.jpg`])
    await expect(receptionDocuments.getByRole('link', { name })).toBeVisible();

  // The applicant is mailed the refusal, its sentences and the formal notice.
  const refused = await waitForSubject(APPLICANT, `Réception des travaux refusée — demande n° ${n}`);
  expect(refused.text).toContain(JOINTS);
  expect(refused.text).toContain(OTHER_REASON);
  expectLetterAttached(refused, 'mise-en-demeure', id);

  // 3. The applicant sees the formal notice mailed and asks again, for an appointment (12 -> 6).
  await openRequest(applicant, request!);
  await expectState(applicant, STATES.reserves);
  const letters = applicant.getByRole('region', { name: 'Courriers' });
  await expect(letters.getByRole('region', { name: 'Mise en demeure' })).toContainText(
    'Envoyé au demandeur le',
  );
  await actionBar(applicant).getByRole('button', { name: 'Demander la réception' }).click();
  await expect(asking).toBeVisible();
  await asking.getByRole('radio', { name: 'Rendez-vous', exact: true }).check();
  // An appointment needs no file.
  await expect(fileInput(asking, 'Photo')).toHaveCount(0);
  await expectNoSeriousA11yViolations(applicant, testInfo, 'la demande de réception (rendez-vous)');
  await send.click();
  await expect(toast(applicant, 'Votre demande de réception a été envoyée.')).toBeVisible();
  await expectState(applicant, STATES.appointment);
  expect((await waitForSubject(INSTRUCTEUR, receptionAsked, 2)).text).toContain('rendez-vous sur place');

  // 4. The instructor proposes two appointments.
  const firstProposals = [parisDateTime(7, 9, 30), parisDateTime(8, 14, 0)];
  await proposeAppointments(instructor, request!, firstProposals, testInfo);
  const proposedSubject = `Réception des travaux : rendez-vous proposés — demande n° ${n}`;
  const proposed = await waitForSubject(APPLICANT, proposedSubject);
  for (const proposal of firstProposals) expect(proposed.text).toContain(proposal.replace(' ', ' à '));

  // 5. The applicant opens the request: the choice opens by itself; 'Aucune disponibilité'.
  await openWithChoice(applicant, request!);
  const choice = applicant.getByRole('dialog', { name: 'Choisir un rendez-vous' });
  await expect(choice).toBeVisible();
  const proposals = choice.getByRole('radiogroup', { name: 'Rendez-vous proposés' });
  for (const proposal of firstProposals)
    await expect(proposals.getByRole('radio', { name: proposal, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(applicant, testInfo, 'le choix du rendez-vous');
  await proposals.getByRole('radio', { name: 'Aucune disponibilité' }).check();
  await choice.getByRole('button', { name: 'Valider' }).click();
  await expect(toast(applicant, 'Refus de rendez-vous effectué.')).toBeVisible();
  await expect(choice).toBeHidden();
  // Still awaiting an appointment, the proposals cleared: nothing left to choose.
  await expectState(applicant, STATES.appointment);
  await expect(actionBar(applicant).getByRole('button', { name: 'Choisir un rendez-vous' })).toHaveCount(0);
  await expect(receptionValue(applicant, 'Rendez-vous proposés')).toHaveCount(0);
  // Opened again without proposals, the page opens no dialog.
  await openRequest(applicant, request!);
  await expect(choice).toHaveCount(0);
  await waitForSubject(INSTRUCTEUR, `Aucune disponibilité pour la réception — demande n° ${n}`);

  // 6. The instructor proposes again.
  const secondProposals = [parisDateTime(10, 8, 0), parisDateTime(11, 10, 30), parisDateTime(12, 16, 0)];
  await proposeAppointments(instructor, request!, secondProposals, testInfo);
  const proposedAgain = await waitForSubject(APPLICANT, proposedSubject, 2);
  for (const proposal of secondProposals) expect(proposedAgain.text).toContain(proposal.replace(' ', ' à '));

  // 7. The applicant opens the request again and accepts the second proposal (6 -> 7).
  await openWithChoice(applicant, request!);
  await expect(choice).toBeVisible();
  await proposals.getByRole('radio', { name: secondProposals[1], exact: true }).check();
  await choice.getByRole('button', { name: 'Valider' }).click();
  await expect(toast(applicant, 'Rendez-vous accepté.')).toBeVisible();
  await expect(choice).toBeHidden();
  await expectState(applicant, STATES.asked);
  await expect(receptionValue(applicant, 'Rendez-vous retenu')).toHaveText(secondProposals[1]!);
  // Both are mailed the appointment with its invitation.
  const acceptedSubject = `Rendez-vous de réception accepté — demande n° ${n}`;
  for (const address of [APPLICANT, INSTRUCTEUR]) {
    const mail = await waitForSubject(address, acceptedSubject);
    expect(mail.text).toContain(secondProposals[1]!.replace(' ', ' à '));
    const invitation = attachment(mail, 'rendez-vous.ics').toString('utf8');
    expect(invitation).toContain('BEGIN:VEVENT');
    expect(invitation).toContain(`demande n° ${n}`);
  }

  // 8. The instructor accepts the reception: the minutes generated, then validated (7 -> 2).
  await openRequest(instructor, request!);
  await expectState(instructor, STATES.asked);
  await actionBar(instructor).getByRole('button', { name: 'Réception des travaux', exact: true }).click();
  await expect(outcome).toBeVisible();
  await outcome.getByRole('radio', { name: 'Accepté' }).check();
  await typeInPicker(outcome, instructor, 'Date de visite', secondProposals[1]!.slice(0, 10));
  // An acceptance has no refusal reasons nor photos.
  await expect(outcome.getByRole('group', { name: 'Motifs du refus' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(instructor, testInfo, 'la réception des travaux (acceptée)');
  await outcome.getByRole('button', { name: 'Générer le procès-verbal' }).click();
  await expect(toast(instructor, 'Le courrier a été généré.')).toBeVisible({ timeout: 60_000 });
  await expect(outcome.getByRole('link', { name: 'Télécharger le procès-verbal (DOCX)' })).toBeVisible();
  await validate.click();
  await expect(toast(instructor, 'Dossier réceptionné.')).toBeVisible();
  await expect(outcome).toBeHidden();
  await expectState(instructor, STATES.received);
  const received = await waitForSubject(APPLICANT, `Travaux réceptionnés — demande n° ${n}`);
  expectLetterAttached(received, 'pv-reception', id);
  // The formal notice went with the refusal: the acceptance carries the minutes only.
  expect(attachmentNames(received).filter((name) => name.startsWith('mise-en-demeure'))).toEqual([]);

  // 9. A road disturbance from state 2: confirmed, reported with a witness, photos and place.
  await actionBar(instructor).getByRole('button', { name: 'Déclarer une perturbation de voirie' }).click();
  const confirmation = instructor.getByRole('dialog', { name: 'Déclarer une perturbation de voirie' });
  await expect(confirmation).toContainText(
    'Êtes-vous sûr de vouloir déclarer une perturbation de voirie pour cette demande ?',
  );
  await expectNoSeriousA11yViolations(instructor, testInfo, 'la confirmation de perturbation de voirie');
  await confirmation.getByRole('button', { name: 'Oui' }).click();
  const report = instructor.getByRole('dialog', { name: 'Rapport de perturbation de voirie' });
  await report.getByRole('combobox', { name: 'Instructeur ayant constaté la perturbation' }).click();
  await instructor.getByRole('option', { name: INSTRUCTEUR_NAME }).click();
  const comment = 'Affaissement de la tranchée au droit du n° 12.';
  await report.getByRole('textbox', { name: 'Commentaire' }).fill(comment);
  await fileInput(report, 'Photos de la perturbation').setInputFiles(pngPhoto(`perturbation-${n}.png`, 60));
  await report.getByRole('button', { name: 'Utiliser l’emplacement de la demande' }).click();
  await expect(report.getByRole('textbox', { name: 'Latitude' })).not.toHaveValue('');
  await expect(report.getByRole('textbox', { name: 'Longitude' })).not.toHaveValue('');
  await expectNoSeriousA11yViolations(instructor, testInfo, 'le rapport de perturbation de voirie');
  await report.getByRole('button', { name: 'Déclarer' }).click();
  await expect(toast(instructor, 'La perturbation de voirie a été déclarée.')).toBeVisible();
  await expect(report).toBeHidden();
  await expectState(instructor, STATES.received);
  await expect(receptionValue(instructor, 'Perturbation de voirie')).toContainText(
    `constatée par ${INSTRUCTEUR_NAME}`,
  );
  const disturbance = await waitForSubject(APPLICANT, `Perturbation de voirie constatée — demande n° ${n}`);
  expect(disturbance.text).toContain(comment);

  // Its minutes, generated from the action bar and mailed attached.
  await actionBar(instructor).getByRole('button', { name: 'Générer le PV de perturbation' }).click();
  await expect(toast(instructor, 'Le procès-verbal de perturbation de voirie a été généré.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(
    instructor
      .getByRole('region', { name: 'Procès-verbal de perturbation de voirie' })
      .getByRole('link', { name: 'Télécharger le PV de perturbation (DOCX)' }),
  ).toBeVisible();
  const minutes = await waitForSubject(
    APPLICANT,
    `Procès-verbal de perturbation de voirie — demande n° ${n}`,
  );
  expectLetterAttached(minutes, 'pv-perturbation', id);
  await instructorContext.close();
});

/**
 * Opens the request's page as the applicant does when appointments are proposed: the choice
 * dialog opens by itself, over the page (its heading then hidden from assistive technology).
 */
async function openWithChoice(applicant: Page, request: { id: number; publicId: string }): Promise<void> {
  await applicant.goto(`/dossiers/${request.publicId}`);
  await expect(applicant).toHaveTitle(`Portail voirie - Demande n°${String(request.id)}`);
  await expect(applicant.getByRole('dialog', { name: 'Choisir un rendez-vous' })).toBeVisible();
}

/** The instructor proposes appointments ('DD/MM/YYYY HH:mm', Paris) from the request's page. */
async function proposeAppointments(
  instructor: Page,
  request: { id: number; publicId: string; lon: number; lat: number },
  slots: string[],
  testInfo: Parameters<typeof expectNoSeriousA11yViolations>[1],
): Promise<void> {
  await openRequest(instructor, request);
  await expectState(instructor, STATES.appointment);
  await actionBar(instructor).getByRole('button', { name: 'Proposer des rendez-vous' }).click();
  const dialog = instructor.getByRole('dialog', { name: 'Proposer des rendez-vous' });
  for (const [index, slot] of slots.entries())
    await typeInPicker(dialog, instructor, `Rendez-vous ${String(index + 1)}`, slot);
  await expectNoSeriousA11yViolations(instructor, testInfo, 'la proposition de rendez-vous');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(toast(instructor, 'Proposition de rendez-vous effectuée.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectState(instructor, STATES.appointment);
  await expect(receptionValue(instructor, 'Rendez-vous proposés')).toHaveText(slots.join(' ; '));
}
