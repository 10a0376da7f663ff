import { check } from '@placemarkio/check-geojson';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { DOCUMENT_TYPE, PUBLIC_WORKS_CSV_COLUMNS, type PublicWorksCollection } from '@voirie/domain';
import { publicWorkKey } from '../src/public-works/public-works-service.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';
import { insertGroup, shiftDay } from './groups-helpers.ts';
import { attachStoredDocument, createRequest, createUser } from './requests-factory.ts';
import { testAppForFile, createTestApp } from './test-app.ts';
import { createWorks } from './works-helpers.ts';

// The public works map's open data: GET public/works.geojson and public/works.csv,
// without a session — the granted permissions' works under way or to come, no personal data,
// placed by the reference roads and towns, never by the address typed, cacheable
// (ETag, 304), French refusals.

const t = testAppForFile();
const today = parisToday();
const day = (days: number) => shiftDay(today, days);

/** What the seeded applicants, beneficiaries and agents are: none of it may be published. */
const PERSONAL = [
  'Zéphyrin',
  'Quignard',
  'zephyrin.quignard@exemple.fr',
  '0612345678',
  '06 12 34 56 78',
  'Honorine',
  'Vasseur',
  'honorine.vasseur@exemple.fr',
  'Anatole',
  'Dubuisson',
  'Bâtiments Dubuisson SARL',
  'contact@dubuisson.fr',
  '0558765432',
  'Rosalinde',
  'Kervella',
  // The streets as typed: only the reference road's name is published.
  'Mimosas',
  'des Lacs',
];

const ids = {} as Record<
  'operatorWorks' | 'comingWorks' | 'farWorks' | 'formulaWorks',
  { id: number; publicId: string }
>;
const hidden: { id: number; publicId: string; numaffaire: string }[] = [];

beforeAll(async () => {
  const db = t.database.db;
  // The reference roads: the Rue des Pins by Capbreton's interior point, the Chemin de Lartigue
  // through Saint-Vincent-de-Tyrosse's; none near Seignosse's.
  await insertGeoFixtures(db);
  const operator = await insertGroup(db, {
    libelle: 'Réseaux Sud Landes',
    code: '12345678900015',
    type: 'operator',
  });
  ids.operatorWorks = await createWorks(db, {
    state: 4,
    kind: 1,
    numaffaire: '2026-0917',
    operatorPerimeterId: operator,
    dateStart: day(-5),
    dateEnd: day(5),
    addressNum: '17',
    addressType: 'rue',
    addressName: 'des Mimosas',
    petitioner: { firstName: 'Zéphyrin', lastName: 'Quignard', email: 'zephyrin.quignard@exemple.fr' },
    beneficiary: { firstName: 'Honorine', lastName: 'Vasseur', email: 'honorine.vasseur@exemple.fr' },
    phone: '0612345678',
    works: {
      longitudinalTrenchUnderRoad: 40,
      contactLastName: 'Kervella',
      contactFirstName: 'Rosalinde',
      contactEmail: 'contact@dubuisson.fr',
      contactPhone: '0558765432',
    },
    trafficOrder: {
      alternatingCirculationManual: false,
      limitedSpeed: 30,
      detourRoute: 'Par le chemin de Zéphyrin Quignard, 06 12 34 56 78',
      otherPrescriptions: 'Appeler Rosalinde Kervella',
      gestSignageLastName: 'Kervella',
      gestSignageEmail: 'contact@dubuisson.fr',
    },
  });
  ids.comingWorks = await createWorks(db, {
    state: 12,
    kind: 3,
    insee: '40296',
    city: 'Seignosse',
    dateStart: day(10),
    dateEnd: day(20),
    addressNum: '3',
    addressType: 'avenue',
    addressName: 'des Lacs',
    petitioner: {
      corporationName: 'Bâtiments Dubuisson SARL',
      corporationAgent: 'Anatole Dubuisson',
      email: 'contact@dubuisson.fr',
    },
    phone: '0558765432',
    works: { themes: 'amenagement_acces' },
  });
  ids.farWorks = await createWorks(db, { state: 7, kind: 1, dateStart: day(200), dateEnd: day(230) });
  ids.formulaWorks = await createWorks(db, {
    state: 6,
    kind: 1,
    insee: '40284',
    // The town typed is not the one of the footprint: the footprint's is published.
    city: 'Capbreton',
    dateStart: day(1),
    dateEnd: day(2),
    addressType: '',
    addressName: 'Résidence des Pins, n°14 maison Dupont',
    operatorPerimeterId: await insertGroup(db, {
      libelle: '=SOMME(1;2)',
      code: '12345678900023',
      type: 'operator',
    }),
  });
  // Not published: finished, not granted, cancelled, received, extended, an alignment.
  const others = [
    { state: 4, kind: 1 as const, dateStart: day(-30), dateEnd: day(-1) },
    { state: 3, kind: 1 as const, dateStart: day(-2), dateEnd: day(2) },
    { state: 1, kind: 3 as const, dateStart: day(-2), dateEnd: day(2) },
    { state: 2, kind: 1 as const, dateStart: day(-2), dateEnd: day(2) },
    { state: 10, kind: 1 as const, dateStart: day(-2), dateEnd: day(2) },
    { state: 5, kind: 2 as const, dateStart: day(-2), dateEnd: day(2) },
  ];
  for (const [index, spec] of others.entries()) {
    const numaffaire = `2026-08${String(index).padStart(2, '0')}`;
    hidden.push({
      ...(await createRequest(db, {
        ...spec,
        numaffaire,
        petitioner: { firstName: 'Anatole', lastName: 'Dubuisson' },
      })),
      numaffaire,
    });
  }
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function geojson(query = '') {
  const res = await get(`/api/public/works.geojson${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const featureIds = (body: string) =>
  (JSON.parse(body) as PublicWorksCollection).features.map((feature) => feature.id);
const key = (name: keyof typeof ids) => publicWorkKey(ids[name].publicId);

describe('GET public/works.geojson: the works under way or to come, for anyone', () => {
  test('valid GeoJSON (RFC 7946, checked by a parser), without a session, the soonest first', async () => {
    const res = await geojson();
    expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    // The parser throws on anything RFC 7946 does not allow.
    const collection = check(res.body) as unknown as PublicWorksCollection;
    expect(collection.type).toBe('FeatureCollection');
    expect(collection).toMatchObject({
      licence: 'Licence Ouverte / Open Licence 2.0',
      licence_url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
      date_donnees: today,
      tronque: false,
    });
    expect(featureIds(res.body)).toEqual([
      key('operatorWorks'),
      key('formulaWorks'),
      key('comingWorks'),
      key('farWorks'),
    ]);
  });

  test('each work: kind, reference town and road, dates, status, operator, traffic impact', async () => {
    const collection = JSON.parse((await geojson()).body) as PublicWorksCollection;
    const [operatorWorks, formula, coming] = collection.features;
    expect(operatorWorks!.properties).toEqual({
      identifiant: key('operatorWorks'),
      nature: 'Permission de voirie - Réseaux',
      commune: 'Capbreton',
      code_insee: '40065',
      voie: 'Rue des Pins',
      date_debut: day(-5),
      date_fin: day(5),
      statut: 'en_cours',
      operateur: 'Réseaux Sud Landes',
      impact_circulation: 'Circulation alternée par feux tricolores, vitesse limitée à 30 km/h',
      impact_niveau: 'circulation_alternee',
      localisation: 'precise',
      arrete_circulation: null,
      acte_publie: null,
    });
    // A network operator's footprint as drawn; the others at about 100 m (3 decimals).
    expect(operatorWorks!.geometry).toEqual({ type: 'Point', coordinates: [-1.429155, 43.63091] });
    // The footprint's town and road, whatever was typed (« Résidence des Pins, n°14 maison Dupont », Capbreton).
    expect(formula!.properties).toMatchObject({
      commune: 'Saint-Vincent-de-Tyrosse',
      code_insee: '40284',
      voie: 'Chemin de Lartigue',
    });
    // No reference road within 30 m: no street.
    expect(coming!.properties).toMatchObject({
      nature: 'Permission de voirie - Accès/Clôture',
      commune: 'Seignosse',
      voie: null,
      statut: 'a_venir',
      operateur: null,
      impact_niveau: 'aucun',
      localisation: 'approchee',
    });
    expect(coming!.geometry).toEqual({
      type: 'Point',
      coordinates: [expect.any(Number), expect.any(Number)],
    });
    for (const value of (coming!.geometry as { coordinates: number[] }).coordinates)
      expect(Number(value.toFixed(3))).toBe(value);
  });

  test('no e-mail, phone, person’s name, house number, internal id or case number anywhere (GeoJSON and CSV)', async () => {
    const bodies = [(await geojson()).body, (await get('/api/public/works.csv')).body];
    for (const body of bodies) {
      for (const text of PERSONAL) expect(body, text).not.toContain(text);
      expect(body).not.toMatch(/[\w.+-]+@[\w-]+\.[a-z]{2,}/i);
      expect(body).not.toMatch(/(?:\+33|\b0)[1-9](?:[ .-]?\d{2}){4}\b/);
      expect(body).not.toMatch(/\b17\b[ ,]*rue/i);
      expect(body).not.toMatch(/Résidence|Dupont|n°14/);
      expect(body).not.toContain('2026-0917');
      for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
        expect(body).not.toContain(ids[name].publicId);
        expect(body).not.toMatch(new RegExp(`"id":${String(ids[name].id)}\\b`));
      }
      for (const other of hidden) {
        expect(body).not.toContain(other.numaffaire);
        expect(body).not.toContain(publicWorkKey(other.publicId));
      }
    }
  });

  test('from and to select the works whose period meets them; a past period publishes nothing more', async () => {
    expect(featureIds((await geojson(`?to=${day(30)}`)).body)).toEqual([
      key('operatorWorks'),
      key('formulaWorks'),
      key('comingWorks'),
    ]);
    expect(featureIds((await geojson(`?from=${day(8)}&to=${day(12)}`)).body)).toEqual([key('comingWorks')]);
    expect(featureIds((await geojson(`?from=${day(21)}`)).body)).toEqual([key('farWorks')]);
    expect(featureIds((await geojson('?from=2020-01-01')).body)).toEqual(featureIds((await geojson()).body));
  });

  test('bbox: the works in the box only', async () => {
    // Capbreton's interior point is (-1.429, 43.631); Seignosse's (-1.394, 43.705).
    expect(featureIds((await geojson('?bbox=-1.44,43.62,-1.42,43.64')).body)).toEqual([
      key('operatorWorks'),
      key('farWorks'),
    ]);
    expect(featureIds((await geojson('?bbox=-1.40,43.70,-1.38,43.71')).body)).toEqual([key('comingWorks')]);
    expect(featureIds((await geojson('?bbox=2.3,48.8,2.4,48.9')).body)).toEqual([]);
  });

  test('refusals are 400 in French', async () => {
    const cases: [string, string][] = [
      [
        '?bbox=a,b',
        'Le paramètre bbox attend quatre nombres : longitude min, latitude min, longitude max, latitude max.',
      ],
      ['?bbox=-1.4,43.6,-1.5,43.7', 'Le paramètre bbox attend des degrés'],
      ['?from=2026-13-01', 'La date de début doit être une date (AAAA-MM-JJ).'],
      ['?to=demain', 'La date de fin doit être une date (AAAA-MM-JJ).'],
      [`?from=${day(5)}&to=${day(1)}`, 'La date de début doit précéder la date de fin.'],
    ];
    for (const [query, message] of cases) {
      for (const path of ['works.geojson', 'works.csv']) {
        const res = await get(`/api/public/${path}${query}`);
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'VALIDATION' });
        expect(res.json<{ message: string }>().message).toContain(message);
      }
    }
  });
});

describe('cacheable open data', () => {
  test('Cache-Control public, an ETag, 304 when unchanged, a new tag when the data change', async () => {
    for (const path of ['works.geojson', 'works.csv']) {
      const first = await get(`/api/public/${path}`);
      expect(first.headers['cache-control']).toBe('public, max-age=300');
      expect(first.headers['access-control-allow-origin']).toBe('*');
      expect(first.headers.link).toBe(
        '<https://www.etalab.gouv.fr/licence-ouverte-open-licence/>; rel="license"',
      );
      expect(first.headers['x-ratelimit-limit']).toBe('300');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(`/api/public/${path}`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(`/api/public/${path}`, { 'if-none-match': `W/${etag}, "autre"` })).statusCode).toBe(
        304,
      );
      expect((await get(`/api/public/${path}`, { 'if-none-match': '"autre"' })).statusCode).toBe(200);
    }
    const before = String((await geojson()).headers.etag);
    const added = await createWorks(t.database.db, { state: 4, kind: 3, dateStart: day(3), dateEnd: day(4) });
    const after = await get('/api/public/works.geojson', { 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    await t.database.db.updateTable('request').set({ stateId: 1 }).where('id', '=', added.id).execute();
  });

  test('a signed-in caller gets the same bytes', async () => {
    const someone = await createUser(t, ['ROLE_INSTRUCTEUR']);
    const anonymous = await geojson();
    const signedIn = await get('/api/public/works.geojson', someone.headers);
    expect(signedIn.body).toBe(anonymous.body);
  });
});

describe('GET public/works.csv', () => {
  test('UTF-8 with BOM, « ; », the documented columns, formulas neutralised', async () => {
    const res = await get('/api/public/works.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="travaux-en-cours-et-a-venir.csv"');
    const [header, ...lines] = res.body.split('\r\n').filter(Boolean);
    expect(header).toBe(`\uFEFF${PUBLIC_WORKS_CSV_COLUMNS.join(';')}`);
    expect(lines).toHaveLength(4);
    expect(lines[0]!.split(';').slice(0, 10)).toEqual([
      key('operatorWorks'),
      'Permission de voirie - Réseaux',
      'Capbreton',
      '40065',
      'Rue des Pins',
      day(-5),
      day(5),
      'en_cours',
      'Réseaux Sud Landes',
      'Circulation alternée par feux tricolores, vitesse limitée à 30 km/h',
    ]);
    // An operator named like a formula reaches the spreadsheet as text.
    expect(lines[1]).toContain(`"'=SOMME(1;2)"`);
    const [lon, lat] = lines[2]!.split(';').slice(-2).map(Number);
    expect(lon).toBeCloseTo(-1.394, 2);
    expect(lat).toBeCloseTo(43.705, 2);
  });
});

describe('the public map and the documentation', () => {
  test('GET public/map-layers answers without a session', async () => {
    const res = await get('/api/public/map-layers');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
  });

  test('the OpenAPI document describes both downloads under the Licence Ouverte', () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<
        string,
        { get?: { tags?: string[]; description?: string; parameters?: { name: string }[] } }
      >;
    };
    for (const path of ['/api/public/works.geojson', '/api/public/works.csv']) {
      const operation = doc.paths[path]?.get;
      expect(operation?.tags).toEqual(['Données ouvertes']);
      expect(operation?.description).toContain('Licence Ouverte / Open Licence 2.0');
      expect(operation?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
        'bbox',
        'from',
        'to',
      ]);
    }
    const policies = t.ctx.routes.filter((route) => route.url.startsWith('/api/public/'));
    expect(policies.map((route) => route.policy.kind)).toEqual(policies.map(() => 'public'));
  });
});

describe('the signed traffic-police order, published with its works', () => {
  test('listed with its works, served as the signed PDF; never for works not granted; French refusals', async () => {
    const signed = (requestId: number, text: string) =>
      attachStoredDocument(t, {
        requestId,
        typeDocumentId: DOCUMENT_TYPE.SIGNED_TRAFFIC_ORDER,
        name: `arrete-circulation-signe-${String(requestId)}.pdf`,
        content: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`),
      });
    await signed(ids.operatorWorks.id, 'arrete publie');
    // Filed, not granted (state 3): its order, even signed, is not published.
    const notGranted = hidden[1]!;
    await signed(notGranted.id, 'arrete non publie');

    const features = (JSON.parse((await geojson()).body) as PublicWorksCollection).features;
    const url = `/api/public/works/${key('operatorWorks')}/arrete-circulation.pdf`;
    expect(features.map((feature) => [feature.id, feature.properties.arrete_circulation])).toEqual([
      [key('operatorWorks'), url],
      [key('formulaWorks'), null],
      [key('comingWorks'), null],
      [key('farWorks'), null],
    ]);
    const csv = (await get('/api/public/works.csv')).body.split('\r\n');
    expect(csv[0]).toContain(';arrete_circulation;acte_publie;longitude;latitude');
    expect(csv[1]).toContain(`;${url};`);

    const pdf = await get(url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="arrete-circulation-${key('operatorWorks')}.pdf"`,
    );
    expect(pdf.headers['cache-control']).toBe('public, max-age=300');
    expect(pdf.body).toContain('arrete publie');
    // Its tag is the file's SHA-256: a client that has it gets a 304 (http/caching.ts).
    expect(pdf.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    const unchanged = await get(url, { 'if-none-match': String(pdf.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const absent = await get(
      `/api/public/works/${publicWorkKey(notGranted.publicId)}/arrete-circulation.pdf`,
    );
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toMatchObject({
      success: false,
      message: 'Aucun arrêté de police de la circulation n’est publié pour ce chantier.',
    });
    expect((await get(`/api/public/works/${key('comingWorks')}/arrete-circulation.pdf`)).statusCode).toBe(
      404,
    );
    const malformed = await get('/api/public/works/..%2F..%2Fetc/arrete-circulation.pdf');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toContain(
      'Aucun arrêté de police de la circulation n’est publié pour ce chantier.',
    );
  });
});

describe('on the demo data', () => {
  test('works under way and to come, and not one applicant’s, beneficiary’s or agent’s name, e-mail or phone', async () => {
    const demo = await createTestApp();
    try {
      const db = demo.database.db;
      const { seedDemoAccounts } = await import('../src/users/demo-accounts.ts');
      const { seedDemoRequests } = await import('../src/seed/demo-requests.ts');
      await seedDemoAccounts(db);
      await seedDemoRequests(db, { count: 300 });
      const geo = await demo.app.inject({ method: 'GET', url: '/api/public/works.geojson' });
      const csv = await demo.app.inject({ method: 'GET', url: '/api/public/works.csv' });
      const works = (check(geo.body) as unknown as PublicWorksCollection).features.map(
        (feature) => feature.properties,
      );
      expect(works.length).toBeGreaterThanOrEqual(10);
      expect(new Set(works.map((work) => work.statut))).toEqual(new Set(['en_cours', 'a_venir']));
      expect(works.some((work) => work.operateur !== null && work.localisation === 'precise')).toBe(true);
      expect(works.some((work) => work.commune === 'Seignosse')).toBe(true);
      expect(new Set(works.map((work) => work.impact_niveau)).size).toBeGreaterThanOrEqual(4);

      // Everything the demo knows of people: parties, the forms' contacts and signage, signatories.
      const people = await sql<{ names: (string | null)[]; contacts: (string | null)[] }>`
        SELECT ARRAY[concat_ws(' ', p.first_name, p.last_name), concat_ws(' ', p.last_name, p.first_name),
            p.corporation_agent] AS names, ARRAY[p.email, p.phone] AS contacts FROM petitioner p
        UNION ALL SELECT ARRAY[concat_ws(' ', r.made_first_name, r.made_last_name)], ARRAY[]::text[] FROM request r
        UNION ALL SELECT ARRAY[concat_ws(' ', c.contact_first_name, c.contact_last_name)],
            ARRAY[c.contact_email, c.contact_phone] FROM cerfa14023 c
        UNION ALL SELECT ARRAY[concat_ws(' ', s.gest_signage_first_name, s.gest_signage_last_name), s.gest_signage_agent],
            ARRAY[s.gest_signage_email, s.gest_signage_phone] FROM cerfa14024 s
        UNION ALL SELECT ARRAY[concat_ws(' ', u.first_name, u.last_name)], ARRAY[u.email, u.phone] FROM std_user u`.execute(
        db,
      );
      const needles = new Set(
        people.rows
          .flatMap((row) => [...row.names, ...row.contacts])
          .map((value) => value?.trim() ?? '')
          // A single word is not a person's name (« Marie » is in Sainte-Marie-de-Gosse).
          .filter((value) => value.includes(' ') || value.includes('@') || /^\d{10}$/.test(value)),
      );
      expect(needles.size).toBeGreaterThan(100);
      for (const body of [geo.body, csv.body]) {
        for (const needle of needles) expect(body.includes(needle), needle).toBe(false);
        expect(body).not.toMatch(/[\w.+-]+@[\w-]+\.[a-z]{2,}/i);
      }
    } finally {
      await demo.close();
    }
  }, 120_000);
});
