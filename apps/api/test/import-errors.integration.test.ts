import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema/index.ts';
import {
  ImportError,
  importAddresses,
  importParcels,
  importRoads,
  importZones,
  isDemoGeography,
} from '../src/geo/import/index.ts';
import {
  BAN_HEADER_LINE,
  capbretonAddress,
  capbretonParcel,
  capbretonRoad,
  count,
  featureCollection,
  importDatabaseForFile,
  tempDir,
  writeText,
} from './import-fixtures.ts';

// Bad input stops the import with the feature (GeoJSON) or line (CSV) number and a French
// reason, and leaves the previous data exactly as it was (one transaction per import), even
// when earlier batches were already written (batchSize 2).

const opened = importDatabaseForFile();
let db: Kysely<Database>;
let dir: string;
const before = { parcel: 0, address: 0, road_segment: 0, zone: 0 };

const road = (id: string, properties: Record<string, unknown>) => ({
  ...capbretonRoad({ cleabs: id, nature: 'Route à 1 chaussée', ...properties }),
  id,
});
/** A triangle over Capbreton: a zone's shape, and no road's. */
const TRIANGLE = {
  type: 'Polygon',
  coordinates: [
    [
      [-1.43, 43.63],
      [-1.42, 43.63],
      [-1.42, 43.64],
      [-1.43, 43.63],
    ],
  ],
};

beforeAll(async () => {
  db = opened.handle.db;
  dir = await tempDir();
  await importParcels(
    db,
    await writeText(
      dir,
      'base-parcels.json',
      featureCollection([0, 1, 2].map((i) => capbretonParcel(`40065000AA000${i + 1}`, i))),
    ),
  );
  await importAddresses(
    db,
    await writeText(
      dir,
      'base.csv',
      [BAN_HEADER_LINE, ...[1, 2, 3].map((n) => capbretonAddress(n))].join('\n'),
    ),
  );
  await importRoads(
    db,
    await writeText(
      dir,
      'base-roads.json',
      featureCollection([
        road('TRONROUT01', {}),
        road('TRONROUT02', { cpx_classement_administratif: 'Départementale', urbain: true }),
      ]),
    ),
    { demo: true },
  );
  await importZones(
    db,
    await writeText(
      dir,
      'base-zones.json',
      featureCollection([{ type: 'Feature', geometry: TRIANGLE, properties: { code_ope: 'ZA-CAP-01' } }]),
    ),
  );
  for (const table of Object.keys(before) as (keyof typeof before)[]) before[table] = await count(db, table);
});

/** The import's error, and proof that no table changed. */
async function refused(run: Promise<unknown>): Promise<ImportError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  for (const table of Object.keys(before) as (keyof typeof before)[])
    expect(await count(db, table), table).toBe(before[table]);
  return error as ImportError;
}

describe('GeoJSON', () => {
  test('broken JSON at feature 5: named, earlier batches rolled back', async () => {
    const features = [1, 2, 3, 4, 5, 6].map((i) => JSON.stringify(capbretonParcel(`40065000AB000${i}`, i)));
    features[4] = features[4]!.replace('"geometry":', '"geometry" ');
    const file = await writeText(
      dir,
      'broken.json',
      `{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}`,
    );
    const error = await refused(importParcels(db, file, { batchSize: 2 }));
    expect(error.message).toMatch(
      /^Entité n° 5 : JSON invalide \(Parser cannot parse input: expected ':'\)\.$/,
    );
    expect(error.location).toEqual({ unit: 'entité', number: 5 });
  });

  test('a truncated file is named at the feature that was cut', async () => {
    const text = featureCollection([1, 2, 3].map((i) => capbretonParcel(`40065000AB000${i}`, i)));
    const error = await refused(
      importParcels(db, await writeText(dir, 'cut.json', text.slice(0, text.length - 40)), { batchSize: 1 }),
    );
    expect(error.message).toMatch(/^Entité n° 3 : JSON invalide/);
  });

  test('a truncated .gz file', async () => {
    const gz = gzipSync(featureCollection([1, 2, 3].map((i) => capbretonParcel(`40065000AB000${i}`, i))));
    const error = await refused(
      importParcels(db, await writeText(dir, 'cut.json.gz', gz.subarray(0, gz.length - 20))),
    );
    expect(error.message).toMatch(/Fichier gzip illisible|JSON invalide/);
  });

  test('a wrong geometry type at feature 3', async () => {
    const features: object[] = [1, 2, 3, 4].map((i) => capbretonParcel(`40065000AB000${i}`, i));
    features[2] = { ...features[2]!, geometry: { type: 'Point', coordinates: [-1.43, 43.63] } };
    const error = await refused(
      importParcels(db, await writeText(dir, 'point.json', featureCollection(features)), { batchSize: 2 }),
    );
    expect(error.message).toBe('Entité n° 3 : géométrie de type « Point », attendu Polygon ou MultiPolygon.');
  });

  test('bad attributes: parcel id, contenance, date', async () => {
    const bad = async (properties: Record<string, unknown>) =>
      (
        await refused(
          importParcels(
            db,
            await writeText(
              dir,
              'attr.json',
              featureCollection([
                capbretonParcel('40065000AB0001'),
                capbretonParcel('40065000AB0002', 1, 0, properties),
              ]),
            ),
          ),
        )
      ).message;
    expect(await bad({ id: '40065AB12' })).toBe(
      'Entité n° 2 : identifiant de parcelle « 40065AB12 » invalide (14 caractères : commune, préfixe, section, numéro).',
    );
    expect(await bad({ contenance: 'grande' })).toBe('Entité n° 2 : contenance « grande » non entière.');
    expect(await bad({ created: '12/05/2015' })).toBe(
      'Entité n° 2 : date created « 12/05/2015 » invalide (AAAA-MM-JJ).',
    );
  });

  test('an unknown way classification at feature 2 (the demo flag is kept)', async () => {
    const features = [
      road('TRONROUT03', {}),
      road('TRONROUT04', { cpx_classement_administratif: 'Provinciale' }),
      road('TRONROUT05', {}),
    ];
    const error = await refused(
      importRoads(db, await writeText(dir, 'class.json', featureCollection(features)), { batchSize: 1 }),
    );
    expect(error.message).toBe(
      'Entité n° 2 : classification inconnue : cpx_classement_administratif « Provinciale ».',
    );
    const osm = [
      { type: 'Feature', id: 'way/9', geometry: features[0]!.geometry, properties: { highway: 'spaceway' } },
    ];
    expect(
      (await refused(importRoads(db, await writeText(dir, 'osm.json', featureCollection(osm))))).message,
    ).toBe('Entité n° 1 : classification inconnue : highway « spaceway ».');
    expect(await isDemoGeography(db)).toBe(true);
  });

  test('a road that is a polygon; a feature of no known road format; a zone without code', async () => {
    const polygon = { ...road('TRONROUT06', {}), geometry: TRIANGLE };
    expect(
      (await refused(importRoads(db, await writeText(dir, 'poly.json', featureCollection([polygon])))))
        .message,
    ).toBe('Entité n° 1 : géométrie de type « Polygon », attendu LineString ou MultiLineString.');
    const unknown = { type: 'Feature', geometry: polygon.geometry, properties: { name: 'x' } };
    expect(
      (await refused(importRoads(db, await writeText(dir, 'unknown.json', featureCollection([unknown])))))
        .message,
    ).toMatch(/^Entité n° 1 : format de tronçon non reconnu/);
    const zone = { type: 'Feature', geometry: polygon.geometry, properties: { nom: 'Sans code' } };
    expect(
      (await refused(importZones(db, await writeText(dir, 'zone.json', featureCollection([zone]))))).message,
    ).toBe('Entité n° 1 : code_ope absent.');
  });
});

describe('CSV', () => {
  test('a line with a missing column: named, earlier batches rolled back', async () => {
    const lines = [
      BAN_HEADER_LINE,
      capbretonAddress(10),
      capbretonAddress(12),
      capbretonAddress(14).replace(';Capbreton;', ';'),
      capbretonAddress(16),
    ];
    const error = await refused(
      importAddresses(db, await writeText(dir, 'missing.csv', lines.join('\n')), { batchSize: 1 }),
    );
    expect(error.message).toBe('Ligne 4 : 22 colonnes au lieu de 23 (séparateur « ; »).');
    expect(error.location).toEqual({ unit: 'ligne', number: 4 });
  });

  test('bad values: position, INSEE code, number', async () => {
    const bad = async (row: string) =>
      (
        await refused(
          importAddresses(
            db,
            await writeText(dir, 'bad.csv', [BAN_HEADER_LINE, capbretonAddress(20), row].join('\r\n')),
          ),
        )
      ).message;
    expect(await bad(capbretonAddress(22).replace(';43.6310;', ';quarante;'))).toBe(
      'Ligne 3 : position lon/lat illisible (« -1.428760 », « quarante »).',
    );
    expect(await bad(capbretonAddress(22).replace(';40065;Capbreton;', ';4006;Capbreton;'))).toBe(
      'Ligne 3 : code_insee « 4006 » invalide (5 caractères).',
    );
    expect(await bad(capbretonAddress(22).replace(';22;;', ';-2;;'))).toBe(
      'Ligne 3 : numero « -2 » n’est pas un entier positif.',
    );
  });

  test('a header without the BAN columns', async () => {
    const error = await refused(
      importAddresses(db, await writeText(dir, 'header.csv', 'id;numero;voie\n1;2;3\n')),
    );
    expect(error.message).toBe(
      'Ligne 1 : colonnes obligatoires absentes : nom_voie, code_insee, nom_commune, lon, lat.',
    );
  });
});
