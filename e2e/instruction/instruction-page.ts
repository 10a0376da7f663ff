import { readFile } from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { mailsTo } from '../support/mailbox.ts';
import type { StoredMail } from '../support/smtp-sink.ts';

// What the instruction journeys share: the request page's actions bar and state, the mails
// waited for by subject, the downloaded files.

export const INSTRUCTEUR = 'instructeur@exemple.fr';
/** The demo instructor's name, as « Signataire » offers it (no « Fonction » in the demo). */
export const INSTRUCTEUR_NAME = 'Julien Lafitte';

export function actionBar(page: Page): Locator {
  return page.getByRole('group', { name: 'Actions sur la demande' });
}

/**
 * « Générer l'arrêté »: its dialog asks who signs (docs/acts.md « Signatory »), the API's proposal
 * preselected; `signatory`, an option's text, chooses another. Answers the dialog, closed once
 * the orders are generated.
 */
export async function generateOrders(page: Page, signatory?: string): Promise<Locator> {
  await actionBar(page).getByRole('button', { name: "Générer l'arrêté" }).click();
  const dialog = page.getByRole('dialog', { name: "Générer l'arrêté" });
  if (signatory) await dialog.getByLabel('Signataire').selectOption({ label: signatory });
  await dialog.getByRole('button', { name: 'Générer', exact: true }).click();
  return dialog;
}

/** The 'État' value of the summary. */
export async function expectState(page: Page, state: string): Promise<void> {
  const summary = page.getByLabel('Résumé de la demande');
  await expect(summary.getByRole('definition').filter({ hasText: new RegExp(`^${state}$`) })).toBeVisible();
}

/** Waits for a mail to an address whose subject is exactly this one. */
export async function waitForSubject(address: string, subject: string): Promise<StoredMail> {
  let found: StoredMail | undefined;
  await expect
    .poll(
      async () => (found = (await mailsTo(address)).find((mail) => mail.subject === subject)) !== undefined,
      {
        message: `courriel « ${subject} » pour ${address}`,
        timeout: 20_000,
        intervals: [100, 250, 500],
      },
    )
    .toBe(true);
  return found!;
}

export async function downloaded(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** The names of the PDF files attached to a mail, each checked to be a PDF. */
export function attachedPdfs(mail: StoredMail): string[] {
  const pdfs = (mail.attachments ?? []).filter((attachment) => attachment.contentType === 'application/pdf');
  for (const pdf of pdfs)
    expect(Buffer.from(pdf.contentBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfs.map((pdf) => pdf.filename ?? '');
}
