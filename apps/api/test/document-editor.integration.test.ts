import { PDFDocument } from 'pdf-lib';
import PizZip from 'pizzip';
import { afterEach, describe, expect, test } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { PDF, PNG, postDocument, sendParts } from './filing-helpers.ts';
import { docxText, pathWithoutLibreOffice } from './orders-helpers.ts';
import { createSignedPermission, RECEPTION_REFUSAL } from './works-helpers.ts';
import { findOnPath } from '../src/files/pdf-converter.ts';

// The portal's document editor (docs/api-instruction.md "Editing in the portal"): GET
// document/{id}/editor and PUT document/{id}/edited on a generated order and a formal notice —
// the new version, the previous one kept, the history, the PDF converted again, the rules.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const UPLOAD_MAX = 2_000_000;

const t = testAppForFile({ UPLOAD_MAX_BYTES: String(UPLOAD_MAX) }, { dataDir: 'document-editor' });
const { alice, instructor, admin } = accountsForFile(t, {
  alice: ['ROLE_DEMANDEUR'],
  instructor: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Inès', lastName: 'Tructrice' },
  admin: ['ROLE_ADMIN'],
});
const savedPath = process.env.PATH;

afterEach(() => {
  process.env.PATH = savedPath;
});

/** Merges without LibreOffice (seconds each): the conversion is tested once, where it is installed. */
async function withoutLibreOffice() {
  process.env.PATH = await pathWithoutLibreOffice(savedPath);
}

const db = () => t.database.db;

/** A decided networks permission of alice in state 3, ready for its order. */
async function decidedPermission() {
  const created = await createRequest(db(), {
    owner: alice,
    kind: 1,
    state: 3,
    instructeurId: instructor.id,
    addressNum: '12',
    addressType: 'Rue',
    addressName: 'des Pins',
    city: 'Capbreton',
  });
  const cerfa = await db()
    .insertInto('cerfa14023')
    .values({ isFavorable: true, isAccessDevelopment: false, decisionRoadwayTrench: 'CH6C' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('request').set({ cerfa14023Id: cerfa.id }).where('id', '=', created.id).execute();
  return created;
}

interface Detail {
  id: number;
  order: { docx: { id: number } | null; pdf: { id: number } | null } | null;
  letters: Record<string, { docx: { id: number } | null; pdf: { id: number } | null } | null>;
}
interface Answer {
  statusCode: number;
  body: string;
  json: <T>() => T;
}
function detailOf(res: Answer): Detail {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Detail }>().data;
}
const messageOf = (res: Answer) => res.json<{ message: string }>().message;

async function generateOrder(id: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/request/${String(id)}/order`,
    headers: instructor.headers,
  });
  return detailOf(res).order!.docx!.id;
}
const openEditor = (documentId: number, user: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/document/${String(documentId)}/editor`, headers: user.headers });
const save = (documentId: number, user: TestUser, content: Buffer, filename = 'edited.docx') => {
  return sendParts(t, {
    method: 'PUT',
    url: `/api/document/${String(documentId)}/edited`,
    user,
    parts: [{ name: 'file', content, filename }],
  });
};
const download = async (url: string, user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** What an editor does to a DOCX: one paragraph's text changed, everything else kept. */
function edited(docx: Buffer, sentence: string): Buffer {
  const zip = new PizZip(docx);
  const xml = zip.file('word/document.xml')!.asText();
  // A new run at the end of the first paragraph that has text.
  const at = xml.indexOf('</w:p>', xml.indexOf('<w:t'));
  zip.file(
    'word/document.xml',
    `${xml.slice(0, at)}<w:r><w:t xml:space="preserve"> ${sentence}</w:t></w:r>${xml.slice(at)}`,
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const documentsOf = (requestId: number, typeDocumentId: number) =>
  db()
    .selectFrom('document')
    .select(['id', 'name', 'mimeType', 'storageKey', 'stdUserId'])
    .where('requestId', '=', requestId)
    .where('typeDocumentId', '=', typeDocumentId)
    .orderBy('id')
    .execute();
const lastHistory = (requestId: number) =>
  db()
    .selectFrom('historyLog')
    .select(['context', 'email', 'loggedAt'])
    .where('entity', '=', 'request')
    .where('entityId', '=', requestId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const storedText = async (storageKey: string) => docxText((await t.ctx.filing.store.read(storageKey))!);

describe('the order in the editor', () => {
  test('opened, edited and saved: a new version, the previous one kept, who and when in the history', async () => {
    await withoutLibreOffice();
    const request = await decidedPermission();
    const docxId = await generateOrder(request.id);

    const opened = await openEditor(docxId, instructor);
    expect(opened.statusCode, opened.body).toBe(200);
    const editor = opened.json<{ data: Record<string, unknown> }>().data;
    expect(editor).toEqual({
      documentId: docxId,
      requestId: request.id,
      name: `arrete-${String(request.id)}.docx`,
      title: 'Arrêté de permission de voirie',
      editor: 'portal',
      fileUrl: `/api/document/${String(docxId)}/file`,
      onlyoffice: null,
    });

    const original = await download(String(editor.fileUrl), instructor);
    const res = await save(docxId, instructor, edited(original, 'Phrase ajoutée dans le portail.'));
    const detail = detailOf(res);
    expect(messageOf(res)).toBe("L'arrêté a été modifié.");
    const newId = detail.order!.docx!.id;
    expect(newId).not.toBe(docxId);

    const versions = await documentsOf(request.id, 93);
    expect(versions.map((row) => [row.id, row.name, row.mimeType])).toEqual([
      [docxId, `arrete-${String(request.id)}.docx`, DOCX],
      [newId, `arrete-${String(request.id)}.docx`, DOCX],
    ]);
    const [before, after] = versions;
    expect(after!.stdUserId).toBe(instructor.id);
    expect(await storedText(before!.storageKey)).not.toContain('Phrase ajoutée dans le portail.');
    const text = await storedText(after!.storageKey);
    expect(text).toContain('Phrase ajoutée dans le portail.');
    // The merged fields are still there.
    for (const expected of [String(request.id), '12 Rue des Pins', 'Capbreton', 'CH6C'])
      expect(text).toContain(expected);

    const history = await lastHistory(request.id);
    expect(history).toMatchObject({
      context: "Arrêté modifié dans l'éditeur du portail",
      email: instructor.email,
    });
    expect(history.loggedAt).toBeTruthy();

    // The version that was opened is no longer the latest: saving it again would lose the edit.
    const stale = await save(docxId, admin, original);
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toBe(
      "Ce document a été remplacé par une version plus récente : fermez l'éditeur et rouvrez le document.",
    );
    expect((await openEditor(docxId, admin)).statusCode).toBe(409);
    expect((await openEditor(newId, admin)).statusCode).toBe(200);
    expect(await documentsOf(request.id, 93)).toHaveLength(2);
  });

  test("GET onlyoffice/{id}: the spec's editor page, taking its window to the request's editor", async () => {
    await withoutLibreOffice();
    const request = await decidedPermission();
    const docxId = await generateOrder(request.id);
    const publicId = (
      await db()
        .selectFrom('request')
        .select('publicId')
        .where('id', '=', request.id)
        .executeTakeFirstOrThrow()
    ).publicId;
    const page = (user: TestUser, id = docxId) =>
      t.app.inject({ method: 'GET', url: `/api/onlyoffice/${String(id)}`, headers: user.headers });

    const res = await page(instructor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const href = `/dossiers/${publicId}?edition=${String(docxId)}`;
    expect(res.body).toContain(`<meta http-equiv="refresh" content="0; url=${href}">`);
    expect(res.body).toContain(`<a href="${href}">Ouvrir le document dans l'éditeur du portail</a>`);
    // Authorized as the editor: the applicant 403, an unknown document 404, both as JSON errors.
    expect((await page(alice)).statusCode).toBe(403);
    expect((await page(instructor, 999_999)).statusCode).toBe(404);
  });

  test(
    'the PDF is converted again from the edited DOCX when LibreOffice is installed',
    { timeout: 120_000 },
    async () => {
      const request = await decidedPermission();
      const docxId = await generateOrder(request.id);
      const original = await download(`/api/document/${String(docxId)}/file`, instructor);
      const detail = detailOf(await save(docxId, instructor, edited(original, 'Phrase pour le PDF.')));
      const versions = await documentsOf(request.id, 93);
      if (await findOnPath('soffice')) {
        const pdf = versions.at(-1)!;
        expect(pdf).toMatchObject({ name: `arrete-${String(request.id)}.pdf`, mimeType: 'application/pdf' });
        expect(detail.order!.pdf!.id).toBe(pdf.id);
        const bytes = (await t.ctx.filing.store.read(pdf.storageKey))!;
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        // generated DOCX + PDF, then the edited DOCX + its PDF
        expect(versions.map((row) => row.mimeType)).toEqual([
          DOCX,
          'application/pdf',
          DOCX,
          'application/pdf',
        ]);
      } else {
        expect(detail.order!.pdf).toBeNull();
        expect(versions.map((row) => row.mimeType)).toEqual([DOCX, DOCX]);
      }
    },
  );

  test(
    'the order’s new PDF carries the decision annexes, as a generation joins them',
    { timeout: 120_000 },
    async () => {
      if (!(await findOnPath('soffice'))) return;
      const request = await decidedPermission();
      await db().updateTable('request').set({ doAnnexe: true }).where('id', '=', request.id).execute();
      const annex = await PDFDocument.create();
      for (let page = 0; page < 3; page += 1) annex.addPage([595, 842]);
      const uploaded = await postDocument(
        t,
        instructor,
        { requestId: request.id, typeDocumentId: 97 },
        { content: Buffer.from(await annex.save()), filename: 'annexe.pdf', type: 'application/pdf' },
      );
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const docxId = await generateOrder(request.id);
      const original = await download(`/api/document/${String(docxId)}/file`, instructor);
      const detail = detailOf(await save(docxId, instructor, edited(original, 'Avec ses annexes.')));
      const pdfRow = await db()
        .selectFrom('document')
        .select('storageKey')
        .where('id', '=', detail.order!.pdf!.id)
        .executeTakeFirstOrThrow();
      const pdf = await PDFDocument.load((await t.ctx.filing.store.read(pdfRow.storageKey))!);
      // The order's own pages, then the annex's three — as many as the generated order's PDF.
      const firstPdf = (await documentsOf(request.id, 93)).find((row) => row.mimeType === 'application/pdf')!;
      const generatedPdf = await PDFDocument.load((await t.ctx.filing.store.read(firstPdf.storageKey))!);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(4);
      expect(pdf.getPageCount()).toBe(generatedPdf.getPageCount());
    },
  );

  test('refused: the applicant 403, a PDF document 400, a PDF or PNG file 400, in signature or signed 409, unknown 404', async () => {
    await withoutLibreOffice();
    const request = await decidedPermission();
    const docxId = await generateOrder(request.id);
    const original = await download(`/api/document/${String(docxId)}/file`, instructor);

    expect((await openEditor(docxId, alice)).statusCode).toBe(403);
    expect((await save(docxId, alice, original)).statusCode).toBe(403);
    expect((await openEditor(999_999, instructor)).statusCode).toBe(404);

    const pdfBody = await save(docxId, instructor, PDF, 'arrete.pdf');
    expect(pdfBody.statusCode).toBe(400);
    expect(pdfBody.body).toContain('Le document enregistré doit être au format DOCX.');
    const png = await save(docxId, instructor, PNG, 'arrete.docx');
    expect(png.statusCode).toBe(400);
    expect(png.body).toContain('Types acceptés : DOCX, PDF.');
    const tooLarge = await save(docxId, instructor, Buffer.concat([original, Buffer.alloc(UPLOAD_MAX)]));
    expect(tooLarge.statusCode).toBe(400);

    // A document that is not an order or letter DOCX: the applicant's own PDF piece.
    const piece = await db()
      .insertInto('document')
      .values({
        requestId: request.id,
        typeDocumentId: 1,
        name: 'plan.pdf',
        mimeType: 'application/pdf',
        storageKey: 'aa/none',
        size: 1,
        sha256: 'a'.repeat(64),
        stdUserId: alice.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const notEditable = await openEditor(piece.id, instructor);
    expect(notEditable.statusCode).toBe(400);
    expect(notEditable.body).toContain('ne se modifie pas dans le portail');

    await db().updateTable('request').set({ sendToSign: true }).where('id', '=', request.id).execute();
    expect((await openEditor(docxId, instructor)).statusCode).toBe(409);
    expect((await save(docxId, instructor, edited(original, 'En signature.'))).statusCode).toBe(409);
    // Signed: the request left the instruction (state 4), its order is never edited again.
    await db()
      .updateTable('request')
      .set({ sendToSign: false, stateId: 4 })
      .where('id', '=', request.id)
      .execute();
    expect((await openEditor(docxId, admin)).statusCode).toBe(409);
    expect((await save(docxId, admin, edited(original, 'Signé.'))).statusCode).toBe(409);
    expect(await documentsOf(request.id, 93)).toHaveLength(1);
  });
});

describe('a formal notice in the editor', () => {
  test('saved as the letter’s new version, traced as edited in the portal', async () => {
    await withoutLibreOffice();
    const { id } = await createSignedPermission(db(), { applicant: alice, instructor });
    const refusal = RECEPTION_REFUSAL;
    const generated = await t.app.inject({
      method: 'POST',
      url: `/api/request/${String(id)}/letters/formalNotice`,
      headers: instructor.headers,
      payload: refusal,
    });
    const docxId = detailOf(generated).letters.formalNotice!.docx!.id;
    const opened = await openEditor(docxId, instructor);
    expect(opened.json<{ data: { title: string } }>().data.title).toBe('Mise en demeure');

    const original = await download(`/api/document/${String(docxId)}/file`, instructor);
    const res = await save(docxId, instructor, edited(original, 'Délai supplémentaire de huit jours.'));
    expect(messageOf(res)).toBe('Le courrier a été modifié.');
    const newId = detailOf(res).letters.formalNotice!.docx!.id;
    const versions = await documentsOf(id, 106);
    expect(versions.map((row) => row.id)).toEqual([docxId, newId]);
    const text = await storedText(versions[1]!.storageKey);
    expect(text).toContain('Délai supplémentaire de huit jours.');
    expect(text).toContain(`Demande n° ${String(id)}`);
    expect(text).toContain('Bordure abîmée');
    expect(await lastHistory(id)).toMatchObject({
      context: "Mise en demeure modifiée dans l'éditeur du portail",
      email: instructor.email,
    });
    expect((await openEditor(newId, alice)).statusCode).toBe(403);
  });
});
