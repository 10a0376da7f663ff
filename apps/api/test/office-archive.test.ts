import { open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZIP_MESSAGES } from '@voirie/domain';
import { officeArchiveRefusal } from '../src/files/office-archive.ts';
import { readZipDirectory } from '../src/files/zip-directory.ts';
import { buildDocx } from '../src/orders/docx-builder.ts';
import { tempDataDir } from './filing-helpers.ts';
import { deflatedZeros, docxBomb, docxEntries, zipOf } from './zip-helpers.ts';

// The zip-bomb checks of office files, on zips written byte by byte (zip-helpers.ts)
// and on the Word documents the portal itself writes.

const MB = 1024 * 1024;
let dir: string;
let sequence = 0;

beforeAll(async () => {
  dir = await tempDataDir('office-archive');
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function saved(bytes: Buffer): Promise<string> {
  sequence += 1;
  const file = path.join(dir, `zip-${String(sequence)}`);
  await writeFile(file, bytes);
  return file;
}

async function directoryOf(bytes: Buffer, maxEntries = 10_000) {
  const file = await open(await saved(bytes), 'r');
  try {
    return await readZipDirectory(file, bytes.length, maxEntries);
  } finally {
    await file.close();
  }
}

describe('the central directory, read without inflating', () => {
  test("pizzip's own zips (stored and deflated): names and sizes as pizzip reads them", async () => {
    const zip = new PizZip();
    zip.file('word/document.xml', '<w:document>'.padEnd(5000, 'x'));
    zip.file('docProps/app.xml', 'é'.repeat(40));
    for (const compression of ['STORE', 'DEFLATE'] as const) {
      const bytes = zip.generate({ type: 'nodebuffer', compression });
      const directory = await directoryOf(bytes);
      expect(directory && 'entries' in directory).toBe(true);
      const entries = directory && 'entries' in directory ? directory.entries : [];
      expect(entries.map((entry) => [entry.name, entry.uncompressedSize])).toEqual([
        ['word/document.xml', 5000],
        ['docProps/app.xml', 80],
      ]);
      expect(entries.map((entry) => entry.name)).toEqual(Object.keys(new PizZip(bytes).files));
      expect(entries[0]!.method).toBe(compression === 'STORE' ? 0 : 8);
      expect(await officeArchiveRefusal(await saved(bytes))).toBeNull();
    }
  });

  test('ZIP64 records and extra fields; a comment after the end record', async () => {
    const bytes = zipOf([{ name: 'a.xml', data: Buffer.alloc(3000, 0x61) }, ...docxEntries()], {
      zip64: true,
      comment: 'écrit à la main',
    });
    const directory = await directoryOf(bytes);
    const entries = directory && 'entries' in directory ? directory.entries : [];
    expect(entries.map((entry) => [entry.name, entry.uncompressedSize])).toEqual([
      ['a.xml', 3000],
      ['[Content_Types].xml', 8],
      ['word/document.xml', 34],
    ]);
    expect(entries[1]!.localHeaderOffset).toBeGreaterThan(0);
    expect(await officeArchiveRefusal(await saved(bytes))).toBeNull();
  });

  test('too many entries: only the declared count is read', async () => {
    const bytes = zipOf(
      Array.from({ length: 12 }, (_, index) => ({ name: `f${String(index)}`, data: Buffer.from('x') })),
    );
    expect(await directoryOf(bytes, 10)).toEqual({ tooMany: 12 });
  });

  test('not a zip, or cut short: no directory', async () => {
    const whole = zipOf(docxEntries());
    expect(await directoryOf(Buffer.from('PK\x03\x04 pas une archive'))).toBeNull();
    expect(await directoryOf(whole.subarray(0, whole.length - 10))).toBeNull();
  });
});

describe('officeArchiveRefusal', () => {
  test("the portal's own Word documents pass", async () => {
    const docx = await buildDocx(['Arrêté n° {numero}']);
    expect(await officeArchiveRefusal(await saved(docx))).toBeNull();
  });

  test('a bomb declaring 110 MB once inflated is refused, in French', async () => {
    expect(await officeArchiveRefusal(await saved(docxBomb()))).toBe(
      'Une fois décompressé, le fichier ferait 110 Mo : 100 Mo au plus.',
    );
  });

  test('an entry of 5 MB inflating 1,000 times its size is refused', async () => {
    const bytes = zipOf([
      ...docxEntries(),
      { name: 'word/media/image1.png', deflated: deflatedZeros(5), declaredSize: 5 * MB },
    ]);
    expect(await officeArchiveRefusal(await saved(bytes))).toBe(
      ZIP_MESSAGES.overCompressed('word/media/image1.png'),
    );
  });

  test('more than 10,000 entries is refused', async () => {
    const bytes = zipOf(
      Array.from({ length: 10_001 }, (_, index) => ({
        name: String(index),
        data: Buffer.alloc(0),
        stored: true,
      })),
    );
    expect(await officeArchiveRefusal(await saved(bytes))).toBe(ZIP_MESSAGES.tooManyEntries(10_001));
  });

  test('an entry that lies about its size is caught by inflating it as a stream', async () => {
    // Declares 1 KB, holds 5 MB: pizzip would inflate it all in memory before comparing.
    const bytes = zipOf([
      ...docxEntries(),
      { name: 'word/styles.xml', deflated: deflatedZeros(5), declaredSize: 1024 },
    ]);
    expect(await officeArchiveRefusal(await saved(bytes))).toBe(ZIP_MESSAGES.inconsistent);
  });

  test('an unreadable zip is refused', async () => {
    expect(await officeArchiveRefusal(await saved(Buffer.from('PK\x03\x04 rien de plus')))).toBe(
      ZIP_MESSAGES.inconsistent,
    );
  });
});
