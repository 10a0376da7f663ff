import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest } from './requests-factory.ts';
import { postDocument } from './filing-helpers.ts';
import { docxText } from './orders-helpers.ts';
import { generateOrder } from '../src/orders/order-service.ts';
import type { PdfConverter } from '../src/files/pdf-converter.ts';

// The order as generated from a stored request: the beneficiary, the alignment order's number
// and the decision annexes (type 97) named in its text and joined to its PDF.

const t = testAppForFile({}, { dataDir: 'orders-annexes' });
const { alice, instructor } = accountsForFile(t, {
  alice: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
});

async function pdfOf(pages: number, title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  for (let index = 0; index < pages; index += 1) doc.addPage([595, 842]);
  return Buffer.from(await doc.save());
}

/** A converter standing for LibreOffice: a one-page PDF. */
const onePageConverter: PdfConverter = () => pdfOf(1, 'arrêté');

async function uploadAnnex(requestId: number, name: string, pages: number) {
  const res = await postDocument(
    t,
    instructor,
    { requestId, typeDocumentId: 97 },
    { content: await pdfOf(pages, name), filename: name, type: 'application/pdf' },
  );
  expect(res.statusCode, res.body).toBe(201);
}

async function generated(requestId: number) {
  await generateOrder(
    {
      db: t.database.db,
      store: t.ctx.filing.store,
      dataDir: t.config.dataDir,
      maxBytes: t.ctx.filing.maxBytes,
      convertToPdf: onePageConverter,
    },
    { id: instructor.id, email: instructor.email, roles: ['ROLE_INSTRUCTEUR'], picture: null },
    String(requestId),
  );
  const documents = await t.database.db
    .selectFrom('document')
    .select(['mimeType', 'storageKey'])
    .where('requestId', '=', requestId)
    .where('typeDocumentId', '=', 93)
    .execute();
  const bytes = async (mime: string) =>
    (await t.ctx.filing.store.read(documents.find((document) => document.mimeType === mime)!.storageKey))!;
  return {
    text: docxText(await bytes('application/vnd.openxmlformats-officedocument.wordprocessingml.document')),
    pdf: await PDFDocument.load(await bytes('application/pdf')),
  };
}

describe('the generated order', () => {
  test('names the beneficiary and its annexes, and its PDF carries the annexes’ pages', async () => {
    const db = t.database.db;
    const { id } = await createRequest(db, {
      owner: alice,
      kind: 1,
      state: 3,
      instructeurId: instructor.id,
      beneficiary: { firstName: 'Paul', lastName: 'Martin' },
    });
    const cerfa = await db
      .insertInto('cerfa14023')
      .values({ isFavorable: true, themes: 'pose_compteur', natureWork: 'creation' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('request')
      .set({ cerfa14023Id: cerfa.id, doAnnexe: true })
      .where('id', '=', id)
      .execute();
    await uploadAnnex(id, 'Plan des réseaux.pdf', 2);
    await uploadAnnex(id, 'Coupe de principe.pdf', 1);

    const { text, pdf } = await generated(id);
    expect(text).toContain('pour le compte de Paul Martin');
    expect(text).toContain('Paul Martin, ci-après dénommé le bénéficiaire');
    expect(text).toContain('(Pose de compteur – Création)');
    expect(text).toContain('– Annexe 1 : Plan des réseaux.pdf\n– Annexe 2 : Coupe de principe.pdf');
    // The order's page, then the annexes' 2 + 1.
    expect(pdf.getPageCount()).toBe(4);
  });

  test('without « Joindre les annexes », neither the text nor the PDF holds them; an alignment prints its number', async () => {
    const db = t.database.db;
    const { id } = await createRequest(db, { owner: alice, kind: 2, state: 3, instructeurId: instructor.id });
    const alignment = await db
      .insertInto('individualAlignmentRequest')
      .values({ isFavorable: true, reasonRequest: 'Real cloture', alignmentOrderNumber: 'AL-2026-014' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('request').set({ alignmentId: alignment.id }).where('id', '=', id).execute();
    await uploadAnnex(id, 'Plan des réseaux.pdf', 2);

    const { text, pdf } = await generated(id);
    expect(text).toContain("Arrêté d'alignement individuel n° AL-2026-014");
    expect(text).toContain("(motif : Réalisation d'une clôture)");
    expect(text).not.toContain('Annexe');
    expect(pdf.getPageCount()).toBe(1);
  });
});
