import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { Database } from '../src/db/schema/index.ts';
import { createTestDatabase } from './test-db.ts';
import { up } from '../src/db/migrations/0021-acts.ts';

// The data model of migrations 0002–0005, on PGlite and (TEST_TARGET=postgres) PostgreSQL.

let handle: DatabaseHandle;
let db: Kysely<Database>;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(() => handle?.close());

const MODEL_TABLES = [
  'state',
  'request_kind',
  'type_document',
  'modele',
  'map_layer',
  'commune',
  'city',
  'contact',
  'road_segment',
  'parcel',
  'address',
  'zone',
  'perimeter',
  'perimeter_member',
  'user_perimeter',
  'consultation',
  'petitioner',
  'cerfa14023',
  'cerfa14024',
  'individual_alignment_request',
  'alignment_street',
  'alignment_point',
  'request',
  'request_address',
  'request_missing_document',
  'mail_arrete_signe',
  'reception',
  'document',
];

/** A GeoJSON geometry as an SQL expression in EPSG:4326. */
function geometry(value: object) {
  return sql<string>`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(value)}), 4326)`;
}

/** 'YYYY-MM-DD' of a date column, whichever driver read it (PGlite still gives a Date). */
function isoDate(value: string | Date | null): string | null {
  return value instanceof Date ? value.toISOString().slice(0, 10) : value;
}

/** The SQLSTATE of a failed query (pg and PGlite both expose `code`). */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  throw new Error('the statement was expected to fail');
}

let userSeq = 0;
async function createUser(): Promise<number> {
  userSeq += 1;
  const row = await db
    .insertInto('stdUser')
    .values({ email: `model-${userSeq}-${Date.now()}@exemple.fr`, lastName: 'Durand', firstName: 'Léa' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function createPetitioner(lastName = 'Lafitte'): Promise<number> {
  const row = await db
    .insertInto('petitioner')
    .values({
      nature: 'Particulier',
      title: 'Madame',
      lastName,
      firstName: 'Élodie',
      email: 'elodie@exemple.fr',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('schema', () => {
  test('every table of the model exists, beside the accounts tables', async () => {
    const { rows } = await sql<{ tableName: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    `.execute(db);
    const names = rows.map((row) => row.tableName);
    expect(names).toEqual(expect.arrayContaining([...MODEL_TABLES, 'std_user', 'mail_log', 'mail_outbox']));
  });

  test('geometry columns are typed and SRID 4326, each with a GIST index', async () => {
    const { rows } = await sql<{ table: string; column: string; type: string; srid: number }>`
      SELECT f_table_name AS "table", f_geometry_column AS "column", type, srid
      FROM geometry_columns WHERE f_table_schema = 'public' ORDER BY 1, 2
    `.execute(db);
    expect(rows).toEqual(
      expect.arrayContaining([
        { table: 'commune', column: 'geom', type: 'MULTIPOLYGON', srid: 4326 },
        { table: 'road_segment', column: 'geom', type: 'LINESTRING', srid: 4326 },
        { table: 'parcel', column: 'geom', type: 'MULTIPOLYGON', srid: 4326 },
        { table: 'address', column: 'geom', type: 'POINT', srid: 4326 },
        { table: 'zone', column: 'geom', type: 'MULTIPOLYGON', srid: 4326 },
        { table: 'perimeter', column: 'geom', type: 'MULTIPOLYGON', srid: 4326 },
        { table: 'request', column: 'the_geom', type: 'GEOMETRYCOLLECTION', srid: 4326 },
      ]),
    );
    const indexes = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE '%USING gist%'
    `.execute(db);
    const indexed = (table: string, column: string) =>
      indexes.rows.some((index) => index.indexdef.includes(`ON public.${table} USING gist (${column})`));
    const unindexed = rows.filter(
      (row) => row.column !== 'interior_point' && !indexed(row.table, row.column),
    );
    expect(unindexed).toEqual([]);
  });
});

describe('reference rows', () => {
  test('the 15 states with their French names', async () => {
    const states = await db.selectFrom('state').selectAll().orderBy('id').execute();
    expect(states.map((state) => state.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 999]);
    expect(states.find((state) => state.id === 14)?.name).toBe('Retirée');
    expect(states.find((state) => state.id === 8)?.name).toBe('Transférée en complétude');
    expect(states.find((state) => state.id === 999)?.name).toBe("Génération de l'arrêté en cours");
  });

  test('the three request kinds', async () => {
    const kinds = await db.selectFrom('requestKind').selectAll().orderBy('id').execute();
    expect(kinds).toEqual([
      { id: 1, label: 'Permission de voirie - Réseaux' },
      { id: 2, label: "Demande d'alignement" },
      { id: 3, label: 'Permission de voirie - Accès/Clôture' },
    ]);
  });

  test('every document type id the specs name, reception types with nature réception', async () => {
    const types = await db.selectFrom('typeDocument').selectAll().execute();
    const ids = types.map((type) => type.id);
    const named = [
      1, 3, 5, 6, 8, 9, 10, 11, 17, 18, 20, 21, 79, 80, 85, 93, 97, 101, 102, 103, 104, 105, 106, 107, 108,
      109, 110, 111,
    ];
    expect(ids).toEqual(expect.arrayContaining(named));
    const byId = new Map(types.map((type) => [type.id, type]));
    expect(byId.get(21)?.name).toBe('Arrêté de décision signé');
    expect(byId.get(106)?.name).toBe('Mise en demeure');
    for (let id = 102; id <= 111; id++) expect(byId.get(id)?.nature).toBe('réception');
    // Kind 1 reads isMandatoryReseaux, kinds 2–3 isMandatory: the situation plan is always required.
    expect(byId.get(1)).toMatchObject({ isMandatory: true, isMandatoryReseaux: true });
    // A new type gets an id past the seeded ones.
    const added = await db
      .insertInto('typeDocument')
      .values({ name: 'Type ajouté par un administrateur' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(111);
  });

  test('letter templates 6 to 10, the traffic order and the map layers', async () => {
    const templates = await db
      .selectFrom('modele')
      .select(['id', 'libelle', 'kind'])
      .where('id', '>=', 6)
      .orderBy('id')
      .execute();
    expect(templates.map((template) => [template.id, template.kind])).toEqual([
      [6, 'mise_en_demeure'],
      [7, 'pv_reception'],
      [8, 'pv_reception'],
      [9, 'pv_reception'],
      [10, 'pv_perturbation'],
      // Migration 0021: its id is the sequence's, the portal finds it by its kind.
      [11, 'arrete_circulation'],
    ]);
    const acts = await db
      .selectFrom('typeDocument')
      .select(['id', 'categorie'])
      .where('id', 'in', [1021, 1093, 2021, 2093])
      .orderBy('id')
      .execute();
    expect(acts).toEqual([1021, 1093, 2021, 2093].map((id) => ({ id, categorie: 'décision' })));
    const layers = await db.selectFrom('mapLayer').selectAll().orderBy('id').execute();
    expect(layers.filter((layer) => layer.baseLayer).map((layer) => layer.type)).toEqual([
      'OSM',
      'IGN',
      'IGN',
    ]);
    expect(layers.filter((layer) => !layer.baseLayer).map((layer) => layer.map)).toEqual([
      'commune',
      'road_segment',
      'parcel',
      'consultation',
    ]);
    // Not open data: the staff's layer (migration 0032).
    expect(layers.filter((layer) => layer.capability).map((layer) => layer.layerName)).toEqual([
      'consultations',
    ]);
    expect(layers.every((layer) => [0.5, 0.8, 1].includes(layer.opacity))).toBe(true);
  });
});

describe('geography', () => {
  test('the 23 towns with valid boundaries; the default map centre is in Saint-Vincent-de-Tyrosse', async () => {
    const summary = await db
      .selectFrom('commune')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<boolean>`bool_and(ST_IsValid(geom))`.as('valid'),
        sql<boolean>`bool_and(ST_Contains(geom, interior_point))`.as('interiorInside'),
      ])
      .executeTakeFirstOrThrow();
    expect(summary).toEqual({ count: 23, valid: true, interiorInside: true });

    const centre = await db
      .selectFrom('commune')
      .select(['inseeCode', 'name', 'postalCodes'])
      .where(sql<boolean>`ST_Contains(geom, ST_SetSRID(ST_MakePoint(-1.316, 43.662), 4326))`)
      .execute();
    expect(centre).toEqual([
      { inseeCode: '40284', name: 'Saint-Vincent-de-Tyrosse', postalCodes: ['40230'] },
    ]);
  });

  test('one city row per town for the recipient e-mails; perimeters of the territory', async () => {
    const city = await db
      .selectFrom('city')
      .selectAll()
      .where('name', '=', 'Capbreton')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('city')
      .set({ mailMairie: 'mairie@capbreton.fr', mailPm: 'pm@capbreton.fr' })
      .where('id', '=', city.id)
      .execute();
    expect(
      await db
        .selectFrom('city')
        .select(['inseeCode', 'mailPm'])
        .where('id', '=', city.id)
        .executeTakeFirst(),
    ).toEqual({
      inseeCode: '40065',
      mailPm: 'pm@capbreton.fr',
    });
    expect(
      await db
        .selectFrom('city')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirst(),
    ).toEqual({ n: 23 });

    // Perimeters containing the map centre: the department, the EPCI and the town.
    const containing = await db
      .selectFrom('perimeter')
      .select(['type', 'code'])
      .where(sql<boolean>`ST_Contains(geom, ST_SetSRID(ST_MakePoint(-1.316, 43.662), 4326))`)
      .orderBy('type')
      .execute();
    expect(containing).toEqual([
      { type: 'department', code: '40' },
      { type: 'epci', code: '244000865' },
      { type: 'town', code: '40284' },
    ]);
  });

  test('an operator group has no geometry, its perimeters are members; a territory needs one', async () => {
    const operator = await db
      .insertInto('perimeter')
      .values({ libelle: 'Réseau Eau Côte Sud', code: '12345678900011', type: 'operator' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const towns = await db.selectFrom('perimeter').select('id').where('type', '=', 'town').limit(2).execute();
    await db
      .insertInto('perimeterMember')
      .values(towns.map((town) => ({ operatorId: operator.id, perimeterId: town.id })))
      .execute();
    const userId = await createUser();
    await db
      .insertInto('userPerimeter')
      .values({ userId, perimeterId: operator.id, kind: 'operateur' })
      .execute();
    const members = await db
      .selectFrom('perimeterMember')
      .select('perimeterId')
      .where('operatorId', '=', operator.id)
      .execute();
    expect(members).toHaveLength(2);
    // 23514 = check_violation.
    expect(
      await sqlState(db.insertInto('perimeter').values({ libelle: 'Sans contour', type: 'town' }).execute()),
    ).toBe('23514');
  });

  test('addresses, parcels and road segments in their official formats, found by search and by place', async () => {
    await db
      .insertInto('address')
      .values({
        id: '40036_0010_00012',
        numero: 12,
        nomVoie: "Avenue de l'Océan",
        codePostal: '40230',
        codeInsee: '40036',
        nomCommune: 'Bénesse-Maremne',
        lon: -1.367795,
        lat: 43.634055,
        certificationCommune: true,
        geom: sql<string>`ST_SetSRID(ST_MakePoint(-1.367795, 43.634055), 4326)`,
      })
      .execute();
    const found = await db
      .selectFrom('address')
      .select(['id', 'searchText'])
      .where('searchText', 'like', sql<string>`'%' || search_normalize(${"  Avenue   de l'OCÉAN "}) || '%'`)
      .execute();
    expect(found).toEqual([
      { id: '40036_0010_00012', searchText: "12 avenue de l'ocean 40230 benesse-maremne" },
    ]);

    await db
      .insertInto('parcel')
      .values({
        id: '40036000AB0012',
        inseeCode: '40036',
        section: 'AB',
        numero: '12',
        contenance: 812,
        arpente: true,
        pciCreated: '2004-05-12',
        geom: sql<string>`ST_Multi(ST_Buffer(ST_SetSRID(ST_MakePoint(-1.3678, 43.6341), 4326), 0.0003))`,
      })
      .execute();
    await db
      .insertInto('roadSegment')
      .values({
        source: 'demo',
        sourceId: 'demo-1',
        typevoie: 'Voie communale',
        name: 'Avenue de l’Océan',
        typeVoieCode: 'AV',
        inUrban: true,
        inseeCode: '40036',
        geom: geometry({
          type: 'LineString',
          coordinates: [
            [-1.369, 43.6338],
            [-1.3665, 43.6344],
          ],
        }),
      })
      .execute();
    const drawn = geometry({ type: 'Point', coordinates: [-1.3678, 43.6341] });
    const plots = await db
      .selectFrom('parcel')
      .select(['id', 'section'])
      .where(sql<boolean>`ST_Intersects(geom, ${drawn})`)
      .execute();
    expect(plots).toEqual([{ id: '40036000AB0012', section: 'AB' }]);
    const nearest = await db
      .selectFrom('roadSegment')
      .select(['typevoie', 'inUrban'])
      .orderBy(sql`geom <-> ${drawn}`)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(nearest).toEqual({ typevoie: 'Voie communale', inUrban: true });
  });
});

describe('requests', () => {
  test('a networks request with parties, form, secondary addresses, drawing, documents and reception', async () => {
    const ownerId = await createUser();
    const instructorId = await createUser();
    const petitionerId = await createPetitioner('Lafitte');
    const beneficiaryId = await createPetitioner('Dupouy');
    const cerfa = await db
      .insertInto('cerfa14023')
      .values({
        isAccessDevelopment: false,
        themes: 'ouvrage_divers,pose_compteur',
        networkConnection: 'eau_potable,edf',
        longitudinalTrenchUnderRoad: 12.5,
        cupboardNumberPose: 2,
        ditchCrossing: true,
        pipeDiameter: 300,
        decisionRejetEu: 'réseau séparatif',
        decisionDebitLs: 3,
        instructeurId: instructorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theGeom = {
      type: 'GeometryCollection',
      geometries: [
        {
          type: 'Polygon',
          coordinates: [
            [
              [-1.3165, 43.6615],
              [-1.3155, 43.6615],
              [-1.3155, 43.6625],
              [-1.3165, 43.6615],
            ],
          ],
        },
        { type: 'Point', coordinates: [-1.316, 43.662] },
      ],
    };
    const request = await db
      .insertInto('request')
      .values({
        type: 1,
        stateId: 3,
        petitionerId,
        beneficiaryId,
        isBeneficiaire: true,
        cerfa14023Id: cerfa.id,
        ownerUserId: ownerId,
        theGeom: geometry(theGeom),
        lon: -1.316,
        lat: 43.662,
        plotNumbers: '40284000AB0012,40284000AB0013',
        sections: 'AB',
        wayType: 'Voie communale',
        inUrban: false,
        addressNum: '5',
        addressType: 'Rue',
        addressName: 'des Écoles',
        addressCity: 'Saint-Vincent-de-Tyrosse',
        addressPostalCode: '40230',
        numaffaire: 'AFF-2026-0042',
        dateStart: '2026-03-02',
        dateEnd: '2026-03-06',
        numberDays: 5,
        accuracyInformation: true,
        madeIn: 'Saint-Vincent-de-Tyrosse',
        madeDate: '2026-02-10',
        madeLastName: 'Lafitte',
        madeFirstName: 'Élodie',
        madeFonction: 'Gérante',
        milestoneStart1: '12',
        milestoneStart2: '350',
      })
      .returning(['id', 'publicId', 'depositDate', 'sendToSign'])
      .executeTakeFirstOrThrow();
    expect(request.publicId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(request.depositDate).toBeInstanceOf(Date);
    expect(request.sendToSign).toBe(false);

    await db
      .insertInto('requestAddress')
      .values([
        {
          requestId: request.id,
          position: 0,
          addressType: 'Avenue',
          addressName: 'Nationale',
          addressCity: 'Saint-Vincent-de-Tyrosse',
          addressPostalCode: '40230',
          prescription: 'Réfection en enrobé',
        },
        {
          requestId: request.id,
          position: 1,
          addressType: 'Impasse',
          addressName: 'des Pins',
          addressCity: 'Saint-Vincent-de-Tyrosse',
          addressPostalCode: '40230',
          place: 'Le Bourg',
        },
      ])
      .execute();
    await db
      .insertInto('mailArreteSigne')
      .values({ requestId: request.id, mail: 'mairie@st-vincent-de-tyrosse.fr', name: 'Mairie' })
      .execute();
    const sha256 = 'a'.repeat(64);
    await db
      .insertInto('document')
      .values([
        {
          requestId: request.id,
          stdUserId: ownerId,
          typeDocumentId: 1,
          name: 'plan-situation.pdf',
          mimeType: 'application/pdf',
          size: 20480,
          sha256,
          storageKey: `aa/${sha256}`,
        },
        {
          requestId: request.id,
          stdUserId: ownerId,
          typeDocumentId: 104,
          name: 'photo.jpg',
          mimeType: 'image/jpeg',
          size: 1024,
          sha256: 'b'.repeat(64),
          storageKey: `bb/${'b'.repeat(64)}`,
        },
      ])
      .execute();
    await db
      .insertInto('reception')
      .values({
        requestId: request.id,
        stateId: 7,
        option: 'Rendez-vous',
        rdv1: new Date('2026-04-01T08:30:00Z'),
        rdv2: '2026-04-02T14:00:00Z',
        acceptRdv: 1,
        avis: 'refusé',
        motifRefus: ['joints', 'autre'],
        motifRefusTxt: 'Bordure abîmée',
        partieDomainePublic: ['Chaussée', 'Trottoir'],
        lon: -1.316,
        lat: 43.662,
      })
      .execute();

    const read = await db
      .selectFrom('request as r')
      .innerJoin('petitioner as p', 'p.id', 'r.petitionerId')
      .innerJoin('state as s', 's.id', 'r.stateId')
      .innerJoin('cerfa14023 as c', 'c.id', 'r.cerfa14023Id')
      .select([
        'r.id',
        'r.type',
        's.name as stateName',
        'p.lastName as demandeurNom',
        'r.dateStart',
        'r.numberDays',
        'c.themes',
        'c.decisionRejetEu',
        'c.decisionDebitLs',
        'c.longitudinalTrenchUnderRoad',
        'r.searchText',
        sql<string>`ST_AsGeoJSON(r.the_geom)`.as('geojson'),
        sql<boolean>`ST_Contains(ci.geom, r.the_geom)`.as('inTown'),
      ])
      .innerJoin('commune as ci', 'ci.name', 'r.addressCity')
      .where('r.id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(read).toMatchObject({
      type: 1,
      stateName: 'Transférée pour instruction',
      demandeurNom: 'Lafitte',
      numberDays: 5,
      themes: 'ouvrage_divers,pose_compteur',
      decisionRejetEu: 'réseau séparatif',
      decisionDebitLs: 3,
      longitudinalTrenchUnderRoad: 12.5,
      searchText: 'aff-2026-0042 5 rue des ecoles 40230 saint-vincent-de-tyrosse',
      inTown: true,
    });
    expect(isoDate(read.dateStart)).toBe('2026-03-02');
    expect(JSON.parse(read.geojson)).toEqual(theGeom);

    const addresses = await db
      .selectFrom('requestAddress')
      .select(['addressName', 'place', 'prescription'])
      .where('requestId', '=', request.id)
      .orderBy('position')
      .execute();
    expect(addresses).toEqual([
      { addressName: 'Nationale', place: null, prescription: 'Réfection en enrobé' },
      { addressName: 'des Pins', place: 'Le Bourg', prescription: null },
    ]);
    const documents = await db
      .selectFrom('document as d')
      .innerJoin('typeDocument as t', 't.id', 'd.typeDocumentId')
      .select(['d.name', 'd.mimeType', 'd.size', 't.nature'])
      .where('d.requestId', '=', request.id)
      .orderBy('d.id')
      .execute();
    expect(documents).toEqual([
      { name: 'plan-situation.pdf', mimeType: 'application/pdf', size: 20480, nature: null },
      { name: 'photo.jpg', mimeType: 'image/jpeg', size: 1024, nature: 'réception' },
    ]);
    const reception = await db
      .selectFrom('reception')
      .selectAll()
      .where('requestId', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(reception).toMatchObject({
      stateId: 7,
      option: 'Rendez-vous',
      acceptRdv: 1,
      motifRefus: ['joints', 'autre'],
      partieDomainePublic: ['Chaussée', 'Trottoir'],
      roadDisturbance: false,
      rdv3: null,
    });
    expect(reception.rdv1?.toISOString()).toBe('2026-04-01T08:30:00.000Z');
    expect(reception.rdv2?.toISOString()).toBe('2026-04-02T14:00:00.000Z');

    // Free-text search of the list: case number / address on request, names on petitioner.
    const term = sql<string>`'%' || search_normalize(${'ÉCOLES'}) || '%'`;
    const byAddress = await db.selectFrom('request').select('id').where('searchText', 'like', term).execute();
    expect(byAddress.map((row) => row.id)).toContain(request.id);
    const byName = await db
      .selectFrom('request as r')
      .innerJoin('petitioner as p', 'p.id', 'r.petitionerId')
      .select('r.id')
      .where('p.searchText', 'like', sql<string>`'%' || search_normalize(${'lafItte élodie'}) || '%'`)
      .execute();
    expect(byName.map((row) => row.id)).toContain(request.id);

    // Deleting the request deletes its children; mails keep their row without the link.
    const mail = await db
      .insertInto('mailLog')
      .values({
        requestId: request.id,
        toAddress: 'elodie@exemple.fr',
        subject: 'Votre demande',
        context: 'request.filed',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('request').where('id', '=', request.id).execute();
    expect(
      await db.selectFrom('mailLog').select('requestId').where('id', '=', mail.id).executeTakeFirst(),
    ).toEqual({ requestId: null });
    expect(
      await db.selectFrom('document').select('id').where('requestId', '=', request.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('reception').select('id').where('requestId', '=', request.id).execute(),
    ).toEqual([]);
  });

  test('an alignment request with its streets and points; a CERFA 14024; an extension', async () => {
    const petitionerId = await createPetitioner('Bordes');
    const alignment = await db
      .insertInto('individualAlignmentRequest')
      .values({
        reasonRequest: 'Real cloture',
        autorisationUrba: 'oui',
        typeDossier: 'DP',
        dateRequest: '2026-01-15',
        isFavorable: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const street = await db
      .insertInto('alignmentStreet')
      .values({ alignmentId: alignment.id, name: 'Rue du Port', competence: 'Communautaire' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('alignmentPoint')
      .values([
        { streetId: street.id, position: 0, name: 'P1', type: 'clou OGE', distance: 4.1234 },
        { streetId: street.id, position: 1, name: 'P2', type: 'angle mur', distance: 5 },
      ])
      .execute();
    const order = await db
      .insertInto('cerfa14024')
      .values({
        workDescription: 'Pose de réseau',
        durationRegulation: 10,
        directionTraffic: 'Deux sens de circulation',
        limitedSpeed: 30,
        moveTruck: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const original = await db
      .insertInto('request')
      .values({ type: 2, stateId: 4, petitionerId, alignmentId: alignment.id, cerfa14024Id: order.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const points = await db
      .selectFrom('alignmentPoint as pt')
      .innerJoin('alignmentStreet as st', 'st.id', 'pt.streetId')
      .innerJoin('request as r', 'r.alignmentId', 'st.alignmentId')
      .select(['st.name as street', 'pt.name', 'pt.distance'])
      .where('r.id', '=', original.id)
      .orderBy('pt.position')
      .execute();
    expect(points).toEqual([
      { street: 'Rue du Port', name: 'P1', distance: 4.1234 },
      { street: 'Rue du Port', name: 'P2', distance: 5 },
    ]);

    const extension = await db
      .insertInto('request')
      .values({ type: 2, stateId: 3, petitionerId, extensionOfId: original.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const linked = await db
      .selectFrom('request')
      .select('id')
      .where('extensionOfId', '=', original.id)
      .execute();
    expect(linked).toEqual([{ id: extension.id }]);
    // 23505 = unique_violation: a request is extended once.
    expect(
      await sqlState(
        db
          .insertInto('request')
          .values({ type: 2, stateId: 3, petitionerId, extensionOfId: original.id })
          .execute(),
      ),
    ).toBe('23505');
  });

  test('foreign keys refuse an unknown state, kind, document type or request', async () => {
    const petitionerId = await createPetitioner();
    // 23503 = foreign_key_violation.
    expect(
      await sqlState(db.insertInto('request').values({ type: 1, stateId: 42, petitionerId }).execute()),
    ).toBe('23503');
    expect(
      await sqlState(db.insertInto('request').values({ type: 4, stateId: 3, petitionerId }).execute()),
    ).toBe('23503');
    const request = await db
      .insertInto('request')
      .values({ type: 3, stateId: 3, petitionerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      await sqlState(db.updateTable('request').set({ stateId: 15 }).where('id', '=', request.id).execute()),
    ).toBe('23503');
    expect(
      await sqlState(
        db
          .insertInto('requestMissingDocument')
          .values({ requestId: request.id, typeDocumentId: 2 })
          .execute(),
      ),
    ).toBe('23503');
    await db
      .insertInto('requestMissingDocument')
      .values([
        { requestId: request.id, typeDocumentId: 85 },
        { requestId: request.id, typeDocumentId: 101 },
      ])
      .execute();
    expect(
      await sqlState(
        db
          .insertInto('reception')
          .values({ requestId: request.id + 1000, stateId: 7 })
          .execute(),
      ),
    ).toBe('23503');
    expect(
      await sqlState(
        db
          .insertInto('mailOutbox')
          .values({
            toAddress: 'x@exemple.fr',
            subject: 's',
            textBody: 't',
            context: 'c',
            requestId: request.id + 1000,
          })
          .execute(),
      ),
    ).toBe('23503');
    // 23514 = check_violation: a stored file is named by its lower-case hex SHA-256.
    expect(
      await sqlState(
        db
          .insertInto('document')
          .values({
            requestId: request.id,
            typeDocumentId: 1,
            name: 'x.pdf',
            mimeType: 'application/pdf',
            size: 1,
            sha256: 'XYZ',
            storageKey: 'k',
          })
          .execute(),
      ),
    ).toBe('23514');
    // A drawing is a GeometryCollection: a bare polygon is refused (22023 = invalid_parameter_value).
    const polygon = geometry({
      type: 'Polygon',
      coordinates: [
        [
          [-1.3, 43.6],
          [-1.2, 43.6],
          [-1.2, 43.7],
          [-1.3, 43.6],
        ],
      ],
    });
    expect(
      await sqlState(
        db.updateTable('request').set({ theGeom: polygon }).where('id', '=', request.id).execute(),
      ),
    ).toBe('22023');
  });
});

describe('migration 0021', () => {
  test('the traffic order template never takes an id an administrator used, and is added once', async () => {
    // What the migration wrote, carried out of the transaction that is rolled back.
    class RolledBack extends Error {
      constructor(readonly seen: unknown) {
        super('rolled back');
      }
    }
    const seen = await db
      .transaction()
      .execute(async (trx) => {
        // As before 0021, with an administrator's own template at 11.
        await trx.deleteFrom('modele').where('kind', '=', 'arrete_circulation').execute();
        await trx.deleteFrom('typeDocument').where('id', 'in', [1021, 1093, 2021, 2093]).execute();
        await trx
          .insertInto('modele')
          .values({
            id: 11,
            libelle: 'Modèle maison',
            kind: 'arrete',
            requestType: null,
            isFavorable: null,
            fileKey: 'modeles/maison.docx',
          })
          .execute();
        await up(trx as unknown as Kysely<unknown>);
        const templates = await trx
          .selectFrom('modele')
          .select(['id', 'kind'])
          .where((eb) => eb.or([eb('id', '=', 11), eb('kind', '=', 'arrete_circulation')]))
          .orderBy('id')
          .execute();
        const types = await trx
          .selectFrom('typeDocument')
          .select('id')
          .where('id', 'in', [1021, 1093, 2021, 2093])
          .orderBy('id')
          .execute();
        throw new RolledBack({ templates, types: types.map((type) => type.id) });
      })
      .catch((error: unknown) => {
        if (error instanceof RolledBack) return error.seen;
        throw error;
      });
    expect(seen).toEqual({
      templates: [
        { id: 11, kind: 'arrete' },
        { id: expect.any(Number) as number, kind: 'arrete_circulation' },
      ],
      types: [1021, 1093, 2021, 2093],
    });
  });
});
