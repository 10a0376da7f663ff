import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { Database } from '../src/db/schema/index.ts';
import { createTestDatabase } from './test-db.ts';

// Inputs of the import tests: the format samples of shared/data and small hand-made files.

// Copies of shared/data's format samples (see fixtures/README.md).
export const SHARED_DATA = path.resolve(import.meta.dirname, 'fixtures');
export const PARCELS_SAMPLE = path.join(SHARED_DATA, 'parcels-format-sample.geojson');
export const ADDRESSES_SAMPLE = path.join(SHARED_DATA, 'addresses-format-sample.csv');

const created: string[] = [];

/** A fresh temporary folder (removed by removeTempDirs). */
export async function tempDir(prefix = 'voirie-import-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Removes the folders made by tempDir (afterAll). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * An import test file's database: opened before its first test, closed after its last, when the
 * folders of tempDir are removed too. Read it in hooks and tests only.
 */
export function importDatabaseForFile(): { readonly handle: DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
    await removeTempDirs();
  });
  return {
    get handle() {
      if (!handle) throw new Error('The import database opens before the first test.');
      return handle;
    },
  };
}

export async function writeText(dir: string, name: string, text: string | Buffer): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

export function featureCollection(features: readonly object[]): string {
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/** The parcels sample with its INSEE code 91216 rewritten to Capbreton's (40065). */
export async function parcelsSampleInCapbreton(): Promise<string> {
  return (await readFile(PARCELS_SAMPLE, 'utf8')).replaceAll('91216', '40065');
}

/** The addresses sample with its INSEE code 01002 rewritten to Capbreton's. */
export async function addressesSampleInCapbreton(): Promise<string> {
  return (await readFile(ADDRESSES_SAMPLE, 'utf8')).replaceAll('01002', '40065');
}

/** A square parcel of Capbreton (about 40 m) at an offset from its interior point. */
export function capbretonParcel(id: string, dx = 0, dy = 0, properties: Record<string, unknown> = {}) {
  const lon = -1.4292 + dx * 0.0006;
  const lat = 43.6309 + dy * 0.0005;
  const ring = [
    [lon, lat],
    [lon + 0.0005, lat],
    [lon + 0.0005, lat + 0.0004],
    [lon, lat + 0.0004],
    [lon, lat],
  ];
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Polygon', coordinates: [ring] },
    properties: {
      id,
      commune: id.slice(0, 5),
      prefixe: '000',
      section: id.slice(8, 10).replace(/^0/, ''),
      numero: String(Number(id.slice(10))),
      contenance: 1600,
      arpente: false,
      created: '2010-01-01',
      updated: '2020-06-01',
      ...properties,
    },
  };
}

/** A road of Capbreton (a 160 m segment near its interior point) with these properties. */
export function capbretonRoad(properties: Record<string, unknown>) {
  return {
    type: 'Feature',
    geometry: {
      type: 'LineString',
      coordinates: [
        [-1.43, 43.631],
        [-1.428, 43.631],
      ],
    },
    properties,
  };
}

export const BAN_HEADER_LINE =
  'id;id_fantoir;numero;rep;nom_voie;code_postal;code_insee;nom_commune;code_insee_ancienne_commune;nom_ancienne_commune;x;y;lon;lat;type_position;alias;nom_ld;libelle_acheminement;nom_afnor;source_position;source_nom_voie;certification_commune;cad_parcelles';

/** A BAN row of Capbreton. */
export function capbretonAddress(numero: number, street = 'Rue des Pins', code = '0520'): string {
  return `40065_${code}_${String(numero).padStart(5, '0')};40065_${code};${numero};;${street};40130;40065;Capbreton;;;0;0;${(-1.4292 + numero * 0.00002).toFixed(6)};43.6310;entrée;;;CAPBRETON;${street.toUpperCase()};commune;commune;1;`;
}

export async function count(
  db: Kysely<Database>,
  table: 'parcel' | 'address' | 'road_segment' | 'zone',
): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db);
  return rows[0]!.n;
}
