import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  ALIGNMENT_REASON_OTHER,
  AttestationStepSchema,
  Cerfa14024InputSchema,
  IndividualAlignmentRequestInputSchema,
  SecondaryAddressInputSchema,
  cerfa14023InputSchema,
  locationStepSchema,
  partyInputSchema,
  type PublicWorksCollection,
} from '@voirie/domain';
import { publicWorkKey } from '../src/public-works/public-works-service.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { MANDATORY, ON_PINS, filingParts, filingPayload, multipart, pdfNamed } from './filing-helpers.ts';
import { shiftDay } from './groups-helpers.ts';
import { docxText, withoutLibreOfficeInFile } from './orders-helpers.ts';
import type { TestUser } from './requests-factory.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';

// What is published is built from reference data and from what the
// administration wrote, never from what an applicant typed. Requests of every kind — a networks
// permission with its alignment and its traffic-police order (cerfa 14024), an access permission
// by a company with its own 14024, an alignment — are filed with a marker of their own in every
// field that takes free text (found by asking each form's schema), taken to publication (decided,
// the 14024 completed, generated, signed), then every public output is read: the open data
// (GeoJSON, CSV), the map's layers, each published traffic order's PDF, and the traffic orders as
// generated. No marker, e-mail or phone typed by an applicant is in any of them.

// Merged, not converted: LibreOffice would add seconds per act (the PDF is the DOCX's text).
withoutLibreOfficeInFile();
const t = testAppForFile({}, { dataDir: 'published-markers', geo: true });
const { applicant, instructor } = accountsForFile(t, {
  applicant: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
});

const today = parisToday();
const day = (days: number) => shiftDay(today, days);

/** Every marker given; each is unique and no output holds one by chance. */
const MARKERS: string[] = [];
const marker = () => {
  const value = `Qz${String(MARKERS.length + 1).padStart(3, '0')}k`;
  MARKERS.push(value);
  return value;
};
/** The e-mails and phones typed (their fields take no free text): unique too. */
const CONTACTS: string[] = [];
const email = () => {
  const value = `marqueur.${String(CONTACTS.length + 1)}@exemple.fr`;
  CONTACTS.push(value);
  return value;
};
const phone = () => {
  const value = `06${String(71_000_000 + CONTACTS.length + 1)}`;
  CONTACTS.push(value);
  return value;
};

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  if (schema instanceof z.ZodPipe) return shapeOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodObject) return schema.shape;
  throw new Error('not an object schema');
}

/**
 * `base` with a marker in every field of the form that takes free text: a field its schema
 * accepts a marker for (names, streets, free comments, references…), not a choice, a number, a
 * date, an e-mail, a phone, a postal code or a member town.
 */
function marked(schema: z.ZodType, base: Record<string, unknown> = {}): Record<string, unknown> {
  const form = { ...base };
  for (const [field, fieldSchema] of Object.entries(shapeOf(schema)))
    if (fieldSchema.safeParse('Qz000k').success) form[field] = marker();
  return form;
}

/** A person with a marker in every text field, and an e-mail and a phone of its own. */
const person = (kind: 1 | 2 | 3, role: 'petitioner' | 'beneficiary', nature: string) =>
  marked(partyInputSchema({ role, kind }), { nature, title: 'Madame', email: email(), phone: phone() });

/** The filing of a kind on the Rue des Pins, Capbreton, every free text marked. */
function markedFiling(
  kind: 1 | 2 | 3,
  options: { nature?: string; beneficiary?: boolean; alignment?: boolean; traffic?: object },
) {
  const base = filingPayload(kind);
  const location = marked(locationStepSchema({ requireGeometry: true }), {
    ...base.location,
    theGeom: { type: 'GeometryCollection', geometries: [ON_PINS] },
    adresses: [
      marked(SecondaryAddressInputSchema, {
        addressType: 'Rue',
        addressCity: 'Capbreton',
        addressPostalCode: '40130',
      }),
    ],
  });
  const nature = options.nature ?? 'Particulier';
  return {
    ...base,
    location,
    parties: {
      petitioner: person(kind, 'petitioner', nature),
      isbeneficiaire: options.beneficiary === true,
      beneficiary: options.beneficiary ? person(kind, 'beneficiary', 'Particulier') : null,
    },
    cerfa1402301:
      kind === 2
        ? null
        : marked(cerfa14023InputSchema(kind), {
            themes: kind === 1 ? 'pose_compteur' : 'amenagement_acces,depot_stationnement',
            longitudinalTrenchUnderRoad: 25,
            contactEmail: email(),
          }),
    individualAlignmentRequest:
      kind === 2 || options.alignment
        ? marked(IndividualAlignmentRequestInputSchema, { reasonRequest: ALIGNMENT_REASON_OTHER })
        : null,
    dates: { dateStart: day(3), dateEnd: day(20) },
    attestation: marked(AttestationStepSchema, { accuracyInformation: true }),
    ...(options.traffic
      ? {
          cerfa14024: marked(Cerfa14024InputSchema, {
            ...options.traffic,
            // The published wording is the instructor's: a filing cannot set it.
            publishedDetourRoute: marker(),
            publishedOtherPrescriptions: marker(),
            previousPermission: true,
            dateRegulation: day(3),
            durationRegulation: 10,
            directionTraffic: 'Deux sens de circulation',
            alternatingCirculationManual: false,
            limitedSpeed: 30,
            gestSignagePhone: phone(),
            gestSignageEmail: email(),
          }),
        }
      : {}),
  };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: user.headers, ...(payload ? { payload } : {}) });

async function file(kind: 1 | 2 | 3, payload: object) {
  const body = multipart(filingParts(payload, MANDATORY[kind]));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/request',
    payload: body.payload,
    headers: { ...body.headers, ...applicant.headers },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; publicId: string } }>().data;
}

interface Detail {
  stateId: number;
  cerfa14024: Record<string, unknown> | null;
  order: { acts: { act: string; docx: { id: number } | null }[] } | null;
}
const detailOf = async (id: number) =>
  (await call('GET', `/request/${String(id)}`, instructor)).json<{ data: Detail }>().data;

const storedText = async (documentId: number) => {
  const row = await t.database.db
    .selectFrom('document')
    .select('storageKey')
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  return docxText((await t.ctx.filing.store.read(row.storageKey))!);
};

/** What the instructor writes for the published traffic order: its own words. */
const WORDED = {
  publishedDetourRoute: 'Par la route départementale 652 dans les deux sens.',
  publishedOtherPrescriptions: 'Accès des riverains et des secours maintenu.',
};

/**
 * Decided (favourable, an alignment's too), the 14024 completed by the instructor as the form
 * holds it plus its own wording, the acts generated, signed — the traffic order's signed PDF
 * being the text of the order as generated — and their texts as generated.
 */
async function toPublication(id: number, options: { alignment: boolean; kind: 1 | 2 | 3 }) {
  const decision =
    options.kind === 2
      ? { isFavorable: true }
      : {
          isFavorable: true,
          ...(options.alignment ? { alignement: { isFavorable: true, decisionHorsCompetence: false } } : {}),
        };
  const decided = await call('PUT', `/request/${String(id)}/decision`, instructor, decision);
  expect(decided.statusCode, decided.body).toBe(200);
  const filed = await detailOf(id);
  if (filed.cerfa14024) {
    const completed = await call('PUT', `/request/${String(id)}/cerfa14024`, instructor, {
      ...filed.cerfa14024,
      ...WORDED,
    });
    expect(completed.statusCode, completed.body).toBe(200);
  }
  const generated = await call('POST', `/request/${String(id)}/order`, instructor);
  expect(generated.statusCode, generated.body).toBe(200);
  const acts = (await detailOf(id)).order!.acts;
  const texts = Object.fromEntries(
    await Promise.all(acts.map(async (act) => [act.act, await storedText(act.docx!.id)] as const)),
  );
  expect((await call('POST', `/request/${String(id)}/signature`, instructor)).statusCode).toBe(200);
  // A PDF the publication can stamp and convert (its works are public once it is published), the
  // order's text after its end as comments.
  const trafficPdf = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: true }));
  const body = multipart(
    acts.map((act) => ({
      name: act.act,
      // The authority signs the order as generated.
      content:
        act.act === 'traffic'
          ? Buffer.concat([trafficPdf, Buffer.from(`${texts.traffic!.replace(/^/gm, '% ')}\n`)])
          : pdfNamed(`${act.act} signé`),
      filename: `${act.act}.pdf`,
      type: 'application/pdf',
    })),
  );
  const signed = await t.app.inject({
    method: 'POST',
    url: `/api/request/${String(id)}/signature/signed`,
    payload: body.payload,
    headers: { ...body.headers, ...instructor.headers },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  return texts;
}

const requests: Record<'combined' | 'company' | 'alignment', { id: number; publicId: string }> = {} as never;
const generatedTexts: Record<string, Record<string, string>> = {};
/** The published wording of the 14024s as filed (before the instructor's). */
let filedWording: unknown[] = [];

beforeAll(async () => {
  requests.combined = await file(
    1,
    markedFiling(1, { beneficiary: true, alignment: true, traffic: { signageBy: 'entreprise' } }),
  );
  requests.company = await file(
    3,
    markedFiling(3, { nature: 'Entreprise', traffic: { signageBy: 'demandeur' } }),
  );
  requests.alignment = await file(2, markedFiling(2, {}));
  filedWording = await t.database.db
    .selectFrom('cerfa14024')
    .select(['publishedDetourRoute', 'publishedOtherPrescriptions'])
    .orderBy('id')
    .execute();
  generatedTexts.combined = await toPublication(requests.combined.id, { kind: 1, alignment: true });
  generatedTexts.company = await toPublication(requests.company.id, { kind: 3, alignment: false });
  generatedTexts.alignment = await toPublication(requests.alignment.id, { kind: 2, alignment: false });
}, 240_000);

/** The markers, e-mails and phones typed by the applicant that a text holds (any case). */
const leaksIn = (text: string) => {
  const lower = text.toLowerCase();
  return [...MARKERS, ...CONTACTS].filter((needle) => lower.includes(needle.toLowerCase()));
};

describe('no free text typed by an applicant is published', () => {
  test('every free-text field of every form carried a marker, and the orders not published print them', async () => {
    expect(MARKERS.length).toBeGreaterThan(80);
    const stored = await t.database.db
      .selectFrom('request')
      .innerJoin('cerfa14024', 'cerfa14024.id', 'request.cerfa14024Id')
      .select(['request.addressName', 'cerfa14024.detourRoute', 'cerfa14024.gestSignagePhone'])
      .where('request.id', '=', requests.combined.id)
      .executeTakeFirstOrThrow();
    expect(MARKERS).toContain(stored.addressName);
    expect(MARKERS).toContain(stored.detourRoute);
    expect(CONTACTS).toContain(stored.gestSignagePhone);
    expect(filedWording).toEqual([
      { publishedDetourRoute: null, publishedOtherPrescriptions: null },
      { publishedDetourRoute: null, publishedOtherPrescriptions: null },
    ]);
    // The permission's own order (sent to the applicant, not published) does name them.
    expect(leaksIn(generatedTexts.combined!.permission!).length).toBeGreaterThan(5);
  });

  test('the open data (GeoJSON, CSV) and the map layers hold no marker', async () => {
    const geojson = await t.app.inject({ method: 'GET', url: '/api/public/works.geojson' });
    const csv = await t.app.inject({ method: 'GET', url: '/api/public/works.csv' });
    const layers = await t.app.inject({ method: 'GET', url: '/api/public/map-layers' });
    for (const res of [geojson, csv, layers]) expect(res.statusCode).toBe(200);
    const features = (JSON.parse(geojson.body) as PublicWorksCollection).features;
    // Both permissions are published, placed by the reference road and town.
    for (const name of ['combined', 'company'] as const) {
      const feature = features.find((candidate) => candidate.id === publicWorkKey(requests[name].publicId));
      expect(feature?.properties, name).toMatchObject({
        commune: 'Capbreton',
        code_insee: '40065',
        voie: 'Rue des Pins',
        statut: 'a_venir',
      });
      expect(feature?.properties.arrete_circulation, name).toEqual(expect.any(String));
    }
    expect(csv.body).toContain(publicWorkKey(requests.company.publicId));
    for (const [what, res] of Object.entries({ geojson, csv, layers }))
      expect(leaksIn(res.body), what).toEqual([]);
  });

  test('the traffic orders as generated and as published hold no marker, only reference data and the instructor’s words', async () => {
    for (const name of ['combined', 'company'] as const) {
      const generated = generatedTexts[name]!.traffic!;
      expect(leaksIn(generated), name).toEqual([]);
      for (const expected of [
        'Arrêté de police de la circulation',
        'situés Rue des Pins, 40130 Capbreton',
        'la police municipale de Capbreton',
        WORDED.publishedDetourRoute,
        WORDED.publishedOtherPrescriptions,
      ])
        expect(generated, name).toContain(expected);
      const published = await t.app.inject({
        method: 'GET',
        url: `/api/public/works/${publicWorkKey(requests[name].publicId)}/arrete-circulation.pdf`,
      });
      expect(published.statusCode).toBe(200);
      expect(published.body).toContain('Arrêté de police de la circulation');
      expect(leaksIn(published.body), name).toEqual([]);
    }
    // An alignment is never published.
    expect(Object.keys(generatedTexts.alignment!)).toEqual(['alignment']);
  });
});
