import { expect, test } from '@playwright/test';
import { signIn, toast, uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, waitForIdle } from '../support/axe.ts';
import { openedWindowUrl } from '../support/network.ts';
import type { StoredMail } from '../support/smtp-sink.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';
import { stepHeading } from '../support/wizard.ts';
import { isZip, readZipEntry } from '../support/zip.ts';
import { addOrderRecipient, openFavourableDecision } from '../support/decision.ts';
import { fileNetworksRequest, pdfFile } from './file-networks-request.ts';
import {
  INSTRUCTEUR,
  INSTRUCTEUR_NAME,
  actionBar,
  attachedPdfs,
  downloaded,
  expectState,
  waitForSubject,
} from './instruction-page.ts';

// The instruction of a networks request (docs/screens.md "Request detail", docs/workflow.md,
// docs/validation.md "Completeness dialog", docs/api-works.md), two accounts side by side: the
// applicant files; the instructor asks for pieces (transfer back, 85 and 101 required) and the
// applicant is mailed the list; the applicant completes through the update wizard; the instructor
// decides (favourable, an order recipient), generates the order (DOCX and its PDF), sends it to
// signature and uploads the signed PDF: state 4, the signed order mailed attached to the applicant
// and the recipient. Then the cerfa 14023 view and its PDF; axe with the dialogs open.

const PIECE_85 = 'Formulaire CERFA 14023 complété et signé';
const PIECE_101 = 'Réponse à la demande de complétude';
const MANDATORY = '* obligatoire';

// Two accounts, the update wizard, an order converted by LibreOffice: a long journey.
test.describe.configure({ timeout: 150_000 });

/** The signed order attached to a mail: one PDF file. */
function expectSignedOrderAttached(mail: StoredMail, requestId: number): void {
  expect(attachedPdfs(mail), `pièces jointes de « ${mail.subject} »`).toEqual([
    `arrete-signe-${String(requestId)}.pdf`,
  ]);
}

test('instruction Réseaux : complétude, réponse du demandeur, décision, arrêté, signature, courriels, cerfa', async ({
  page: applicant,
  browser,
}, testInfo) => {
  // 1. The applicant files a networks request.
  await signIn(applicant, DEMO.demandeur.email, DEMO_PASSWORD);
  const filed = await fileNetworksRequest(applicant);
  test.fixme(!filed, 'Pas de géographie de démonstration (voies, parcelles, adresses) dans ce portail.');
  const { id, publicId } = filed!;
  const heading = `Demande n°${String(id)}`;

  // 2. The instructor, in a browser context of their own, asks for pieces.
  const instructorContext = await browser.newContext();
  const instructor = await instructorContext.newPage();
  await signIn(instructor, INSTRUCTEUR, DEMO_PASSWORD);
  await instructor.goto(`/dossiers/${publicId}`);
  await expect(instructor.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectState(instructor, 'Transférée pour instruction');
  await actionBar(instructor).getByRole('button', { name: 'Demande de complétude' }).click();
  const completeness = instructor.getByRole('dialog', { name: 'Demande de complétude' });
  await expect(completeness.getByRole('checkbox', { name: PIECE_85, exact: true })).toBeVisible();
  const ok = completeness.getByRole('button', { name: 'OK', exact: true });
  await completeness.getByLabel('Transférer au demandeur').check();
  // The transfer back needs 85 and 101, marked '* obligatoire': OK stays disabled until both are checked.
  await expect(ok).toBeDisabled();
  await completeness.getByRole('checkbox', { name: `${PIECE_85} ${MANDATORY}`, exact: true }).check();
  await expect(ok).toBeDisabled();
  await completeness.getByRole('checkbox', { name: `${PIECE_101} ${MANDATORY}`, exact: true }).check();
  await expect(ok).toBeEnabled();
  const comment = 'Merci de joindre le CERFA signé et votre réponse.';
  await completeness.getByRole('textbox', { name: 'Commentaire' }).fill(comment);
  await expectNoSeriousA11yViolations(instructor, testInfo, 'la demande de complétude');
  await ok.click();
  await expect(toast(instructor, 'La demande a été transférée en complétude.')).toBeVisible();
  await expect(completeness).toBeHidden();
  await expectState(instructor, 'Transférée en complétude');

  // The applicant is mailed the list of the pieces, with the comment.
  const incomplete = await waitForSubject(
    DEMO.demandeur.email,
    `Votre demande n° ${String(id)} est incomplète`,
  );
  expect(incomplete.text).toContain(`- ${PIECE_85}`);
  expect(incomplete.text).toContain(`- ${PIECE_101}`);
  expect(incomplete.text).toContain(comment);

  // 3. The applicant completes the request through the update wizard.
  await applicant.goto(`/dossiers/${publicId}`);
  await expect(applicant.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectState(applicant, 'Transférée en complétude');
  await actionBar(applicant).getByRole('link', { name: 'Compléter la demande' }).click();
  await expect(applicant).toHaveURL(new RegExp(`/updatedossier/${publicId}$`));
  await expect(applicant.getByRole('heading', { level: 1, name: 'Mise à jour demande' })).toBeVisible();
  await expect(stepHeading(applicant, 1)).toBeVisible();
  await expect(applicant.getByRole('button', { name: 'Suivant' })).toBeEnabled({ timeout: 20_000 });
  for (let step = 2; step <= 5; step += 1) {
    await applicant.getByRole('button', { name: 'Suivant' }).click();
    await expect(stepHeading(applicant, step)).toBeVisible();
  }
  await expect(applicant.getByText('Pièces demandées par le service instructeur :')).toBeVisible();
  const required = applicant.locator('input[type="file"][required]');
  await expect(required).toHaveCount(2);
  for (let index = 0; index < 2; index += 1) {
    // Each choice re-renders the row: always take the first input still required.
    await required.first().setInputFiles(pdfFile(`reponse-${String(index + 1)}.pdf`));
  }
  await expect(required).toHaveCount(0);
  await applicant.getByRole('button', { name: 'Suivant' }).click();
  await expect(stepHeading(applicant, 6)).toBeVisible();
  await applicant
    .getByRole('checkbox', { name: "J'atteste de l'exactitude des informations fournies" })
    .check();
  await applicant.getByRole('button', { name: 'Terminer' }).click();
  await expect(applicant).toHaveURL(new RegExp(`/dossiers/${publicId}$`), { timeout: 30_000 });
  await expectState(applicant, 'Complétude réalisée');

  // 4. The instructor decides: favourable, one order recipient.
  await instructor.reload();
  await expectState(instructor, 'Complétude réalisée');
  const decision = await openFavourableDecision(instructor);
  const recipient = uniqueEmail('destinataire-arrete');
  await addOrderRecipient(decision, recipient, 'Service des réseaux');
  await expectNoSeriousA11yViolations(instructor, testInfo, 'la décision');
  await decision.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(instructor, 'La décision a été enregistrée.')).toBeVisible();
  await expect(decision).toBeHidden();

  // The order: who signs it asked, the instructor proposed (docs/acts.md « Signatory »); generated,
  // its DOCX and PDF downloaded.
  await actionBar(instructor).getByRole('button', { name: "Générer l'arrêté" }).click();
  const generation = instructor.getByRole('dialog', { name: "Générer l'arrêté" });
  await expect(generation.getByLabel('Signataire').locator('option:checked')).toHaveText(INSTRUCTEUR_NAME);
  await expectNoSeriousA11yViolations(instructor, testInfo, "la génération de l'arrêté");
  await generation.getByRole('button', { name: 'Générer', exact: true }).click();
  const order = instructor.getByRole('region', { name: 'Arrêté' });
  const docxLink = order.getByRole('link', { name: "Télécharger l'arrêté (DOCX)" });
  const pdfLink = order.getByRole('link', { name: "Télécharger l'arrêté (PDF)" });
  await expect(docxLink).toBeVisible({ timeout: 60_000 });
  await expect(pdfLink).toBeVisible();
  // Generated from 9: the request is back in instruction (3).
  await expectState(instructor, 'Transférée pour instruction');
  const [docxDownload] = await Promise.all([instructor.waitForEvent('download'), docxLink.click()]);
  const docx = await downloaded(docxDownload);
  expect(isZip(docx), 'le DOCX est une archive zip').toBe(true);
  const documentXml = readZipEntry(docx, 'word/document.xml');
  expect(documentXml, 'word/document.xml dans le DOCX').not.toBeNull();
  expect(documentXml!.toString('utf8')).toContain(String(id));
  expect(documentXml!.toString('utf8'), 'le signataire sous la signature').toContain(INSTRUCTEUR_NAME);
  const [pdfDownload] = await Promise.all([instructor.waitForEvent('download'), pdfLink.click()]);
  expect((await downloaded(pdfDownload)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // 5. Signature: sent, then the signed PDF uploaded.
  await actionBar(instructor).getByRole('button', { name: 'Envoyer en signature' }).click();
  await expect(toast(instructor, "L'arrêté a été envoyé en signature.")).toBeVisible();
  await expectState(instructor, 'En signature');
  await actionBar(instructor).getByRole('button', { name: "Déposer l'arrêté signé" }).click();
  const signed = instructor.getByRole('dialog', { name: "Déposer l'arrêté signé" });
  await signed.getByLabel('Arrêté signé (PDF)').setInputFiles(pdfFile('arrete-signe.pdf'));
  await signed.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(toast(instructor, "L'arrêté signé a été enregistré.")).toBeVisible();
  await expect(signed).toBeHidden();
  await expectState(instructor, 'En attente de réception');

  // 6. The signed order, attached, to the applicant and to the order's recipient.
  const subject = `Arrêté signé — demande n° ${String(id)}`;
  expectSignedOrderAttached(await waitForSubject(DEMO.demandeur.email, subject), id);
  expectSignedOrderAttached(await waitForSubject(recipient, subject), id);

  // 7. The cerfa 14023 view and its PDF.
  await instructor.goto(`/cerfa/14023/${publicId}`);
  await expect(instructor.getByRole('heading', { level: 1, name: 'Formulaire Cerfa n°14023' })).toBeVisible();
  await expect(instructor.getByText(heading, { exact: true })).toBeVisible();
  const cerfaPdfUrl = await openedWindowUrl(instructor, /\/api\/request\/[^/]+\/pdf\/14023\/file/, () =>
    instructor.getByRole('button', { name: 'Imprimer' }).click(),
  );
  const cerfaPdf = await instructor.request.get(cerfaPdfUrl);
  expect(cerfaPdf.status()).toBe(200);
  expect(cerfaPdf.headers()['content-type']).toContain('application/pdf');
  expect((await cerfaPdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await waitForIdle(instructor);
  await instructorContext.close();
});
