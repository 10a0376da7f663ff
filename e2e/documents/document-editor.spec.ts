import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, toast, uniqueEmail } from '../support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { KIND, STATE } from '../support/domain-names.ts';
import { DEMO_PASSWORD } from '../support/texts.ts';
import { readZipEntry } from '../support/zip.ts';
import { addOrderRecipient, openFavourableDecision } from '../support/decision.ts';
import { generateOrders } from '../instruction/instruction-page.ts';

// Orders and letters edited in the portal (docs/api-instruction.md "Editing in the portal",
// ADR 0016): the instructor generates an order, opens it in the portal's editor, changes a
// sentence and saves; the stored DOCX (read back) and its PDF (pdftotext) carry the change and
// every merged field of the template. The same for a formal notice. Axe with the editor open.

// Two orders and two letters converted by LibreOffice, the editor's code loaded once.
test.describe.configure({ timeout: 180_000 });

const INSTRUCTEUR = 'instructeur@exemple.fr';

interface Versions {
  docx: { id: number } | null;
  pdf: { id: number } | null;
}

/** The text of a DOCX's body, one paragraph a line (tags stripped, entities decoded). */
function docxText(docx: Buffer): string {
  const xml = readZipEntry(docx, 'word/document.xml')?.toString('utf8') ?? '';
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<w:tab\/>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Spaces collapsed: a PDF's text breaks lines where the page does. */
const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim();

async function fileOf(page: Page, documentId: number): Promise<Buffer> {
  const res = await page.request.get(`/api/document/${String(documentId)}/file`);
  expect(res.ok(), `GET document/${String(documentId)}/file : ${String(res.status())}`).toBe(true);
  return Buffer.from(await res.body());
}

/** The PDF's text as pdftotext reads it (poppler-utils). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

/** The lines of the DOCX's text that carry words, for comparing two versions. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /\p{L}/u.test(line));

/**
 * A demo networks permission in this state without an alignment asked with it (one decision),
 * the newest first — the other journeys take the oldest — through the list the page reads.
 */
async function requestInState(page: Page, stateId: number): Promise<{ id: number; publicId: string }> {
  const query = new URLSearchParams({
    type: String(KIND.NETWORKS),
    numItemsPerPage: '50',
    searchSort: 'id',
    searchDir: 'desc',
    searchFilter: JSON.stringify({ stateId }),
  });
  const listed = await page.request.get(`/api/request?${query.toString()}`);
  expect(listed.ok()).toBe(true);
  const rows = (
    (await listed.json()) as {
      data: { id: number; publicId: string; stateId: number; alignementId: number | null }[];
    }
  ).data;
  const row = rows.find((candidate) => candidate.stateId === stateId && candidate.alignementId === null);
  expect(row, `une permission de réseaux dans l'état ${String(stateId)}`).toBeDefined();
  return row!;
}

/** The editor dialog: the document's text typed into after `anchor`, then 'Enregistrer'. */
async function editAndSave(page: Page, dialog: Locator, anchor: string, sentence: string): Promise<void> {
  // The editor paints its pages apart from the dialog's tree: the text is found on the page.
  const line = page.getByText(anchor, { exact: true }).first();
  await expect(line).toBeVisible({ timeout: 30_000 });
  await line.click();
  await page.keyboard.press('End');
  await page.keyboard.type(` ${sentence}`);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
}

test('un arrêté et une mise en demeure modifiés dans l’éditeur du portail', async ({ page }, testInfo) => {
  await signIn(page, INSTRUCTEUR, DEMO_PASSWORD);
  const { id, publicId } = await requestInState(page, STATE.FILED);

  // 1. A favourable decision, then the order generated from its template.
  await page.goto(`/dossiers/${publicId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Demande n°${String(id)}` })).toBeVisible();
  const decision = await openFavourableDecision(page);
  await addOrderRecipient(decision, uniqueEmail('destinataire'), 'Service des réseaux');
  await decision.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'La décision a été enregistrée.')).toBeVisible();
  await generateOrders(page);
  const order = page.getByRole('region', { name: 'Arrêté' });
  // One order, or one per act when the request holds a traffic order (cerfa 14024).
  await expect(order.getByRole('link', { name: /^Télécharger l'arrêté.*\(PDF\)$/ }).first()).toBeVisible({
    timeout: 60_000,
  });
  const generated = (await (await page.request.get(`/api/request/${publicId}`)).json()) as {
    data: { order: Versions };
  };
  const originalDocx = await fileOf(page, generated.data.order.docx!.id);
  const originalText = docxText(originalDocx);

  // 2. Opened in the editor: a sentence added to the order's title, saved.
  await order
    .getByRole('button', { name: /^Modifier (l'arrêté de permission de voirie )?dans le portail$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Modifier : Arrêté de permission de voirie' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Arrêté portant permission de voirie', { exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSeriousA11yViolations(page, testInfo, "l'éditeur de l'arrêté");
  const orderSentence = 'Phrase ajoutée dans l’éditeur du portail.';
  await editAndSave(page, dialog, 'Vu le règlement de voirie en vigueur ;', orderSentence);
  await expect(toast(page, "L'arrêté a été modifié.")).toBeVisible();

  // 3. The stored DOCX and its PDF: the change, and every line the template merged.
  const saved = (await (await page.request.get(`/api/request/${publicId}`)).json()) as {
    data: { order: Versions };
  };
  expect(saved.data.order.docx!.id).not.toBe(generated.data.order.docx!.id);
  const savedDocx = await fileOf(page, saved.data.order.docx!.id);
  const savedText = docxText(savedDocx);
  expect(savedText).toContain(orderSentence);
  expect(savedText).not.toMatch(/[{}]/);
  for (const line of linesOf(originalText)) expect(squeezed(savedText)).toContain(squeezed(line));
  const pdf = pdfText(await fileOf(page, saved.data.order.pdf!.id));
  expect(squeezed(pdf)).toContain(squeezed(orderSentence));
  expect(squeezed(pdf)).toContain(String(id));
  // The layout that the round trip must keep: the tables, the section (page size, margins).
  for (const part of ['<w:tbl>', '<w:sectPr']) {
    const count = (xml: Buffer) =>
      (readZipEntry(xml, 'word/document.xml')?.toString('utf8') ?? '').split(part).length;
    expect(count(savedDocx), part).toBe(count(originalDocx));
  }

  // 4. The formal notice of a permission awaiting its reception, generated, edited the same way.
  const awaiting = await requestInState(page, STATE.AWAITING_RECEPTION);
  const drafted = await page.request.post(`/api/request/${String(awaiting.id)}/letters/formalNotice`, {
    data: {
      avis: 'refusé',
      dateVisite: '2026-12-22',
      motifRefus: ['joints', 'autre'],
      motifRefusTxt: 'Bordure abîmée',
      partieDomainePublic: ['Chaussée'],
    },
    // The DOCX and its PDF by LibreOffice: over the 10 s default on a busy 2-core machine.
    timeout: 60_000,
  });
  expect(drafted.ok(), `POST letters/formalNotice : ${String(drafted.status())}`).toBe(true);
  const notice = ((await drafted.json()) as { data: { letters: { formalNotice: Versions } } }).data.letters
    .formalNotice;
  const noticeText = docxText(await fileOf(page, notice.docx!.id));
  await page.goto(`/dossiers/${awaiting.publicId}`);
  const letter = page.getByRole('region', { name: 'Mise en demeure' });
  const noticeDialog = page.getByRole('dialog', { name: 'Modifier : Mise en demeure' });
  // Opened and read only (a click in the text moves the cursor, changes nothing): 'Fermer' closes at once.
  await letter.getByRole('button', { name: 'Modifier dans le portail' }).click();
  await page.getByText('Madame, Monsieur,', { exact: true }).first().click({ timeout: 30_000 });
  await noticeDialog.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(noticeDialog).toBeHidden();
  await letter.getByRole('button', { name: 'Modifier dans le portail' }).click();
  await expect(page.getByText('Madame, Monsieur,', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, testInfo, "l'éditeur de la mise en demeure");
  const noticeSentence = 'Un délai supplémentaire de huit jours vous est accordé.';
  await editAndSave(page, noticeDialog, 'Madame, Monsieur,', noticeSentence);
  await expect(toast(page, 'Le courrier a été modifié.')).toBeVisible();
  const after = (await (await page.request.get(`/api/request/${awaiting.publicId}`)).json()) as {
    data: { letters: { formalNotice: Versions } };
  };
  expect(after.data.letters.formalNotice.docx!.id).not.toBe(notice.docx!.id);
  const noticeSaved = docxText(await fileOf(page, after.data.letters.formalNotice.docx!.id));
  expect(noticeSaved).toContain(noticeSentence);
  expect(noticeSaved).not.toMatch(/[{}]/);
  for (const line of linesOf(noticeText)) expect(squeezed(noticeSaved)).toContain(squeezed(line));
  const noticePdf = squeezed(pdfText(await fileOf(page, after.data.letters.formalNotice.pdf!.id)));
  expect(noticePdf).toContain(squeezed(noticeSentence));
  expect(noticePdf).toContain('Bordure abîmée');
  expect(noticePdf).toContain(String(awaiting.id));
});
