import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, requestHistory, type TestUser } from './requests-factory.ts';
import { PDF, PNG, filesUnder, sendParts } from './filing-helpers.ts';
import { defaultBeforeSignatory, docxText } from './orders-helpers.ts';
import { pdfText } from './pdf-tools.ts';
import { buildDocx } from '../src/orders/docx-builder.ts';
import { generateOrder, type OrderDeps } from '../src/orders/order-service.ts';
import { findOnPath, libreOfficeConverter, noPdfConverter } from '../src/files/pdf-converter.ts';
import { defaultTemplate } from '../src/orders/templates.ts';
import { isSupersededDefault } from '../src/orders/superseded-defaults.ts';

const t = testAppForFile({}, { dataDir: 'orders' });
const { alice, bob, instructor, admin, mayor, retired, former, guichet } = accountsForFile(t, {
  alice: ['ROLE_DEMANDEUR'],
  bob: ['ROLE_DEMANDEUR'],
  instructor: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Inès', lastName: 'Tructrice' },
  admin: ['ROLE_ADMIN'],
  mayor: { roles: ['ROLE_ADMIN'], firstName: 'Anne', lastName: 'Lafitte' },
  retired: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Jean', lastName: 'Parti' },
  former: { roles: ['ROLE_ADMIN'], firstName: 'Paul', lastName: 'Ancien' },
  guichet: ['ROLE_GUICHET'],
});

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const GENERATING = "Génération de l'arrêté en cours.";
const GENERATED = "L'arrêté a été généré.";
const FAILED = "La génération de l'arrêté a échoué.";

/** A request of alice in state 3 with its form, a secondary address and, unless null, a decision. */
async function decidedRequest(
  kind: 1 | 2 | 3,
  isFavorable: boolean | null,
  spec: { sendToSign?: boolean; state?: number } = {},
) {
  const db = t.database.db;
  const created = await createRequest(db, {
    owner: alice,
    kind,
    state: spec.state ?? 3,
    sendToSign: spec.sendToSign ?? false,
    instructeurId: instructor.id,
    numaffaire: `AFF-${String(Date.now() % 100000)}`,
    addressNum: '12',
    addressType: 'Rue',
    addressName: 'des Pins',
    city: 'Capbreton',
  });
  if (kind === 2) {
    const alignment = await db
      .insertInto('individualAlignmentRequest')
      .values({ isFavorable, reasonRequest: 'Clôture' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('request').set({ alignmentId: alignment.id }).where('id', '=', created.id).execute();
    const street = await db
      .insertInto('alignmentStreet')
      .values({ alignmentId: alignment.id, name: 'Rue des Pins', competence: 'Communautaire' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('alignmentPoint')
      .values({ streetId: street.id, name: 'P1', type: 'borne OGE nouvelle', distance: 2.5 })
      .execute();
  } else {
    const cerfa = await db
      .insertInto('cerfa14023')
      .values({ isFavorable, isAccessDevelopment: kind === 3, decisionRoadwayTrench: 'CH6C' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('request').set({ cerfa14023Id: cerfa.id }).where('id', '=', created.id).execute();
  }
  await db
    .insertInto('requestAddress')
    .values({
      requestId: created.id,
      position: 0,
      addressNum: '14',
      addressType: 'Rue',
      addressName: 'des Pins',
      addressCity: 'Capbreton',
      addressPostalCode: '40130',
    })
    .execute();
  await db
    .insertInto('mailArreteSigne')
    .values({ requestId: created.id, mail: 'mairie@capbreton.fr', name: 'Mairie de Capbreton' })
    .execute();
  return created;
}

const stateOf = async (id: number) =>
  t.database.db
    .selectFrom('request')
    .select(['stateId', 'sendToSign'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const ordersOf = (id: number) =>
  t.database.db
    .selectFrom('document')
    .selectAll()
    .where('requestId', '=', id)
    .where('typeDocumentId', '=', 93)
    .orderBy('id')
    .execute();
/** The account's « Fonction », printed under its name when it signs. */
const setJobTitle = (user: TestUser, jobTitle: string | null) =>
  t.database.db.updateTable('stdUser').set({ jobTitle }).where('id', '=', user.id).execute();
const historyOf = async (id: number) => (await requestHistory(t.database.db, id)).map((row) => row.context);
const storedBytes = async (storageKey: string) => (await t.ctx.filing.store.read(storageKey))!;

const post = (id: number, user: TestUser) =>
  t.app.inject({ method: 'POST', url: `/api/request/${String(id)}/order`, headers: user.headers });
const put = (id: number, user: TestUser, content: Buffer, filename: string) => {
  return sendParts(t, {
    method: 'PUT',
    url: `/api/request/${String(id)}/order`,
    user,
    parts: [{ name: 'file', content, filename }],
  });
};

const depsOf = (overrides: Partial<OrderDeps>): OrderDeps => ({
  db: t.database.db,
  store: t.ctx.filing.store,
  dataDir: t.config.dataDir,
  maxBytes: t.ctx.filing.maxBytes,
  convertToPdf: noPdfConverter,
  ...overrides,
});
const actorOf = (user: TestUser, roles: string[]) => ({
  id: user.id,
  email: user.email,
  roles,
  picture: null,
});

describe('POST request/{id}/order', () => {
  test(
    'merges the template, attaches the DOCX (and its PDF with LibreOffice), 3 -> 999 -> 3 with history',
    { timeout: 120_000 },
    async () => {
      const request = await decidedRequest(1, true);
      const res = await post(request.id, instructor);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ message: string; data: { id: number; stateId: number } }>();
      expect(body.message).toBe(GENERATED);
      expect(body.data.stateId).toBe(3);
      expect(await stateOf(request.id)).toEqual({ stateId: 3, sendToSign: false });

      const documents = await ordersOf(request.id);
      const docx = documents.find((document) => document.mimeType === DOCX)!;
      expect(docx).toMatchObject({ name: `arrete-${String(request.id)}.docx`, stdUserId: instructor.id });
      const text = docxText(await storedBytes(docx.storageKey));
      for (const expected of [
        String(request.id),
        'Marie Durand',
        '12 Rue des Pins',
        'Capbreton',
        'Décision : Favorable',
        'Arrêté portant permission de voirie',
        '14 Rue des Pins',
        'Tranchée sous chaussée : CH6C',
        'Mairie de Capbreton',
      ]) {
        expect(text).toContain(expected);
      }
      if (await findOnPath('soffice')) {
        const pdf = documents.find((document) => document.mimeType === 'application/pdf')!;
        expect(pdf.name).toBe(`arrete-${String(request.id)}.pdf`);
        expect((await storedBytes(pdf.storageKey)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(documents).toHaveLength(2);
      } else {
        expect(documents).toHaveLength(1);
      }
      expect(await historyOf(request.id)).toEqual([GENERATING, GENERATED]);
      // The default template was installed where an administrator replaces it.
      expect(await filesUnder(path.join(t.config.dataDir, 'modeles'))).toContain(
        '01-arrete-permission-reseaux.docx',
      );
    },
  );

  test('without a saved decision: 409 and nothing changes', async () => {
    const request = await decidedRequest(3, null);
    const res = await post(request.id, instructor);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      "Veuillez enregistrer la décision avant de générer l'arrêté.",
    );
    expect(await stateOf(request.id)).toEqual({ stateId: 3, sendToSign: false });
    expect(await ordersOf(request.id)).toEqual([]);
    expect(await historyOf(request.id)).toEqual([]);
  });

  test('the applicant is refused (403); a request in signature or out of instruction is 409', async () => {
    const request = await decidedRequest(1, true);
    expect((await post(request.id, alice)).statusCode).toBe(403);
    const inSignature = await decidedRequest(1, true, { sendToSign: true });
    expect((await post(inSignature.id, instructor)).statusCode).toBe(409);
    const granted = await decidedRequest(1, true, { state: 4 });
    expect((await post(granted.id, admin)).statusCode).toBe(409);
    for (const id of [request.id, inSignature.id, granted.id]) {
      expect(await ordersOf(id)).toEqual([]);
      expect(await historyOf(id)).toEqual([]);
    }
    expect(await stateOf(inSignature.id)).toEqual({ stateId: 3, sendToSign: true });
  });

  test('a broken template: back to 3, nothing attached, 500 with the French message', async () => {
    const request = await decidedRequest(2, false);
    const file = path.join(t.config.dataDir, 'modeles', '05-refus-alignement.docx');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await buildDocx(['{#adresses} jamais fermée']));
    try {
      const res = await post(request.id, admin);
      expect(res.statusCode).toBe(500);
      expect(res.json<{ message: string }>().message).toBe(FAILED);
    } finally {
      await rm(file);
    }
    expect(await stateOf(request.id)).toEqual({ stateId: 3, sendToSign: false });
    expect(await ordersOf(request.id)).toEqual([]);
    expect(await historyOf(request.id)).toEqual([GENERATING, FAILED]);
  });

  test('a failing converter: back to 3, nothing attached or stored', async () => {
    const request = await decidedRequest(3, true);
    const before = await filesUnder(path.join(t.config.dataDir, 'files'));
    const failing = depsOf({ convertToPdf: () => Promise.reject(new Error('soffice crashed')) });
    await expect(
      generateOrder(failing, actorOf(instructor, ['ROLE_INSTRUCTEUR']), String(request.id)),
    ).rejects.toMatchObject({ code: 'INTERNAL', message: FAILED });
    expect(await stateOf(request.id)).toEqual({ stateId: 3, sendToSign: false });
    expect(await ordersOf(request.id)).toEqual([]);
    expect(await filesUnder(path.join(t.config.dataDir, 'files'))).toEqual(before);
    expect(await historyOf(request.id)).toEqual([GENERATING, FAILED]);
  });

  test('without LibreOffice only the DOCX is attached; an alignment lists its streets', async () => {
    const request = await decidedRequest(2, true);
    const done = await generateOrder(
      depsOf({ convertToPdf: noPdfConverter, now: () => new Date('2026-05-04T08:00:00Z') }),
      actorOf(instructor, ['ROLE_INSTRUCTEUR']),
      request.publicId,
    );
    expect(done).toEqual({ id: request.id, notice: GENERATED });
    const documents = await ordersOf(request.id);
    expect(documents.map((document) => document.mimeType)).toEqual([DOCX]);
    const text = docxText(await storedBytes(documents[0]!.storageKey));
    expect(text).toContain("Arrêté d'alignement individuel");
    expect(text).toContain('Rue des Pins (Communautaire) :');
    expect(text).toContain('– point P1 (borne OGE nouvelle) : 2,5 m');
    expect(text).toContain('Fait le 04/05/2026');
  });

  test(
    'the converter runs LibreOffice in its own profile and returns a PDF',
    { timeout: 120_000 },
    async () => {
      if (!(await findOnPath('soffice'))) return;
      const pdf = await libreOfficeConverter()((await defaultTemplate(9))!);
      expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    },
  );
});

describe('the signatory of the orders (docs/acts.md « Signatory »)', () => {
  const signed = (id: number, user: TestUser, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/request/${String(id)}/order`,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });
  const signatoryOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('request')
        .select('signatoryId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).signatoryId;

  test('the chosen signatory is kept and printed: {signataire_prenom} {signataire_nom}, {signataire_fonction}', async () => {
    await setJobTitle(mayor, 'Maire de Capbreton');
    const request = await decidedRequest(2, false);
    const file = path.join(t.config.dataDir, 'modeles', '05-refus-alignement.docx');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      await buildDocx(['Signé : {signataire_prenom} {signataire_nom}, {signataire_fonction}']),
    );
    try {
      const res = await signed(request.id, instructor, { signatoryId: mayor.id });
      expect(res.statusCode).toBe(200);
      expect(await signatoryOf(request.id)).toBe(mayor.id);
      const [order] = await ordersOf(request.id);
      expect(docxText(await storedBytes(order!.storageKey))).toContain(
        'Signé : Anne Lafitte, Maire de Capbreton',
      );
    } finally {
      await rm(file);
    }
  });

  // Two generations through the route, each converted by LibreOffice when installed.
  test(
    'without a choice: the last signatory, else the instructor generating',
    { timeout: 120_000 },
    async () => {
      const first = await decidedRequest(1, true);
      expect((await signed(first.id, instructor)).statusCode).toBe(200);
      expect(await signatoryOf(first.id)).toBe(instructor.id);
      const again = await decidedRequest(1, true);
      await t.database.db
        .updateTable('request')
        .set({ signatoryId: mayor.id })
        .where('id', '=', again.id)
        .execute();
      expect((await signed(again.id, instructor, {})).statusCode).toBe(200);
      expect(await signatoryOf(again.id)).toBe(mayor.id);
    },
  );

  test(
    'the default orders print the chosen signatory under the signature: « Prénom Nom », then « Fonction »',
    { timeout: 120_000 },
    async () => {
      await setJobTitle(mayor, 'Maire de Capbreton');
      const request = await decidedRequest(3, true);
      const res = await signed(request.id, instructor, { signatoryId: mayor.id });
      expect(res.statusCode, res.body).toBe(200);
      const documents = await ordersOf(request.id);
      const text = docxText(
        await storedBytes(documents.find((document) => document.mimeType === DOCX)!.storageKey),
      );
      expect(text).toMatch(/\nFait le \d\d\/\d\d\/\d{4},\nAnne Lafitte\nMaire de Capbreton\n$/);
      const pdf = documents.find((document) => document.mimeType === 'application/pdf');
      if (await findOnPath('soffice')) {
        const printed = pdfText(await storedBytes(pdf!.storageKey));
        expect(printed).toMatch(/Anne Lafitte\s+Maire de Capbreton\s*$/);
      }
    },
  );

  test('an untouched default of before the signatory is upgraded at its next use; an edited one is kept', async () => {
    await setJobTitle(mayor, 'Maire de Capbreton');
    const file = path.join(t.config.dataDir, 'modeles', '05-refus-alignement.docx');
    await mkdir(path.dirname(file), { recursive: true });
    const earlier = await defaultBeforeSignatory(5);
    await writeFile(file, earlier);
    const request = await decidedRequest(2, false);
    const done = await generateOrder(
      depsOf({ convertToPdf: noPdfConverter }),
      actorOf(instructor, ['ROLE_INSTRUCTEUR']),
      String(request.id),
      mayor.id,
    );
    expect(done.notice).toBe(GENERATED);
    const [order] = await ordersOf(request.id);
    expect(docxText(await storedBytes(order!.storageKey))).toMatch(/\nAnne Lafitte\nMaire de Capbreton\n$/);
    // The file itself now holds today's default.
    const upgraded = await readFile(file);
    expect(docxText(upgraded)).toBe(docxText((await defaultTemplate(5))!));
    expect(await isSupersededDefault(5, upgraded)).toBe(false);

    // A template an administrator wrote is never replaced.
    const edited = await buildDocx(['Arrêté de refus.', 'Le Président,']);
    await writeFile(file, edited);
    try {
      const again = await decidedRequest(2, false);
      await generateOrder(
        depsOf({ convertToPdf: noPdfConverter }),
        actorOf(instructor, ['ROLE_INSTRUCTEUR']),
        String(again.id),
        mayor.id,
      );
      const [kept] = await ordersOf(again.id);
      expect(docxText(await storedBytes(kept!.storageKey))).toMatch(
        /^\s*Arrêté de refus\.\nLe Président,\n$/,
      );
      expect(await readFile(file)).toEqual(edited);
    } finally {
      await rm(file);
    }
  });

  test('a signatory that is not an active instructor or admin is refused (400), nothing generated', async () => {
    await t.database.db
      .updateTable('stdUser')
      .set({ isActive: false })
      .where('id', '=', retired.id)
      .execute();
    const request = await decidedRequest(1, true);
    for (const signatoryId of [guichet.id, retired.id, alice.id, 2_000_000]) {
      const res = await signed(request.id, instructor, { signatoryId });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(
        "Le signataire doit être un compte actif d'instructeur ou d'administrateur.",
      );
    }
    expect((await signed(request.id, instructor, { signatoryId: 'maire' })).statusCode).toBe(400);
    expect(await stateOf(request.id)).toEqual({ stateId: 3, sendToSign: false });
    expect(await ordersOf(request.id)).toEqual([]);
    expect(await signatoryOf(request.id)).toBeNull();
  });
});

describe('PUT request/{id}/order', () => {
  test('the edited DOCX or PDF becomes the latest order, with a history entry', async () => {
    const request = await decidedRequest(1, true);
    const edited = await buildDocx(['Arrêté modifié à la main']);
    const res = await put(request.id, instructor, edited, 'mon-arrete.docx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe("L'arrêté a été modifié.");
    const pdfRes = await put(request.id, admin, PDF, 'scan.pdf');
    expect(pdfRes.statusCode, pdfRes.body).toBe(200);
    const documents = await ordersOf(request.id);
    expect(documents.map((document) => [document.name, document.mimeType])).toEqual([
      [`arrete-${String(request.id)}.docx`, DOCX],
      [`arrete-${String(request.id)}.pdf`, 'application/pdf'],
    ]);
    expect(docxText(await storedBytes(documents[0]!.storageKey))).toContain('Arrêté modifié à la main');
    expect(await historyOf(request.id)).toEqual(['Arrêté modifié', 'Arrêté modifié']);
    expect(await stateOf(request.id)).toEqual({ stateId: 3, sendToSign: false });
  });

  test('a PNG or a zip that is not a Word document is refused (400); the applicant 403; in signature 409', async () => {
    const request = await decidedRequest(1, true);
    const png = await put(request.id, instructor, PNG, 'arrete.docx');
    expect(png.statusCode).toBe(400);
    expect(png.json<{ message: string }>().message).toContain('Types acceptés : DOCX, PDF.');
    expect((await put(request.id, alice, PDF, 'arrete.pdf')).statusCode).toBe(403);
    const inSignature = await decidedRequest(1, true, { sendToSign: true });
    expect((await put(inSignature.id, instructor, PDF, 'arrete.pdf')).statusCode).toBe(409);
    expect(await ordersOf(request.id)).toEqual([]);
    expect(await ordersOf(inSignature.id)).toEqual([]);
  });
});

describe('GET request/{id}/signatories', () => {
  const signatories = (id: number | string, user: TestUser) =>
    t.app.inject({ method: 'GET', url: `/api/request/${String(id)}/signatories`, headers: user.headers });
  interface Answer {
    data: {
      signatories: {
        id: number;
        firstName: string | null;
        lastName: string | null;
        jobTitle: string | null;
      }[];
      defaultId: number | null;
    };
  }

  test('the active instructors and administrators by name and « Fonction », and the one preselected', async () => {
    const db = t.database.db;
    await setJobTitle(mayor, 'Maire de Capbreton');
    const request = await decidedRequest(1, true);
    const res = await signatories(request.publicId, instructor);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<Answer>();
    const ids = data.signatories.map((signatory) => signatory.id);
    expect(ids).toEqual(expect.arrayContaining([instructor.id, admin.id, mayor.id]));
    for (const other of [alice, bob, guichet]) expect(ids).not.toContain(other.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(data.signatories.find((signatory) => signatory.id === mayor.id)).toEqual({
      id: mayor.id,
      firstName: 'Anne',
      lastName: 'Lafitte',
      jobTitle: 'Maire de Capbreton',
    });
    // No signatory chosen yet: the account asking.
    expect(data.defaultId).toBe(instructor.id);
    expect((await signatories(request.id, admin)).json<Answer>().data.defaultId).toBe(admin.id);

    // The request's last signatory while it may sign; once disabled, neither listed nor preselected.
    await db.updateTable('request').set({ signatoryId: former.id }).where('id', '=', request.id).execute();
    expect((await signatories(request.id, instructor)).json<Answer>().data.defaultId).toBe(former.id);
    await db.updateTable('stdUser').set({ isActive: false }).where('id', '=', former.id).execute();
    const after = (await signatories(request.id, instructor)).json<Answer>().data;
    expect(after.defaultId).toBe(instructor.id);
    expect(after.signatories.map((signatory) => signatory.id)).not.toContain(former.id);
  });

  test('the applicant is refused (403), another account does not see the request (404)', async () => {
    const request = await decidedRequest(1, true);
    expect((await signatories(request.id, alice)).statusCode).toBe(403);
    expect((await signatories(request.id, bob)).statusCode).toBe(404);
    expect((await signatories(999_999, instructor)).statusCode).toBe(404);
  });
});
