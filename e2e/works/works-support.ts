import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { STATE } from '../support/domain-names.ts';
import { mailsTo } from '../support/mailbox.ts';
import type { StoredMail } from '../support/smtp-sink.ts';

// The works-phase journeys' helpers (docs/api-works.md): the permissions of the demo applicant
// in state 4 (apps/api/src/seed/demo-works.ts), the page's action bar and summary, photos as
// small but real image files, dates typed in the pickers, mails by their exact subject.

export const INSTRUCTEUR = 'instructeur@exemple.fr';
export const INSTRUCTEUR_NAME = 'Julien Lafitte';

/** A file for setInputFiles. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A permission of the demo applicant awaiting its reception (state 4). */
export interface WorksRequest {
  id: number;
  publicId: string;
  lon: number;
  lat: number;
}

/**
 * The signed-in applicant's permissions of this kind (1 networks, 3 access) in state 4 whose
 * instructor is the demo instructor, oldest first, through the list the page calls
 * (GET /api/request, docs/api-requests.md) and GET request/{id}/managers.
 */
export async function awaitingReception(page: Page, type: 1 | 3, count: number): Promise<WorksRequest[]> {
  const query = new URLSearchParams({
    type: String(type),
    numItemsPerPage: '250',
    searchSort: 'id',
    searchDir: 'asc',
    searchFilter: JSON.stringify({ stateId: STATE.AWAITING_RECEPTION }),
  });
  const listed = await page.request.get(`/api/request?${query.toString()}`);
  expect(listed.ok(), `GET /api/request : ${listed.status()}`).toBe(true);
  const rows = ((await listed.json()) as { data: { id: number; publicId: string; stateId: number }[] }).data;
  const found: WorksRequest[] = [];
  for (const row of rows) {
    if (row.stateId !== STATE.AWAITING_RECEPTION) continue;
    const managers = await page.request.get(`/api/request/${String(row.id)}/managers`);
    const instructor = ((await managers.json()) as { data: { instructor: { email: string } | null } }).data
      .instructor;
    if (instructor?.email !== INSTRUCTEUR) continue;
    const detail = await page.request.get(`/api/request/${String(row.id)}`);
    const { lon, lat } = ((await detail.json()) as { data: { lon: number; lat: number } }).data;
    found.push({ id: row.id, publicId: row.publicId, lon, lat });
    if (found.length === count) break;
  }
  expect(found.length, `permissions (type ${String(type)}) en attente de réception du demandeur`).toBe(count);
  return found;
}

export function actionBar(page: Page): Locator {
  return page.getByRole('group', { name: 'Actions sur la demande' });
}

/** The 'État' value of the summary. */
export async function expectState(page: Page, state: string): Promise<void> {
  const summary = page.getByLabel('Résumé de la demande');
  await expect(
    summary.getByRole('definition').filter({ hasText: new RegExp(`^${escapeRegExp(state)}$`) }),
  ).toBeVisible();
}

/**
 * A file input by its label: exactly this text, the required asterisk aside (getByLabel reads
 * the label's text, asterisk included).
 */
export function fileInput(scope: Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}[\\s*]*$`));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Opens the request's page and waits for its heading. */
export async function openRequest(page: Page, request: WorksRequest, heading?: string): Promise<void> {
  await page.goto(`/dossiers/${request.publicId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: heading ?? `Demande n°${String(request.id)}` }),
  ).toBeVisible();
}

/**
 * Waits for the `count`-th mail to an address whose subject is exactly this one (the same
 * subject may come back: a second proposal, a second reception request).
 */
export async function waitForSubject(address: string, subject: string, count = 1): Promise<StoredMail> {
  let found: StoredMail[] = [];
  await expect
    .poll(async () => (found = (await mailsTo(address)).filter((mail) => mail.subject === subject)).length, {
      message: `courriel n° ${String(count)} « ${subject} » pour ${address}`,
      timeout: 20_000,
      intervals: [100, 250, 500],
    })
    .toBeGreaterThanOrEqual(count);
  return found[count - 1]!;
}

/** How many mails to an address carry this subject now. */
export async function countSubject(address: string, subject: string): Promise<number> {
  return (await mailsTo(address)).filter((mail) => mail.subject === subject).length;
}

/** The attachments of a mail, by file name. */
export function attachmentNames(mail: StoredMail): string[] {
  return (mail.attachments ?? []).map((attachment) => attachment.filename);
}

/** The attachment named so, decoded. */
export function attachment(mail: StoredMail, filename: string): Buffer {
  const found = (mail.attachments ?? []).find((candidate) => candidate.filename === filename);
  expect(
    found,
    `pièce jointe ${filename} de « ${mail.subject} » (${attachmentNames(mail).join(', ')})`,
  ).toBeTruthy();
  return Buffer.from(found!.contentBase64, 'base64');
}

/** A letter attached as the portal mails it: its PDF when LibreOffice made one, else its DOCX. */
export function expectLetterAttached(mail: StoredMail, stem: string, requestId: number): void {
  const names = attachmentNames(mail);
  const pdf = `${stem}-${String(requestId)}.pdf`;
  const docx = `${stem}-${String(requestId)}.docx`;
  expect(names.includes(pdf) || names.includes(docx), `${pdf} ou ${docx} joint à « ${mail.subject} »`).toBe(
    true,
  );
  if (names.includes(pdf)) expect(attachment(mail, pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  else expect(attachment(mail, docx).subarray(0, 2).toString('latin1')).toBe('PK');
}

// --- Photos -----------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small but real 48×32 RGB PNG, its grey set by `shade`: each photo is its own content. */
export function pngPhoto(name: string, shade: number): UploadFile {
  const [width, height] = [48, 32];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const value = y > 24 ? 230 : (shade + x + y) % 256;
      raw.fill(value, row + 1 + x * 3, row + 4 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A small but real JPEG, encoded by the browser itself (a canvas), its colour set by `hue`. */
export async function jpegPhoto(page: Page, name: string, hue: number): Promise<UploadFile> {
  const base64 = await page.evaluate(async (hueValue) => {
    const canvas = new OffscreenCanvas(64, 48);
    const context = canvas.getContext('2d')!;
    context.fillStyle = `hsl(${String(hueValue)} 15% 40%)`;
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = '#eeeeee';
    context.fillRect(0, 38, 64, 3);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
    let binary = '';
    for (const byte of new Uint8Array(await blob.arrayBuffer())) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, hue);
  const buffer = Buffer.from(base64, 'base64');
  expect(buffer.subarray(0, 3).toString('hex'), 'JPEG produit par le navigateur').toBe('ffd8ff');
  return { name, mimeType: 'image/jpeg', buffer };
}

// --- Dates ------------------------------------------------------------------------------------

const PARIS_PARTS = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A day `days` from now, at hour:minute Paris time, as the pickers show it: 'DD/MM/YYYY HH:mm'. */
export function parisDateTime(days: number, hour: number, minute = 0): string {
  const day = new Date(Date.now() + days * 86_400_000);
  const parts = Object.fromEntries(PARIS_PARTS.formatToParts(day).map((part) => [part.type, part.value]));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${parts.day!}/${parts.month!}/${parts.year!} ${pad(hour)}:${pad(minute)}`;
}

/** Types a date or a date and time into a picker's field, from its first section. */
export async function typeInPicker(scope: Page | Locator, page: Page, label: string, text: string) {
  const group = scope.getByRole('group', { name: label, exact: true });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(text.replace(/\D/g, ''));
}
