import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema/index.ts';
import {
  importAddresses,
  importParcels,
  importRoads,
  importZones,
  isDemoGeography,
} from '../src/geo/import/index.ts';
import { lambert93 } from '../src/geo/demo/geo.ts';
import {
  ADDRESSES_SAMPLE,
  addressesSampleInCapbreton,
  BAN_HEADER_LINE,
  capbretonAddress,
  capbretonParcel,
  count,
  featureCollection,
  importDatabaseForFile,
  PARCELS_SAMPLE,
  parcelsSampleInCapbreton,
  tempDir,
  writeText,
} from './import-fixtures.ts';

// The importers on the official format samples (shared/data) and on small files of each
// format, on PGlite and (TEST_TARGET=postgres) PostgreSQL.

const opened = importDatabaseForFile();
let db: Kysely<Database>;
let dir: string;
beforeAll(async () => {
  db = opened.handle.db;
  dir = await tempDir();
});

describe('Etalab cadastre parcels', () => {
  test('the sample (Épinay-sur-Orge, not a member town) is read and skipped, counted', async () => {
    const summary = await importParcels(db, PARCELS_SAMPLE);
    expect(summary).toMatchObject({
      kind: 'parcels',
      read: 9,
      inserted: 0,
      updated: 0,
      skipped: 9,
      skippedReasons: { 'hors territoire': 9 },
      deleted: 0,
    });
    expect(await count(db, 'parcel')).toBe(0);
  });

  test('without the territory filter, every attribute of the sample is loaded (hole, missing contenance)', async () => {
    const summary = await importParcels(db, PARCELS_SAMPLE, { territoryFilter: false });
    expect(summary).toMatchObject({ read: 9, inserted: 9, updated: 0, skipped: 0 });
    const rows = await sql<{
      id: string;
      insee: string;
      section: string;
      numero: string;
      contenance: number | null;
      arpente: boolean;
      created: string;
      holes: number;
      valid: boolean;
      type: string;
    }>`
      SELECT id, insee_code AS insee, section, numero, contenance, arpente, pci_created::text AS created,
        ST_NumInteriorRings(ST_GeometryN(geom, 1)) AS holes, ST_IsValid(geom) AS valid, GeometryType(geom) AS type
      FROM parcel ORDER BY id`.execute(db);
    expect(rows.rows.map((r) => r.id)).toContain('91216000AB0037');
    const hole = rows.rows.find((r) => r.id === '91216000AB0037')!;
    expect(hole).toMatchObject({
      insee: '91216',
      section: 'AB',
      numero: '37',
      contenance: 254881,
      arpente: true,
      created: '2007-10-10',
      holes: 1,
      type: 'MULTIPOLYGON',
    });
    expect(rows.rows.find((r) => r.id === '91216000AC0389')).toMatchObject({
      section: 'AC',
      numero: '389',
      contenance: null,
    });
    expect(rows.rows.every((r) => r.valid)).toBe(true);
  });

  test('importing the same file again changes nothing: updated, same count (idempotent)', async () => {
    const summary = await importParcels(db, PARCELS_SAMPLE, { territoryFilter: false });
    expect(summary).toMatchObject({ read: 9, inserted: 0, updated: 9, deleted: 0 });
    expect(await count(db, 'parcel')).toBe(9);
  });

  test('the sample rewritten to Capbreton passes the territory filter, from a stream', async () => {
    const text = await parcelsSampleInCapbreton();
    const summary = await importParcels(db, {
      stream: Readable.from([Buffer.from(text)]),
      name: 'capbreton.json',
      size: text.length,
    });
    expect(summary).toMatchObject({ source: 'capbreton.json', read: 9, inserted: 9, skipped: 0 });
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM parcel WHERE insee_code = '40065'`.execute(db);
    expect(rows[0]!.n).toBe(9);
  });

  test('.json.gz is read the same way', async () => {
    const gz = await writeText(
      dir,
      'cadastre-91216-parcelles.json.gz',
      gzipSync(await readFile(PARCELS_SAMPLE)),
    );
    const summary = await importParcels(db, gz, { territoryFilter: false });
    expect(summary).toMatchObject({ read: 9, inserted: 0, updated: 9 });
  });

  test('the file is the reference for its towns: parcels it no longer has are deleted, other towns untouched', async () => {
    const a = await writeText(
      dir,
      'a.json',
      featureCollection([
        capbretonParcel('40284000AB0001'),
        capbretonParcel('40284000AB0002', 1),
        capbretonParcel('40284000AB0003', 2),
      ]),
    );
    expect(await importParcels(db, a)).toMatchObject({ inserted: 3, deleted: 0 });
    const before = await count(db, 'parcel');
    const b = await writeText(
      dir,
      'b.json',
      featureCollection([
        capbretonParcel('40284000AB0001'),
        capbretonParcel('40284000AB0003', 2, 0, { contenance: 1650 }),
      ]),
    );
    expect(await importParcels(db, b)).toMatchObject({ read: 2, inserted: 0, updated: 2, deleted: 1 });
    expect(await count(db, 'parcel')).toBe(before - 1);
    const { rows } = await sql<{
      contenance: number;
    }>`SELECT contenance FROM parcel WHERE id = '40284000AB0003'`.execute(db);
    expect(rows[0]!.contenance).toBe(1650);
    // keep-missing: nothing deleted
    expect(
      await importParcels(
        db,
        await writeText(dir, 'c.json', featureCollection([capbretonParcel('40284000AB0001')])),
        { replace: false },
      ),
    ).toMatchObject({ deleted: 0 });
    expect(await count(db, 'parcel')).toBe(before - 1);
  });
});

describe('BAN addresses', () => {
  test('the sample (L’Abergement-de-Varey) is skipped and counted; without the filter, loaded as given', async () => {
    expect(await importAddresses(db, ADDRESSES_SAMPLE)).toMatchObject({
      kind: 'addresses',
      read: 2,
      inserted: 0,
      skipped: 2,
      skippedReasons: { 'hors territoire': 2 },
    });
    expect(await count(db, 'address')).toBe(0);
    expect(await importAddresses(db, ADDRESSES_SAMPLE, { territoryFilter: false })).toMatchObject({
      read: 2,
      inserted: 2,
    });
    const row = await db
      .selectFrom('address')
      .selectAll()
      .where('id', '=', '01002_w4ld4h_00006')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      idFantoir: null,
      numero: 6,
      rep: null,
      nomVoie: 'Place du Pese Lait',
      codePostal: '01640',
      codeInsee: '01002',
      nomCommune: "L'Abergement-de-Varey",
      lon: 5.425179,
      lat: 46.005447,
      typePosition: 'entrée',
      libelleAcheminement: 'ABERGEMENT-DE-VAREY (L )',
      nomAfnor: 'PLACE DU PESE LAIT',
      certificationCommune: true,
      cadParcelles: '01002000AE0005',
    });
    expect(row.searchText).toBe("6 place du pese lait 01640 l'abergement-de-varey");
    expect(await importAddresses(db, ADDRESSES_SAMPLE, { territoryFilter: false })).toMatchObject({
      inserted: 0,
      updated: 2,
    });
    expect(await count(db, 'address')).toBe(2);
  });

  test('rewritten to Capbreton, plain and .csv.gz, idempotent', async () => {
    const text = await addressesSampleInCapbreton();
    const csv = await writeText(dir, 'adresses-40.csv', text);
    const gz = await writeText(dir, 'adresses-40.csv.gz', gzipSync(text));
    expect(await importAddresses(db, csv)).toMatchObject({ read: 2, inserted: 2, skipped: 0 });
    expect(await importAddresses(db, gz)).toMatchObject({ read: 2, inserted: 0, updated: 2 });
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM address WHERE code_insee = '40065'`.execute(db);
    expect(rows[0]!.n).toBe(2);
  });

  test('batches: 2 500 rows with a small batch size', async () => {
    const lines = [
      BAN_HEADER_LINE,
      ...Array.from({ length: 2500 }, (_, i) => capbretonAddress(i + 1, 'Avenue de la Plage', '0100')),
    ];
    const file = await writeText(dir, 'many.csv', `${lines.join('\n')}\n`);
    const summary = await importAddresses(db, file, { batchSize: 300 });
    // The Capbreton addresses of the previous test are not in this file: deleted (replace).
    expect(summary).toMatchObject({ read: 2500, inserted: 2500, deleted: 2 });
  });
});

describe('roads: BD TOPO, OSM and portal formats', () => {
  const line = (coordinates: number[][]) => ({ type: 'LineString', coordinates });
  const CAPBRETON = [
    [-1.43, 43.631],
    [-1.428, 43.631],
  ];
  const DAX = [
    [-1.06, 43.71],
    [-1.05, 43.71],
  ];

  test('each format is classified, outside segments and non-roads are skipped, the demo flag goes false', async () => {
    await db
      .insertInto('appSetting')
      .values({ key: 'demo_geography', value: 'true' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'true' }))
      .execute();
    const [x0, y0] = lambert93(-1.43, 43.633);
    const [x1, y1] = lambert93(-1.428, 43.633);
    const features = [
      {
        type: 'Feature',
        id: 'TRONROUT0000000000000001',
        geometry: line(CAPBRETON),
        properties: {
          cleabs: 'TRONROUT0000000000000001',
          nature: 'Route à 1 chaussée',
          cpx_classement_administratif: 'Départementale',
          cpx_numero: 'D652',
          urbain: true,
          nom_collaboratif_gauche: 'Avenue de la Plage',
          insee_commune_gauche: '40065',
          cpx_gestionnaire: 'Département des Landes',
        },
      },
      {
        type: 'Feature',
        id: 'way/1',
        geometry: line([
          [-1.43, 43.632],
          [-1.428, 43.632, 12],
        ]),
        properties: { highway: 'residential', name: 'Rue des Pins' },
      },
      {
        type: 'Feature',
        geometry: {
          type: 'MultiLineString',
          coordinates: [
            CAPBRETON.map(([x, y]) => [x!, y! + 0.002]),
            CAPBRETON.map(([x, y]) => [x!, y! + 0.003]),
          ],
        },
        properties: { id: 'za-1', typevoie: 'VPC ZA', nom_voie: 'Rue des Métiers' },
      },
      { type: 'Feature', id: 'way/2', geometry: line(DAX), properties: { highway: 'motorway', ref: 'A 63' } },
      { type: 'Feature', id: 'way/3', geometry: line(CAPBRETON), properties: { highway: 'footway' } },
    ];
    const summary = await importRoads(db, await writeText(dir, 'roads.geojson', featureCollection(features)));
    expect(summary).toMatchObject({
      read: 5,
      inserted: 4,
      updated: 0,
      skipped: 2,
      skippedReasons: { 'non routier': 1, 'hors territoire': 1 },
    });
    const rows = await db
      .selectFrom('roadSegment')
      .select([
        'source',
        'sourceId',
        'typevoie',
        'name',
        'typeVoieCode',
        'numero',
        'inUrban',
        'inseeCode',
        'gestionnaire',
      ])
      .orderBy('sourceId')
      .execute();
    // The business zone's street, in two segments.
    const zoneStreet = {
      source: 'portail',
      typevoie: 'VPC ZA',
      name: 'Rue des Métiers',
      typeVoieCode: 'RUE',
      numero: null,
      inUrban: false,
      inseeCode: '40065',
      gestionnaire: null,
    };
    expect(rows).toEqual([
      {
        source: 'bdtopo',
        sourceId: 'TRONROUT0000000000000001',
        typevoie: 'Voie departementale en agglomeration',
        name: 'Avenue de la Plage',
        typeVoieCode: 'AV',
        numero: 'D652',
        inUrban: true,
        inseeCode: '40065',
        gestionnaire: 'Département des Landes',
      },
      {
        source: 'osm',
        sourceId: 'way/1',
        typevoie: 'Voie communale',
        name: 'Rue des Pins',
        typeVoieCode: 'RUE',
        numero: null,
        inUrban: false,
        inseeCode: '40065',
        gestionnaire: null,
      },
      { ...zoneStreet, sourceId: 'za-1#1' },
      { ...zoneStreet, sourceId: 'za-1#2' },
    ]);
    expect(await isDemoGeography(db)).toBe(false);

    // Lambert-93 input with --srid 2154, stored in 4326 inside Capbreton.
    const l93 = [
      {
        type: 'Feature',
        geometry: line([
          [x0, y0],
          [x1, y1],
        ]),
        properties: { id: 'l93', typevoie: 'Voie communale' },
      },
    ];
    expect(
      await importRoads(db, await writeText(dir, 'l93.geojson', featureCollection(l93)), {
        srid: 2154,
        replace: false,
      }),
    ).toMatchObject({ inserted: 1 });
    const { rows: within } = await sql<{ ok: boolean }>`
      SELECT ST_DWithin(s.geom::geography, ST_SetSRID(ST_MakePoint(-1.429, 43.633), 4326)::geography, 2) AS ok
      FROM road_segment s WHERE s.source_id = 'l93'`.execute(db);
    expect(within[0]!.ok).toBe(true);

    // Idempotent: the first file again updates its 4 segments, and deletes the Lambert one (replace, same town).
    expect(
      await importRoads(db, await writeText(dir, 'roads2.geojson', featureCollection(features))),
    ).toMatchObject({ inserted: 0, updated: 4, deleted: 1 });
    expect(await count(db, 'road_segment')).toBe(4);
  });
});

describe('operation zones', () => {
  const zone = (code: string, lon: number, lat: number, name = `Zone ${code}`) => ({
    type: 'Feature',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [lon, lat],
          [lon + 0.004, lat],
          [lon + 0.004, lat + 0.003],
          [lon, lat + 0.003],
          [lon, lat],
        ],
      ],
    },
    properties: { code_ope: code, nom: name },
  });

  test('upsert by code_ope; the file is the whole set; outside zones skipped', async () => {
    const first = await writeText(
      dir,
      'zones.geojson',
      featureCollection([
        zone('ZA-CAP-01', -1.43, 43.63),
        zone('ZA-SVT-01', -1.302, 43.662),
        zone('ZA-DAX', -1.06, 43.7),
      ]),
    );
    expect(await importZones(db, first)).toMatchObject({ read: 3, inserted: 2, skipped: 1 });
    const second = await writeText(
      dir,
      'zones2.geojson',
      featureCollection([zone('ZA-CAP-01', -1.43, 43.63, 'ZA des Deux Pins')]),
    );
    expect(await importZones(db, second)).toMatchObject({ read: 1, inserted: 0, updated: 1, deleted: 1 });
    const rows = await db.selectFrom('zone').select(['codeOpe', 'name']).execute();
    expect(rows).toEqual([{ codeOpe: 'ZA-CAP-01', name: 'ZA des Deux Pins' }]);
  });
});
