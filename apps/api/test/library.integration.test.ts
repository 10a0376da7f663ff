import { createHash, randomBytes } from 'node:crypto';
import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import type { LibraryDocument } from '@voirie/domain';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { EXE, PDF, PNG, filesUnder, multipart } from './filing-helpers.ts';

// The documents library (docs/api-library.md): every signed-in user lists and
// downloads; administrators add (PDF and office formats, checked by content, within
// UPLOAD_MAX_BYTES) and delete; files in the content-addressed store, row and history together.

const MAX_BYTES = 64 * 1024;
const t = testAppForFile({ UPLOAD_MAX_BYTES: String(MAX_BYTES) }, { dataDir: 'library' });
const { admin, instructor, applicant } = accountsForFile(t, {
  admin: ['ROLE_ADMIN'],
  instructor: ['ROLE_INSTRUCTEUR'],
  applicant: ['ROLE_DEMANDEUR'],
});
const db = () => t.database.db;

function zipOf(entries: Record<string, string>): Buffer {
  const zip = new PizZip();
  for (const [name, content] of Object.entries(entries)) zip.file(name, content);
  return zip.generate({ type: 'nodebuffer' });
}
const DOCX = zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
const XLSX = zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
const ODT = zipOf({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<office/>' });
const PLAIN_ZIP = zipOf({ 'lisezmoi.txt': 'bonjour' });

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const add = (
  user: TestUser | null,
  file: { content: Buffer; filename: string } | null,
  fields: { title?: string; category?: string } = {
    title: 'Règlement de voirie',
    category: 'reglementation',
  },
) => {
  const body = multipart([
    ...(fields.title === undefined ? [] : [{ name: 'title', content: fields.title }]),
    ...(fields.category === undefined ? [] : [{ name: 'category', content: fields.category }]),
    ...(file ? [{ name: 'file', content: file.content, filename: file.filename }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/library',
    payload: body.payload,
    headers: { ...body.headers, ...(user?.headers ?? {}) },
  });
};
const get = (url: string, user: TestUser | null) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const remove = (id: number, user: TestUser | null) =>
  t.app.inject({ method: 'DELETE', url: `/api/library/${String(id)}`, headers: user?.headers ?? {} });

async function snapshot() {
  const [rows, history] = await Promise.all([
    db().selectFrom('libraryDocument').select(['id']).execute(),
    db().selectFrom('historyLog').select('id').where('entity', '=', 'library').execute(),
  ]);
  return {
    rows: rows.length,
    history: history.length,
    files: (await filesUnder(`${t.config.dataDir}/files`)).length,
  };
}

describe('the library', () => {
  test('an administrator adds a PDF; every signed-in user lists and downloads it', async () => {
    const content = Buffer.concat([PDF, randomBytes(32)]);
    const res = await add(admin, { content, filename: 'Règlement voirie 2026.pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json<{ message: string; data: LibraryDocument }>();
    expect(added.message).toBe('Document ajouté.');
    expect(added.data).toMatchObject({
      title: 'Règlement de voirie',
      category: 'reglementation',
      fileName: 'Règlement voirie 2026.pdf',
      mimeType: 'application/pdf',
      size: content.length,
    });
    const row = await db()
      .selectFrom('libraryDocument')
      .selectAll()
      .where('id', '=', added.data.id)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha(content));
    expect(await filesUnder(`${t.config.dataDir}/files`)).toContain(
      `${row.sha256.slice(0, 2)}/${row.sha256}`,
    );
    const history = await db()
      .selectFrom('historyLog')
      .selectAll()
      .where('entity', '=', 'library')
      .where('entityId', '=', added.data.id)
      .execute();
    expect(history.map((entry) => [entry.context, entry.userId])).toEqual([
      ['Document ajouté à la bibliothèque', admin.id],
    ]);

    for (const user of [applicant, instructor, admin]) {
      const list = await get('/api/library', user);
      expect(list.statusCode).toBe(200);
      expect(list.json<{ data: LibraryDocument[] }>().data.map((item) => item.id)).toContain(added.data.id);
      const file = await get(`/api/library/${String(added.data.id)}/file`, user);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(content)).toBe(true);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('attachment;');
      expect(file.headers['content-disposition']).toContain(encodeURIComponent('Règlement voirie 2026.pdf'));
    }
  });

  test('office formats are recognised by their content; the name takes the right extension', async () => {
    const cases = [
      {
        content: DOCX,
        filename: 'formulaire.docx',
        mimeType: 'vnd.openxmlformats-officedocument.wordprocessingml',
      },
      { content: XLSX, filename: 'tarifs.xlsx', mimeType: 'spreadsheetml.sheet' },
      { content: ODT, filename: 'demande.bin', mimeType: 'application/vnd.oasis.opendocument.text' },
    ];
    for (const item of cases) {
      const res = await add(admin, item, { title: `Formulaire ${item.filename}`, category: 'formulaire' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ data: LibraryDocument }>().data.mimeType).toContain(item.mimeType);
    }
    const list = (await get('/api/library', applicant)).json<{ data: LibraryDocument[] }>().data;
    expect(list.find((item) => item.title === 'Formulaire demande.bin')?.fileName).toBe('demande.odt');
    // Listed by category in the domain's order: regulations before blank forms.
    const categories = list.map((item) => item.category);
    expect(categories.indexOf('reglementation')).toBeLessThan(categories.indexOf('formulaire'));
  });

  test('refused, with nothing written: other contents, an empty form, a file over the limit', async () => {
    const before = await snapshot();
    const refusals: [Awaited<ReturnType<typeof add>>, number, string][] = [
      [
        await add(admin, { content: PNG, filename: 'plan.pdf' }),
        400,
        'ne correspond pas à un format accepté',
      ],
      [await add(admin, { content: EXE, filename: 'guide.pdf' }), 400, 'Formats acceptés : PDF, Word (DOCX)'],
      [await add(admin, { content: PLAIN_ZIP, filename: 'guide.docx' }), 400, 'ne correspond pas'],
      [await add(admin, null), 400, 'Veuillez joindre un fichier.'],
      [
        await add(admin, { content: PDF, filename: 'a.pdf' }, { title: ' ' }),
        400,
        'Veuillez choisir une catégorie.',
      ],
      [
        await add(admin, { content: Buffer.concat([PDF, randomBytes(MAX_BYTES)]), filename: 'gros.pdf' }),
        413,
        'Le fichier dépasse la taille maximale',
      ],
    ];
    for (const [res, status, text] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toContain(text);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('only administrators add and delete; nobody reads without a session', async () => {
    const before = await snapshot();
    const { id } = await db().selectFrom('libraryDocument').select('id').executeTakeFirstOrThrow();
    for (const user of [applicant, instructor]) {
      expect((await add(user, { content: PDF, filename: 'a.pdf' })).statusCode).toBe(403);
      expect((await remove(id, user)).statusCode).toBe(403);
    }
    expect((await add(null, { content: PDF, filename: 'a.pdf' })).statusCode).toBe(401);
    expect((await get('/api/library', null)).statusCode).toBe(401);
    expect((await get(`/api/library/${String(id)}/file`, null)).statusCode).toBe(401);
    expect((await remove(id, null)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  test('deleting removes the row, writes the history and drops the file nothing else names', async () => {
    const own = Buffer.concat([PDF, randomBytes(40)]);
    const shared = Buffer.concat([PDF, randomBytes(40)]);
    const ownId = (await add(admin, { content: own, filename: 'seul.pdf' })).json<{ data: LibraryDocument }>()
      .data.id;
    const sharedId = (await add(admin, { content: shared, filename: 'partage.pdf' })).json<{
      data: LibraryDocument;
    }>().data.id;
    // The same content attached to a request: the store keeps it for the request.
    const request = await createRequest(db());
    await db()
      .insertInto('document')
      .values({
        requestId: request.id,
        typeDocumentId: 18,
        name: 'partage.pdf',
        mimeType: 'application/pdf',
        size: shared.length,
        sha256: sha(shared),
        storageKey: `${sha(shared).slice(0, 2)}/${sha(shared)}`,
      })
      .execute();

    for (const id of [ownId, sharedId]) {
      const res = await remove(id, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Document supprimé.' });
      expect((await get(`/api/library/${String(id)}/file`, applicant)).statusCode).toBe(404);
    }
    const files = await filesUnder(`${t.config.dataDir}/files`);
    expect(files).not.toContain(`${sha(own).slice(0, 2)}/${sha(own)}`);
    expect(files).toContain(`${sha(shared).slice(0, 2)}/${sha(shared)}`);
    const history = await db()
      .selectFrom('historyLog')
      .select(['context'])
      .where('entity', '=', 'library')
      .where('entityId', '=', ownId)
      .orderBy('id')
      .execute();
    expect(history.map((entry) => entry.context)).toEqual([
      'Document ajouté à la bibliothèque',
      'Document retiré de la bibliothèque',
    ]);
    expect((await remove(ownId, admin)).statusCode).toBe(404);
  });
});
