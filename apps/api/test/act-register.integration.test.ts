import { describe, expect, test } from 'vitest';
import PizZip from 'pizzip';
import {
  ACT_REGISTER_MESSAGES,
  ACT_TRANSMISSION_MESSAGES,
  type ActRegisterPage,
  type ActNumberingView,
  type ActTransmission,
} from '@voirie/domain';
import { registerSignedActs } from '../src/requests/acts/act-numbers.ts';
import { closingStatement } from '../src/requests/acts/register-pdf.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { findVisibleRequest } from '../src/requests/list-service.ts';
import { withoutLibreOfficeInFile, postSignedOrders } from './orders-helpers.ts';
import { pdfText } from './pdf-tools.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';

// The register of acts: each signed act numbered in its signature's transaction, per Paris
// year, without gaps or duplicates — also when signatures come at once (on PostgreSQL, each on
// its own connection) and when a transaction is rolled back — then listed in that order,
// filtered, exported as CSV, and numbered in the administrator's format.

withoutLibreOfficeInFile();
const t = testAppForFile({}, { dataDir: 'act-register' });
const { applicant, instructor, admin, mayor } = accountsForFile(t, {
  applicant: ['ROLE_DEMANDEUR'],
  instructor: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Paul', lastName: 'Darrigade' },
  admin: ['ROLE_ADMIN'],
  mayor: { roles: ['ROLE_ADMIN'], firstName: 'Anne', lastName: 'Lafitte' },
});
const db = () => t.database.db;
const year = Number(parisToday().slice(0, 4));

/** A permission of the applicant in signature, decided `favorable` or not, its order attached. */
async function permissionInSignature(favorable: boolean, city = 'Capbreton') {
  const created = await createRequest(db(), {
    owner: applicant,
    kind: 1,
    state: 3,
    sendToSign: true,
    instructeurId: instructor.id,
    city,
    addressNum: '12',
    addressType: 'Rue',
    addressName: 'des Pins',
  });
  const { id } = await db()
    .insertInto('cerfa14023')
    .values({ isAccessDevelopment: false, isFavorable: favorable })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('request').set({ cerfa14023Id: id }).where('id', '=', created.id).execute();
  return created.id;
}

const get = <T>(url: string, user: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user.headers }).then((res) => ({
    status: res.statusCode,
    body: res.json<{ data: T; message: string }>(),
    raw: res,
  }));

async function register(query = '') {
  const res = await get<ActRegisterPage>(`/api/acts${query}`, instructor);
  expect(res.status).toBe(200);
  return res.body.data;
}

const number = (sequence: number) => `${String(year)}_${String(sequence).padStart(5, '0')}`;

describe('numbers given at signature', () => {
  test('a signed permission and a signed refusal: numbered in order, in the register with their nature', async () => {
    const granted = await permissionInSignature(true);
    const refused = await permissionInSignature(false, 'Seignosse');
    expect((await postSignedOrders(t, granted, instructor, ['file'])).statusCode).toBe(200);
    expect((await postSignedOrders(t, refused, instructor, ['file'])).statusCode).toBe(200);

    const page = await register();
    expect(page.data.map((act) => [act.number, act.nature, act.requestId, act.town])).toEqual([
      [number(1), 'permission', granted, 'Capbreton'],
      [number(2), 'refusal', refused, 'Seignosse'],
    ]);
    expect(page.data[0]).toMatchObject({
      year,
      sequence: 1,
      natureLabel: 'Arrêté de permission de voirie',
      subject: `Arrêté de permission de voirie — 12 Rue des Pins, Capbreton (demande n° ${String(granted)})`,
      recordedBy: 'Paul Darrigade',
      // No signatory chosen: the account recording the signature signs, without a « Fonction ».
      signatoryName: 'Paul Darrigade',
      signatoryTitle: null,
    });
    expect(page.data[1]?.natureLabel).toBe('Arrêté de refus de permission de voirie');
    expect(page.years).toEqual([year]);
    // The signed PDF of the act is the register's document.
    const signed = await db()
      .selectFrom('document')
      .select('id')
      .where('requestId', '=', granted)
      .where('typeDocumentId', '=', 21)
      .executeTakeFirstOrThrow();
    expect(page.data[0]?.documentId).toBe(signed.id);
  });

  test('a signature rolled back gives its number back: the next act takes it', async () => {
    const before = (await register()).total;
    const id = await permissionInSignature(true);
    const actor = { ...admin, picture: null, roles: ['ROLE_USER', 'ROLE_ADMIN'] };
    const row = await findVisibleRequest(db(), actor, String(id));
    const failed = await db()
      .transaction()
      .execute(async (trx) => {
        await registerSignedActs(trx, actor, {
          request: row,
          acts: [{ kind: 'permission', principal: true } as never],
          documentIds: [],
          isFavorable: true,
        });
        throw new Error('rolled back');
      })
      .catch((error: unknown) => error);
    expect(failed).toEqual(new Error('rolled back'));
    expect((await postSignedOrders(t, id, instructor, ['file'])).statusCode).toBe(200);
    const page = await register();
    expect(page.total).toBe(before + 1);
    expect(page.data.at(-1)).toMatchObject({ number: number(before + 1), requestId: id });
  });

  test('six signatures at once: six numbers, one after the other, none twice', async () => {
    const before = (await register()).total;
    const ids = await Promise.all(Array.from({ length: 6 }, () => permissionInSignature(true)));
    const answers = await Promise.all(ids.map((id) => postSignedOrders(t, id, instructor, ['file'])));
    expect(answers.map((res) => res.statusCode)).toEqual(ids.map(() => 200));
    const acts = await db()
      .selectFrom('actRegister')
      .select(['sequence', 'number', 'requestId', 'signedAt'])
      .where('year', '=', year)
      .orderBy('sequence')
      .execute();
    expect(acts.map((act) => act.sequence)).toEqual(
      Array.from({ length: before + 6 }, (_, index) => index + 1),
    );
    expect(new Set(acts.map((act) => act.number)).size).toBe(acts.length);
    expect(
      acts
        .slice(before)
        .map((act) => act.requestId)
        .sort(),
    ).toEqual([...ids].sort());
    // Date order is number order.
    const times = acts.map((act) => new Date(act.signedAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('the register', () => {
  test('filters by nature, town and year; instructors and admins read it, applicants do not', async () => {
    expect((await register('?nature=refusal')).data.map((act) => act.town)).toEqual(['Seignosse']);
    expect((await register('?town=Seignosse')).total).toBe(1);
    expect((await register(`?year=${String(year - 1)}`)).total).toBe(0);
    expect((await get('/api/acts', admin)).status).toBe(200);
    expect((await get('/api/acts', applicant)).status).toBe(403);
    expect((await get('/api/acts?nature=autre', instructor)).status).toBe(400);
  });

  test('the signatory chosen for the request, with its « Fonction » as at signing', async () => {
    await db().updateTable('stdUser').set({ jobTitle: 'Maire' }).where('id', '=', mayor.id).execute();
    const id = await permissionInSignature(true, 'Labenne');
    await db().updateTable('request').set({ signatoryId: mayor.id }).where('id', '=', id).execute();
    expect((await postSignedOrders(t, id, instructor, ['file'])).statusCode).toBe(200);
    // A later change of « Fonction » leaves the register as it was.
    await db()
      .updateTable('stdUser')
      .set({ jobTitle: 'Ancienne maire' })
      .where('id', '=', mayor.id)
      .execute();
    const act = (await register('?town=Labenne')).data[0];
    expect(act).toMatchObject({
      signatoryName: 'Anne Lafitte',
      signatoryTitle: 'Maire',
      recordedBy: 'Paul Darrigade',
    });
  });

  test('CSV: the SCDL columns that fit, one line per act in register order', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/acts/export.csv',
      headers: instructor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'COLL_NOM;ACTE_ID;ACTE_DATE;ACTE_NATURE;ACTE_MATIERE_CODE;ACTE_MATIERE_NOM;ACTE_OBJET;COMMUNE;SIGNATAIRE_NOM;SIGNATAIRE_FONCTION',
    );
    expect(lines).toHaveLength((await register()).total + 1);
    expect(lines[1]).toContain(`;${number(1)};${parisToday()};Arrêté de permission de voirie;8.3;Voirie;`);
    expect(lines[2]).toContain(';Arrêté de refus de permission de voirie;8.3;Voirie;');
    expect(lines[1]).toMatch(/;Capbreton;Paul Darrigade;$/);
    expect(lines.find((line) => line.includes(';Labenne;'))).toMatch(/;Labenne;Anne Lafitte;Maire$/);
  });
});

describe('the printed register of a year', () => {
  test('the PDF: its tables by date and by subject, then the count of acts without a gap', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/acts/register.pdf?year=${String(year)}`,
      headers: instructor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="registre-des-actes-${String(year)}.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    const total = (await register(`?year=${String(year)}`)).total;
    expect(text).toContain(`Registre des actes – année ${String(year)}`);
    expect(text.indexOf('Table chronologique')).toBeLessThan(text.indexOf('Table par objet'));
    expect(text).toContain(number(1));
    expect(text).toContain('Signataire');
    expect(text).toContain('Anne Lafitte, Maire');
    expect(text).toContain(
      `compte ${String(total)} actes, numérotés de ${number(1)} à ${number(total)}, sans interruption.`,
    );
    expect((await get(`/api/acts/register.pdf?year=${String(year)}`, applicant)).status).toBe(403);
    expect((await get('/api/acts/register.pdf', instructor)).status).toBe(400);
  });

  test('a gap in the numbers is said, never hidden', () => {
    const act = (sequence: number) => ({
      number: `A${String(sequence)}`,
      sequence,
      nature: 'traffic' as const,
      subject: 'Objet',
      town: 'Capbreton',
      signedAt: '01/02/2026 10:00',
      signatory: 'Anne Lafitte, Maire',
    });
    expect(closingStatement(2026, [act(1), act(2), act(5)])).toBe(
      "Le présent registre de l'année 2026 compte 3 actes, numérotés de A1 à A5 ; numéros d'ordre manquants : 3, 4.",
    );
    expect(closingStatement(2026, [])).toBe("Le registre de l'année 2026 ne compte aucun acte.");
  });
});

describe('the transmission to the prefect', () => {
  const act = number(1);
  const put = (url: string, payload: object, user: TestUser = instructor) =>
    t.app.inject({ method: 'PUT', url, headers: user.headers, payload });

  test('the ACTES package: the metadata as the operators read it and the signed act, named as @CTES names them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/acts/${act}/actes.zip`,
      headers: instructor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const base = `040-244000865-${parisToday().replaceAll('-', '')}-${act}-AI-1-1`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${base}.zip"`);
    const zip = new PizZip(res.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual([`${base}_0.xml`, `${base}_1.pdf`]);
    const xml = zip.file(`${base}_0.xml`)!.asText();
    const { subject } = (await register()).data.find((row) => row.number === act)!;
    expect(xml).toContain(
      `actes:Date="${parisToday()}" actes:NumeroInterne="${act}" actes:CodeNatureActe="3"`,
    );
    expect(xml).toContain('<actes:CodeMatiere1 actes:CodeMatiere="8"/>');
    expect(xml).toContain('<actes:CodeMatiere2 actes:CodeMatiere="3"/>');
    expect(xml).toContain(`<actes:Objet>${subject}</actes:Objet>`);
    expect(xml).toContain(`<actes:NomFichier>${base}_1.pdf</actes:NomFichier>`);
    expect(zip.file(`${base}_1.pdf`)!.asText().startsWith('%PDF')).toBe(true);
    expect((await get(`/api/acts/${act}/actes.zip`, applicant)).status).toBe(403);
    expect((await get('/api/acts/2000_99999/actes.zip', instructor)).status).toBe(404);
  });

  test('the acknowledgement: its date and identifier checked, then shown', async () => {
    const url = `/api/acts/${act}/transmission`;
    expect((await get<ActTransmission>(url, instructor)).body.data).toEqual({
      required: true,
      receivedOn: null,
      identifier: null,
    });
    const identifier = `040-244000865-${parisToday().replaceAll('-', '')}-${act}-AI`;
    const refused = async (payload: object, message: string) => {
      const res = await put(url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    };
    await refused({ receivedOn: parisToday(), identifier: 'AR-123' }, ACT_TRANSMISSION_MESSAGES.identifier);
    await refused(
      { receivedOn: parisToday(), identifier: identifier.replace(act, number(2)) },
      ACT_TRANSMISSION_MESSAGES.identifierOfAnotherAct(act),
    );
    await refused(
      { receivedOn: `${String(year - 1)}-12-31`, identifier },
      ACT_TRANSMISSION_MESSAGES.receivedBeforeSignature,
    );
    await refused(
      { receivedOn: `${String(year + 1)}-01-01`, identifier },
      ACT_TRANSMISSION_MESSAGES.receivedInFuture,
    );
    expect((await put(url, { receivedOn: parisToday(), identifier }, applicant)).statusCode).toBe(403);

    const saved = await put(url, { receivedOn: parisToday(), identifier });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: ActTransmission }>().data).toEqual({
      required: true,
      receivedOn: parisToday(),
      identifier,
    });
  });

  test('the natures transmitted are the administrator’s; never a traffic order', async () => {
    const url = '/api/acts/transmission';
    expect((await get<{ natures: string[] }>(url, instructor)).body.data.natures).toEqual([
      'permission',
      'refusal',
      'alignment',
      'formalNotice',
    ]);
    expect((await put(url, { natures: ['alignment'] })).statusCode).toBe(403);
    expect((await put(url, { natures: ['alignment', 'traffic'] }, admin)).statusCode).toBe(400);
    expect((await put(url, { natures: ['alignment'] }, admin)).statusCode).toBe(200);
    const res = await get(`/api/acts/${act}/actes.zip`, instructor);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ACT_TRANSMISSION_MESSAGES.notTransmitted);
    expect((await get<ActTransmission>(`/api/acts/${act}/transmission`, instructor)).body.data.required).toBe(
      false,
    );
    expect((await put(url, { natures: ['permission', 'refusal', 'alignment'] }, admin)).statusCode).toBe(200);
  });
});

describe('the number format, the administrator’s', () => {
  test('a format outside the ACTES rule is refused in French; a good one numbers the next act', async () => {
    const put = (format: string, user: TestUser = admin) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/acts/numbering',
        headers: user.headers,
        payload: { format },
      });
    expect((await put('VOIRIE{AAAA}{NNN}', instructor)).statusCode).toBe(403);
    const bad = await put('VOIRIE_{AAAA}_{NNNNNN}');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(ACT_REGISTER_MESSAGES.formatActes);
    expect((await get<ActNumberingView>('/api/acts/numbering', admin)).body.data.format).toBe(
      '{AAAA}_{NNNNN}',
    );

    const saved = await put('VOIRIE{AAAA}{NNN}');
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: ActNumberingView }>().data).toEqual({
      format: 'VOIRIE{AAAA}{NNN}',
      defaultFormat: '{AAAA}_{NNNNN}',
      example: `VOIRIE${String(year)}001`,
    });
    const before = (await register()).total;
    const id = await permissionInSignature(true);
    expect((await postSignedOrders(t, id, instructor, ['file'])).statusCode).toBe(200);
    const last = (await register()).data.at(-1);
    expect(last).toMatchObject({
      number: `VOIRIE${String(year)}${String(before + 1).padStart(3, '0')}`,
      requestId: id,
    });
  });
});
