import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { PDF, multipart } from './filing-helpers.ts';
import { docxText, orderText } from './orders-helpers.ts';
import { buildDocx } from '../src/orders/docx-builder.ts';
import { generateOrder } from '../src/orders/order-service.ts';
import { noPdfConverter } from '../src/files/pdf-converter.ts';

const t = testAppForFile({}, { dataDir: 'templates' });
const { admin, instructor, applicant } = accountsForFile(t, {
  admin: ['ROLE_ADMIN'],
  instructor: ['ROLE_INSTRUCTEUR'],
  applicant: ['ROLE_DEMANDEUR'],
});

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const NOT_FOUND = "Ce modèle n'existe pas.";
const SAVED = 'Modèle enregistré.';
const RESET = 'Modèle par défaut rétabli.';
const NOT_DOCX = 'Le contenu du fichier ne correspond pas à un document Word (DOCX).';
const IS_PDF = 'Le fichier est un PDF : le modèle doit être un document Word (DOCX).';
const UNCLOSED_LOOP =
  "Le modèle ne peut pas être utilisé : la section « {#adresses} » n'est pas fermée (« {/adresses} » manquante).";
const ADDED = "Texte ajouté par l'administrateur pour le dossier";

const templateFile = (name: string) => path.join(t.config.dataDir, 'modeles', name);
const NETWORKS = '01-arrete-permission-reseaux.docx';

const get = (url: string, user: TestUser | null) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const put = (id: number, user: TestUser | null, content: Buffer, filename = 'modele.docx') => {
  const body = multipart([{ name: 'file', content, filename, type: DOCX }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/modele/${String(id)}`,
    payload: body.payload,
    headers: { ...body.headers, ...(user?.headers ?? {}) },
  });
};
const reset = (id: number, user: TestUser | null) =>
  t.app.inject({ method: 'POST', url: `/api/modele/${String(id)}/reset`, headers: user?.headers ?? {} });

interface Detail {
  id: number;
  libelle: string;
  fileName: string;
  updatedAt: string | null;
  isDefault: boolean;
}
const detailOf = async (id: number) => {
  const res = await get(`/api/modele/${String(id)}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Detail }>().data;
};

/** The downloaded template with one more paragraph printing the case number. */
function withAddedParagraph(docx: Buffer): Buffer {
  const zip = new PizZip(docx);
  const xml = zip.file('word/document.xml')!.asText();
  const paragraph = `<w:p><w:r><w:t xml:space="preserve">${ADDED} {numero_affaire}.</w:t></w:r></w:p>`;
  zip.file('word/document.xml', xml.replace('<w:body>', `<w:body>${paragraph}`));
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The DOCX of the order merged for a new favourable networks request (template 1). */
async function mergedOrderText(numaffaire: string): Promise<string> {
  const db = t.database.db;
  const request = await createRequest(db, {
    owner: applicant,
    kind: 1,
    state: 3,
    instructeurId: instructor.id,
    numaffaire,
  });
  const cerfa = await db
    .insertInto('cerfa14023')
    .values({ isFavorable: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('request').set({ cerfa14023Id: cerfa.id }).where('id', '=', request.id).execute();
  const actor = { id: instructor.id, email: instructor.email, roles: ['ROLE_INSTRUCTEUR'], picture: null };
  const deps = {
    db,
    store: t.ctx.filing.store,
    dataDir: t.config.dataDir,
    maxBytes: t.ctx.filing.maxBytes,
    convertToPdf: noPdfConverter,
  };
  await generateOrder(deps, actor, request.publicId);
  return orderText(t, request.id);
}

const historyOf = async (id: number) =>
  await t.database.db
    .selectFrom('historyLog')
    .select(['context', 'email'])
    .where('entity', '=', 'modele')
    .where('entityId', '=', id)
    .orderBy('id')
    .execute();

describe('templates administration (GET/PUT modele, reset)', () => {
  test('administrators only: 401 without a session, 403 for other roles, on every route', async () => {
    const docx = await buildDocx(['{numero}']);
    for (const user of [null, instructor, applicant]) {
      const expected = user ? 403 : 401;
      expect((await get('/api/modele', user)).statusCode).toBe(expected);
      expect((await get('/api/modele/1', user)).statusCode).toBe(expected);
      expect((await get('/api/modele/1/file', user)).statusCode).toBe(expected);
      expect((await put(1, user, docx)).statusCode).toBe(expected);
      expect((await reset(1, user)).statusCode).toBe(expected);
    }
    // Nothing was written by the refused calls.
    await expect(stat(templateFile(NETWORKS))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('the list: the eleven templates by id, with their labels — the traffic order last', async () => {
    const res = await get('/api/modele', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: { id: number; libelle: string }[] }>().data;
    expect(list.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(list[0]).toEqual({ id: 1, libelle: 'Arrêté de permission de voirie - Réseaux' });
    expect(list[5]).toEqual({ id: 6, libelle: 'Mise en demeure' });
    expect(list[10]?.libelle).toBe('Arrêté de police de la circulation');
  });

  test('the traffic order: its default, found by its kind, downloaded and reset like the others', async () => {
    const { id } = await t.database.db
      .selectFrom('modele')
      .select('id')
      .where('kind', '=', 'arrete_circulation')
      .executeTakeFirstOrThrow();
    expect(await detailOf(id)).toMatchObject({
      libelle: 'Arrêté de police de la circulation',
      fileName: '11-arrete-police-circulation.docx',
      isDefault: true,
    });
    const file = await get(`/api/modele/${String(id)}/file`, admin);
    expect(file.statusCode).toBe(200);
    expect(docxText(file.rawPayload)).toContain('Arrêté de police de la circulation');
    expect((await reset(id, admin)).json()).toMatchObject({ data: { isDefault: true } });
  });

  test('unknown ids: 404 with the French message', async () => {
    for (const res of [
      await get('/api/modele/999', admin),
      await get('/api/modele/999/file', admin),
      await put(999, admin, await buildDocx(['x'])),
      await reset(999, admin),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(NOT_FOUND);
    }
  });

  test('download: the default DOCX, written first, under its file name', async () => {
    expect(await detailOf(1)).toEqual({
      id: 1,
      libelle: 'Arrêté de permission de voirie - Réseaux',
      fileName: NETWORKS,
      updatedAt: null,
      isDefault: true,
    });
    const res = await get('/api/modele/1/file', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(DOCX);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${NETWORKS}"`);
    const text = docxText(res.rawPayload);
    expect(text).toContain('{numero_affaire}');
    expect(text).toContain('{#adresses}');
    expect(await readFile(templateFile(NETWORKS))).toEqual(res.rawPayload);
    const detail = await detailOf(1);
    expect(detail.isDefault).toBe(true);
    expect(detail.updatedAt).toBe((await stat(templateFile(NETWORKS))).mtime.toISOString());
  });

  test('an edited DOCX replaces the template, is recorded, and the next order uses it; reset brings the default back', async () => {
    const downloaded = (await get('/api/modele/1/file', admin)).rawPayload;
    const res = await put(1, admin, withAddedParagraph(downloaded));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: Detail }>();
    expect(body.message).toBe(SAVED);
    expect(body.data).toMatchObject({ id: 1, fileName: NETWORKS, isDefault: false });
    expect(docxText(await readFile(templateFile(NETWORKS)))).toContain(`${ADDED} {numero_affaire}.`);
    expect(await historyOf(1)).toEqual([{ context: 'Modèle enregistré', email: admin.email }]);

    expect(await mergedOrderText('AFF-TPL-1')).toContain(`${ADDED} AFF-TPL-1.`);

    const back = await reset(1, admin);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<{ message: string; data: Detail }>()).toMatchObject({
      message: RESET,
      data: { id: 1, isDefault: true },
    });
    expect((await historyOf(1)).map((entry) => entry.context)).toEqual([
      'Modèle enregistré',
      'Modèle par défaut rétabli',
    ]);
    const text = await mergedOrderText('AFF-TPL-2');
    expect(text).not.toContain(ADDED);
    expect(text).toContain('AFF-TPL-2');
  });

  test('a PDF, a text file renamed .docx and a DOCX with a broken tag are refused; the previous template stays', async () => {
    const edited = withAddedParagraph((await get('/api/modele/6/file', admin)).rawPayload);
    expect((await put(6, admin, edited)).statusCode).toBe(200);
    const before = await readFile(templateFile('06-mise-en-demeure.docx'));
    const refusals: [Buffer, string, string][] = [
      [PDF, 'modele.pdf', IS_PDF],
      [Buffer.from('Ceci est un simple texte, pas un document Word.\n'), 'modele.docx', NOT_DOCX],
      [
        await buildDocx(['Bonjour {demandeur_nom}', '{#adresses} jamais fermée']),
        'modele.docx',
        UNCLOSED_LOOP,
      ],
      [
        await buildDocx(['Bonjour {demandeur_nom']),
        'modele.docx',
        "Le modèle ne peut pas être utilisé : la balise « {demandeur_nom » n'est pas fermée (« } » manquante).",
      ],
      [
        await buildDocx(['{#adresses}', '{/rues}']),
        'modele.docx',
        'Le modèle ne peut pas être utilisé : la section « {#adresses} » est fermée par « {/rues} ».',
      ],
    ];
    for (const [content, filename, message] of refusals) {
      const res = await put(6, admin, content, filename);
      expect(res.statusCode, filename).toBe(400);
      expect(res.json<{ message: string; errors: { path: string }[] }>()).toMatchObject({
        message,
        errors: [{ path: 'file' }],
      });
      expect(await readFile(templateFile('06-mise-en-demeure.docx'))).toEqual(before);
    }
    expect((await historyOf(6)).map((entry) => entry.context)).toEqual(['Modèle enregistré']);
    expect((await detailOf(6)).isDefault).toBe(false);
    // No temporary file is left beside the templates.
    const { readdir } = await import('node:fs/promises');
    expect(
      (await readdir(path.join(t.config.dataDir, 'modeles'))).filter((name) => name.endsWith('.tmp')),
    ).toEqual([]);
  });

  test('a multipart without a file, or another content type, is refused', async () => {
    const empty = multipart([{ name: 'note', content: 'rien' }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/modele/7',
      payload: empty.payload,
      headers: { ...empty.headers, ...admin.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Veuillez joindre un fichier.');
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/modele/7',
      payload: { file: 'x' },
      headers: admin.headers,
    });
    expect(json.statusCode).toBe(415);
  });
});
