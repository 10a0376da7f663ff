import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ZIP_MESSAGES } from '@voirie/domain';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { filesUnder, sendParts, type Part } from './filing-helpers.ts';
import { deflatedZeros, docxBomb, docxEntries, zipOf } from './zip-helpers.ts';

// Point 7: "an XLSX zip bomb into the library and a DOCX zip bomb as an edited order".
// Every upload of an office file — a library document, an edited order, a template — has its zip
// directory checked before anything stores, opens or converts it; refused in French.

const t = testAppForFile({}, { dataDir: 'zip-bombs' });
const { admin, instructor } = accountsForFile(t, { admin: ['ROLE_ADMIN'], instructor: ['ROLE_INSTRUCTEUR'] });

const send = (method: 'POST' | 'PUT', url: string, user: TestUser, parts: readonly Part[]) =>
  sendParts(t, { method, url, user, parts });
const stored = () => filesUnder(path.join(t.config.dataDir, 'files'));
const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

/** A spreadsheet whose one sheet declares 40 MB from a 40 KB kernel (1,000 times its size). */
const XLSX_BOMB = zipOf([
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
  { name: 'xl/worksheets/sheet1.xml', deflated: deflatedZeros(40), declaredSize: 40 * 1024 * 1024 },
]);
/** A Word document whose styles declare 1 KB and inflate to 5 MB. */
const LYING_DOCX = zipOf([
  ...docxEntries(),
  { name: 'word/styles.xml', deflated: deflatedZeros(5), declaredSize: 1024 },
]);

describe('the documents library', () => {
  test('an XLSX zip bomb is refused, nothing stored', async () => {
    const before = await stored();
    const res = await send('POST', '/api/library', admin, [
      { name: 'title', content: 'Tarifs' },
      { name: 'category', content: 'autre' },
      { name: 'file', content: XLSX_BOMB, filename: 'tarifs.xlsx' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(ZIP_MESSAGES.overCompressed('xl/worksheets/sheet1.xml'));
    expect(await stored()).toEqual(before);
    expect(await t.database.db.selectFrom('libraryDocument').select('id').execute()).toEqual([]);
  });

  test('a Word document that lies about its sizes is refused', async () => {
    const res = await send('POST', '/api/library', admin, [
      { name: 'title', content: 'Guide' },
      { name: 'category', content: 'guide' },
      { name: 'file', content: LYING_DOCX, filename: 'guide.docx' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(ZIP_MESSAGES.inconsistent);
  });
});

describe('the edited order', () => {
  test('a DOCX zip bomb is refused before it is stored or converted', async () => {
    const request = await createRequest(t.database.db, { state: 3, instructeurId: instructor.id });
    const cerfa = await t.database.db
      .insertInto('cerfa14023')
      .values({ isFavorable: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('request')
      .set({ cerfa14023Id: cerfa.id })
      .where('id', '=', request.id)
      .execute();
    const before = await stored();
    const res = await send('PUT', `/api/request/${String(request.id)}/order`, instructor, [
      { name: 'file', content: docxBomb(), filename: 'arrete.docx' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toContain('Une fois décompressé, le fichier ferait 110 Mo : 100 Mo au plus.');
    expect(await stored()).toEqual(before);
    const orders = await t.database.db
      .selectFrom('document')
      .select('id')
      .where('requestId', '=', request.id)
      .execute();
    expect(orders).toEqual([]);
  });
});

describe('the templates', () => {
  test('a DOCX zip bomb is refused before docxtemplater opens it; the template is unchanged', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/modele/1/file', headers: admin.headers }))
      .rawPayload;
    const res = await send('PUT', '/api/modele/1', admin, [
      { name: 'file', content: docxBomb(), filename: 'modele.docx' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toContain('Une fois décompressé, le fichier ferait 110 Mo : 100 Mo au plus.');
    const after = (await t.app.inject({ method: 'GET', url: '/api/modele/1/file', headers: admin.headers }))
      .rawPayload;
    expect(after.equals(before)).toBe(true);
  });
});
