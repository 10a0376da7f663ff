import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import PizZip from 'pizzip';
import { afterAll, beforeAll, expect } from 'vitest';
import { VALUE_LABELS } from '@voirie/domain';
import { pdfNamed, sendParts } from './filing-helpers.ts';
import type { TestApp } from './test-app.ts';
import { DEFAULT_LETTERS } from '../src/orders/default-letters.ts';
import { DEFAULT_ORDERS, DEFAULT_TRAFFIC_ORDER } from '../src/orders/default-orders.ts';
import { buildDocx, signature, SIGNATORY, type Paragraph } from '../src/orders/docx-builder.ts';

/** The applicant of the order tests' requests: a private person living in Dax. */
export const DAX_APPLICANT = {
  title: 'Madame',
  firstName: 'Marie',
  lastName: 'Durand',
  addressNum: '3',
  addressType: 'Allée',
  addressName: 'des Chênes',
  addressPostalCode: '40100',
  addressCity: 'Dax',
};

/** The text of a .docx: its paragraphs, tags stripped, one per line. */
export function docxText(docx: Buffer): string {
  const xml = new PizZip(docx).file('word/document.xml')!.asText();
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * PATH without the directories holding LibreOffice (`soffice`): the PDF converter looks it up at
 * each conversion, so a test that sets it merges letters without converting them (seconds each).
 */
export async function pathWithoutLibreOffice(pathVariable = process.env.PATH ?? ''): Promise<string> {
  const kept: string[] = [];
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const hasOffice = await access(path.join(dir, 'soffice'), constants.X_OK).then(
      () => true,
      () => false,
    );
    if (!hasOffice) kept.push(dir);
  }
  return kept.join(path.delimiter);
}

/** PATH without LibreOffice from the file's first test, put back after its last. */
export function withoutLibreOfficeInFile() {
  let savedPath: string | undefined;
  beforeAll(async () => {
    savedPath = process.env.PATH;
    process.env.PATH = await pathWithoutLibreOffice();
  });
  afterAll(() => {
    if (savedPath !== undefined) process.env.PATH = savedPath;
  });
}

/** The codes of the label table: values a reader could not read as such (not their label's words). */
const CODES = Object.entries(VALUE_LABELS).flatMap(([field, coded]) =>
  coded.options
    .filter((option) => typeof option.value === 'string')
    .map((option) => ({ field, value: String(option.value), label: option.label }))
    .filter((option) => !option.label.toLowerCase().includes(option.value.toLowerCase())),
);

/**
 * A merged order or letter reads as French: no tag left, no code, boolean, field name or
 * snake_case name — every coded value printed by its label (orders-wording.test.ts).
 */
export function expectNoCode(text: string, what: string) {
  expect(text, what).not.toMatch(/[{}]/);
  expect(text, what).not.toMatch(/\b(true|false|null|undefined)\b/);
  expect(text, what).not.toMatch(/\b[a-z0-9]+(?:_[a-z0-9]+)+\b/);
  for (const code of CODES) {
    const escaped = code.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(text, `${what}: ${code.field} '${code.value}'`).not.toMatch(
      new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, 'u'),
    );
  }
}

/** POST request/{id}/signature/signed with a signed PDF in each of these fields (`file`, or one per act). */
export function postSignedOrders(
  t: TestApp,
  id: number,
  user: { headers: Record<string, string> },
  fields: readonly string[],
) {
  return sendParts(t, {
    method: 'POST',
    url: `/api/request/${String(id)}/signature/signed`,
    user,
    parts: fields.map((name) => ({
      name,
      content: pdfNamed(`${name} signé ${String(id)}`),
      filename: `${name}.pdf`,
      type: 'application/pdf',
    })),
  });
}

/** The text of a request's generated order (its DOCX, document type 93). */
export async function orderText(t: TestApp, requestId: number): Promise<string> {
  const { storageKey } = await t.database.db
    .selectFrom('document')
    .select('storageKey')
    .where('requestId', '=', requestId)
    .where('typeDocumentId', '=', 93)
    .executeTakeFirstOrThrow();
  return docxText((await t.ctx.filing.store.read(storageKey))!);
}

/** The defaults that are acts, signed by the signatory chosen at generation (docs/acts.md « Signatory »). */
export const ACT_DEFAULT_KEYS = [1, 2, 3, 4, 5, 6, 'arrete_circulation'] as const;

/**
 * The default of an act as the portal wrote it before the signatory was printed: « Le Président, »
 * where its names and « Fonction » now stand — an untouched template of an earlier version.
 */
export async function defaultBeforeSignatory(key: (typeof ACT_DEFAULT_KEYS)[number]): Promise<Buffer> {
  const today: readonly Paragraph[] =
    key === 'arrete_circulation'
      ? DEFAULT_TRAFFIC_ORDER
      : key === 6
        ? DEFAULT_LETTERS[6]
        : DEFAULT_ORDERS[key];
  const at = today.indexOf(SIGNATORY[0]!);
  expect(at, `modele ${String(key)}`).toBeGreaterThan(0);
  return buildDocx([
    ...today.slice(0, at),
    signature('Le Président,'),
    ...today.slice(at + SIGNATORY.length),
  ]);
}
