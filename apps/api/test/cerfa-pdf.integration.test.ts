import { beforeAll, describe, expect, test } from 'vitest';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';
import { testAppForFile } from './test-app.ts';
import { TRAFFIC_ORDER_NOT_OFFERED } from '@voirie/domain';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';

const t = testAppForFile();
let alice: TestUser;
let bob: TestUser;
let instructor: TestUser;
let networks: number;
let traffic: number;

beforeAll(async () => {
  const db = t.database.db;
  alice = await createUser(t, ['ROLE_DEMANDEUR'], { firstName: 'Alice', lastName: 'Martin' });
  bob = await createUser(t, ['ROLE_DEMANDEUR']);
  instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
  // Characters WinAnsi lacks (emoji, ő, narrow space, arrow) must not break the PDF.
  networks = (
    await createRequest(db, {
      owner: alice,
      state: 3,
      petitioner: {
        corporationName: 'Élagage Côte Sud 🚧 Kőrös\u202fSARL → Œuvre',
        corporationAgent: 'Hélène l’Ébéniste',
        email: alice.email,
      },
    })
  ).id;
  const cerfa = await db
    .insertInto('cerfa14023')
    .values({
      themes: 'saillie_surplomb,ouvrage_divers',
      trackWidth: 6.5,
      networkConnection: 'eau_potable',
      contactLastName: 'Garçon',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('request')
    .set({ cerfa14023Id: cerfa.id, project: 'Pose d’un fourreau. '.repeat(600) })
    .where('id', '=', networks)
    .execute();
  traffic = (await createRequest(db, { owner: alice, state: 3, numaffaire: 'AFF-14024' })).id;
  const order = await db
    .insertInto('cerfa14024')
    .values({
      directionTraffic: 'Fermeture à la circulation',
      limitedSpeed: 30,
      gestSignageCorporationName: 'Signa Sud',
      dateRegulation: '2026-05-04',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('request').set({ cerfa14024Id: order.id }).where('id', '=', traffic).execute();
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

// WinAnsi bytes 0x80–0x9F that differ from Latin-1 (Node's windows-1252 decoder is Latin-1).
const WIN_ANSI_EXTRA: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x8c: 'Œ',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
  0x9c: 'œ',
};
const winAnsi = (bytes: Buffer) =>
  Array.from(bytes, (byte) => WIN_ANSI_EXTRA[byte] ?? String.fromCharCode(byte)).join('');

/** The text drawn on a page: pdf-lib writes WinAnsi hex strings, `<…> Tj`, in flate streams. */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .flatMap((content) =>
      [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) =>
        winAnsi(Buffer.from(match[1] ?? '', 'hex')),
      ),
    )
    .join('\n');
}

async function fetchPdf(id: number, type: string, user: TestUser) {
  const answer = await get(`/api/request/${String(id)}/pdf/${type}`, user);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toEqual({
    success: true,
    message: `/api/request/${String(id)}/pdf/${type}/file`,
    data: null,
  });
  const file = await get(answer.json().message, user);
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(file.headers['content-disposition']).toBe(`inline; filename="cerfa-${type}-${String(id)}.pdf"`);
  expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(file.rawPayload);
  return { pdf, text: pdf.getPages().map(pageText).join('\n') };
}

/** A text zone as drawn: its label above its box, then its value in the box. */
const zone = (label: string, value: string) => `${label}\n${value}`;
/** A ticked box: the X drawn in the box, then the box's label. */
const ticked = (label: string) => `X\n${label}`;

describe('GET request/{id}/pdf/{cerfaType}', () => {
  test('14023: an A4 PDF laid out as the form — numbered sections, boxes ticked, zones filled — over several pages', async () => {
    const { pdf, text } = await fetchPdf(networks, '14023', alice);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(pdf.getSubject()).toContain(`Demande n°${String(networks)}`);
    expect(pdf.getKeywords()).toContain('14023');
    expect(text).toContain('cerfa\nn°14023*01');
    expect(text).toContain(`Demande n°${String(networks)}`);
    expect(text).toContain('« Demande de permission ou d’autorisation de voirie');
    for (const [index, title] of [
      'Le demandeur',
      'Le bénéficiaire (s’il est différent du demandeur)',
      'Localisation des travaux',
      'Dates des travaux',
      'Nature des travaux',
    ].entries())
      expect(text).toContain(`${String(index + 1)} - ${title}`);
    expect(text).toMatch(/\n1[0-9] - Attestation et signature\n/);
    expect(text).toContain(ticked('Entreprise'));
    expect(text).not.toContain(ticked('Particulier'));
    expect(text).toContain(zone('Dénomination', 'Élagage Côte Sud ? Korös SARL -> Œuvre'));
    expect(text).toContain(zone('Représenté par', 'Hélène l’Ébéniste'));
    expect(text).toContain(ticked('Saillie / surplomb'));
    expect(text).toContain(ticked('Ouvrages divers'));
    expect(text).not.toContain(ticked('Pose de compteur'));
    expect(text).toContain(ticked('Eau potable'));
    expect(text).toContain(zone('Largeur de la chaussée (m)', '6,5'));
    expect(text).toContain(zone('Nom', 'Garçon'));
    // The postal code in its five cells, one string drawn with a character spacing.
    expect(text).toContain(zone('Code postal', '40130'));
    expect(text).toContain(`page 2 / ${String(pdf.getPageCount())}`);
  });

  test("14024: the traffic-order form's eight numbered sections, from the request and its 14024 part", async () => {
    const { text } = await fetchPdf(traffic, '14024', instructor);
    expect(text).toContain('cerfa n°14024*01');
    expect(text).toContain('« Demande d’arrêté de police de la circulation »');
    expect(text).toContain('Code de la route L411-1 à L411-7');
    expect(text).toContain(`Demande n°${String(traffic)}`);
    for (const [index, title] of [
      'Le demandeur',
      'Si le bénéficiaire est différent du demandeur',
      'Localisation du site concerné par la demande',
      'Nature et date des travaux',
      'Réglementation souhaitée',
      'La pose, le maintien ou le retrait de la signalisation spécifique au chantier sont effectués par',
      'Pièces jointes à la demande',
      'Attestation et signature',
    ].entries())
      expect(text).toContain(`${String(index + 1)} - ${title}`);
    expect(text).toContain(zone('Nom', 'Durand'));
    expect(text).toContain(ticked('Particulier'));
    expect(text).toContain(ticked('Fermeture à la circulation'));
    expect(text).not.toContain(ticked('Deux sens de circulation'));
    expect(text).toContain(zone('Vitesse limitée à (km/h)', '30'));
    expect(text).toContain(zone('Date de début de réglementation', '04/05/2026'));
    expect(text).toContain(zone('Dénomination', 'Signa Sud'));
  });

  test('the 14024 is offered only where the works touch the carriageway, filled from the request', async () => {
    const db = t.database.db;
    // The 14023 above has no works on the roadway: no 14024, on either route.
    for (const url of [
      `/api/request/${String(networks)}/pdf/14024`,
      `/api/request/${String(networks)}/pdf/14024/file`,
    ]) {
      const res = await get(url, alice);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TRAFFIC_ORDER_NOT_OFFERED);
    }
    const trench = (await createRequest(db, { owner: alice, state: 3, dateStart: '2026-06-01' })).id;
    const cerfa = await db
      .insertInto('cerfa14023')
      .values({ themes: 'ouvrage_divers', natureWork: 'creation', transverseTrenchUnderRoad: 7 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('request').set({ cerfa14023Id: cerfa.id }).where('id', '=', trench).execute();
    const { text } = await fetchPdf(trench, '14024', alice);
    expect(text).toContain(zone('Description des travaux', 'Ouvrages divers – Création'));
    expect(text).toContain(zone('Date de début de réglementation', '01/06/2026'));
    expect(text).toContain(ticked('Empiètement sur chaussée'));
  });

  test('the 14023 of a permission filed with its alignment request names it under the title', async () => {
    const db = t.database.db;
    const { id } = await createRequest(db, { owner: alice, state: 3 });
    const cerfa = await db
      .insertInto('cerfa14023')
      .values({ themes: 'ouvrage_divers' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alignment = await db
      .insertInto('individualAlignmentRequest')
      .values({ reasonRequest: 'Autre', reasonRequestOther: 'Division' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('request')
      .set({ cerfa14023Id: cerfa.id, alignmentId: alignment.id })
      .where('id', '=', id)
      .execute();
    const { text } = await fetchPdf(id, '14023', alice);
    expect(text).toContain(
      "Une demande d'alignement individuel est jointe à cette demande (motif : Division).",
    );
    expect((await fetchPdf(networks, '14023', alice)).text).not.toContain("demande d'alignement individuel");
  });

  test('a request the user may not see is not found, on both routes; so is an unknown form', async () => {
    for (const url of [
      `/api/request/${String(networks)}/pdf/14023`,
      `/api/request/${String(networks)}/pdf/14024/file`,
    ]) {
      const res = await get(url, bob);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Cette demande n'existe pas ou ne vous est pas accessible.");
    }
    for (const url of [
      `/api/request/${String(networks)}/pdf/14025`,
      `/api/request/${String(networks)}/pdf/abc/file`,
    ]) {
      const res = await get(url, alice);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(
        "Ce formulaire Cerfa n'existe pas : les formulaires disponibles sont le 14023 et le 14024.",
      );
    }
    expect((await get(`/api/request/${String(networks)}/pdf/14023/file`)).statusCode).toBe(401);
  });
});
