import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { DEMO, DEMO_PASSWORD } from '../support/texts.ts';
import { fileNetworksRequest, signedPdfFile } from '../instruction/file-networks-request.ts';
import { INSTRUCTEUR, waitForSubject } from '../instruction/instruction-page.ts';

// The notification of an individual decision, proven end to end (docs/acts.md « Notification »):
// a permission is decided, generated, sent to signature and signed through the API (the browser
// journeys of instruction walk those dialogs); the applicant's decision mail carries the act's
// personal link; the applicant, signed in, opens it — the act, the appeal wording and its delay,
// the opening being the notification's proven date — and the instructor's register shows the act
// with its signature and its notification (« sur le portail »).

/** One API call of the instructor's session; fails the journey with the answer's body. */
async function expectOk(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), `${what} : ${String(response.status())} ${await response.text()}`).toBe(true);
}

test("notification d'un arrêté : le courriel de décision, l'ouverture par le demandeur, le registre", async ({
  page: applicant,
  browser,
}, testInfo) => {
  // 1. The applicant files a networks request (the API the wizard calls).
  await signIn(applicant, DEMO.demandeur.email, DEMO_PASSWORD);
  const filed = await fileNetworksRequest(applicant, {}, { site: 3 });
  test.skip(filed === null, 'pas de géographie de démonstration');
  const { id, publicId } = filed!;

  // 2. The instructor decides, generates, sends to signature and records the signed order.
  const instructorContext = await browser.newContext();
  const instructor = await instructorContext.newPage();
  await signIn(instructor, INSTRUCTEUR, DEMO_PASSWORD);
  const api = instructor.request;
  const base = `/api/request/${String(id)}`;
  await expectOk('décision', await api.put(`${base}/decision`, { data: { isFavorable: true } }));
  // Merged, then converted to PDF by LibreOffice: the journey's longest step.
  await expectOk('arrêté', await api.post(`${base}/order`, { data: {}, timeout: 60_000 }));
  await expectOk('envoi en signature', await api.post(`${base}/signature`));
  await expectOk(
    'arrêté signé',
    await api.post(`${base}/signature/signed`, {
      multipart: { file: signedPdfFile(`arrete-signe-notification-${String(id)}.pdf`) },
    }),
  );

  // 3. The decision mail to the applicant's account: the act's personal link and the appeal.
  const mail = await waitForSubject(DEMO.demandeur.email, `Arrêté signé — demande n° ${String(id)}`);
  const link = /https?:\/\/[^\s"<>]+(\/notification\/([A-Z0-9_]+))/.exec(mail.text);
  expect(link, `lien /notification/ dans :\n${mail.text}`).not.toBeNull();
  const [, path, number] = link as unknown as [string, string, string];
  expect(mail.text).toContain('tribunal administratif de Pau');

  // 4. The applicant opens it: the act, the acknowledgement, the appeal and its delay.
  await applicant.goto(path);
  await expect(
    applicant.getByRole('heading', { level: 1, name: `Arrêté de permission de voirie n° ${number}` }),
  ).toBeVisible();
  await expect(applicant.getByText(/^Vous avez pris connaissance de cette décision le /)).toBeVisible();
  const appeal = applicant.getByRole('region', { name: 'Voies et délais de recours' });
  await expect(appeal.getByText(/^Délai de recours : jusqu'au \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(appeal.getByText(/tribunal administratif de Pau/)).toBeVisible();
  // The day shown is the one the API computes from the proven date.
  const notifications = (await (await applicant.request.get(`${base}/notifications`)).json()) as {
    data: { number: string; appealUntil: string | null; mode: string | null }[];
  };
  const proven = notifications.data.find((act) => act.number === number);
  expect(proven?.mode).toBe('portal');
  const [year, month, day] = (proven?.appealUntil ?? '').split('-');
  await expect(appeal.getByText(`Délai de recours : jusqu'au ${day!}/${month!}/${year!}`)).toBeVisible();
  await expect(applicant.getByRole('link', { name: "Ouvrir l'acte signé (PDF)" })).toBeVisible();
  await expectNoSeriousA11yViolations(applicant, testInfo, "la page de notification d'un acte");

  // 5. The instructor's register: the act, its signature and its notification on the portal.
  const detail = (await (await api.get(`/api/request/${publicId}`)).json()) as {
    data: { addressCity: string };
  };
  await instructor.goto('/registre');
  await instructor.getByLabel('Commune').selectOption({ label: detail.data.addressCity });
  const row = instructor
    .getByRole('table', { name: /^Registre des actes : \d+ actes?$/ })
    .getByRole('row')
    .filter({ has: instructor.getByRole('rowheader', { name: number, exact: true }) });
  await expect(row.getByRole('link', { name: `Demande n° ${String(id)}`, exact: true })).toBeVisible();
  const cells = row.getByRole('cell');
  // Nature, subject, town, signed at, signatory, recorded by, notification, prefecture, links.
  await expect(cells.nth(3)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(cells.nth(6)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(sur le portail\)$/);
  await instructorContext.close();
});
