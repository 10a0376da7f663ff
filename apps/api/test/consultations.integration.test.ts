import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ConsultationImportResult, MapLayer } from '@voirie/domain';
import { importKind } from '../src/geo/import/index.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { type TestUser } from './requests-factory.ts';
import { multipart } from './filing-helpers.ts';

// The 'Consultations' map layer (docs/gis-api.md "Consultations"): the administrator's import of
// Plat'AU consultations — a valid file, a file with bad features (each named in French, nothing
// written), a number imported again —, the layer for a bbox, and who may read and import.

const t = testAppForFile({}, { dataDir: 'consultations' });
const { admin, instructor, applicant, gestionnaire } = accountsForFile(t, {
  admin: ['ROLE_ADMIN'],
  instructor: ['ROLE_INSTRUCTEUR'],
  applicant: ['ROLE_DEMANDEUR'],
  gestionnaire: ['ROLE_GESTIONNAIRE'],
});
/** Seignosse's interior point: every consultation is placed from it. */
let origin: [number, number];
const db = () => t.database.db;

beforeAll(async () => {
  const { rows } = await sql<{ lon: number; lat: number }>`
    SELECT ST_X(interior_point) AS lon, ST_Y(interior_point) AS lat FROM commune WHERE insee_code = '40296'`.execute(
    db(),
  );
  origin = [rows[0]!.lon, rows[0]!.lat];
});

function point(dLon: number, dLat: number) {
  return { type: 'Point', coordinates: [origin[0] + dLon, origin[1] + dLat] };
}

function square(dLon: number, dLat: number, size = 0.0005) {
  const [lon, lat] = [origin[0] + dLon, origin[1] + dLat];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [lon + size, lat],
        [lon + size, lat + size],
        [lon, lat + size],
        [lon, lat],
      ],
    ],
  };
}

function feature(properties: object, geometry: unknown) {
  return { type: 'Feature', properties, geometry };
}

function upload(content: unknown, user: TestUser | null = admin) {
  const body = multipart([
    {
      name: 'file',
      content: typeof content === 'string' ? content : JSON.stringify(content),
      filename: 'consultations.geojson',
      type: 'application/geo+json',
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/consultations/import',
    headers: { ...body.headers, ...(user?.headers ?? {}) },
    payload: body.payload,
  });
}

function layer(bbox: string, user: TestUser | null = instructor) {
  return t.app.inject({
    method: 'GET',
    url: `/api/layers/consultations?bbox=${bbox}&zoom=15`,
    headers: user?.headers ?? {},
  });
}

/** A bbox of `half` degrees around Seignosse's interior point. */
function around(half: number): string {
  return [origin[0] - half, origin[1] - half, origin[0] + half, origin[1] + half].join(',');
}

const stored = () =>
  db().selectFrom('consultation').select(['platauId', 'service']).orderBy('platauId').execute();

interface LayerAnswer {
  type: string;
  features: {
    type: string;
    id: number;
    geometry: { type: string; coordinates: unknown };
    properties: { id: number; platau_id: string; service: string };
  }[];
}

describe('the import of Plat’AU consultations', () => {
  test('a valid file: each consultation is stored with its number, its service and its place', async () => {
    const res = await upload({
      type: 'FeatureCollection',
      features: [
        feature(
          { platau_id: 'PLATAU-2026-0001', service: 'Architecte des Bâtiments de France' },
          point(0, 0),
        ),
        feature({ platau_id: 'PLATAU-2026-0002', service: 'SDIS des Landes' }, square(0.001, 0.001)),
        // Outside the 23 towns (Dax): skipped, counted.
        feature(
          { platau_id: 'PLATAU-2026-0003', service: 'DDTM' },
          { type: 'Point', coordinates: [-1.053, 43.71] },
        ),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: ConsultationImportResult; message: string }>();
    expect(body.data).toMatchObject({ read: 3, inserted: 2, updated: 0, skipped: 1 });
    expect(body.message).toContain('Consultations Plat’AU');
    expect(await stored()).toEqual([
      { platauId: 'PLATAU-2026-0001', service: 'Architecte des Bâtiments de France' },
      { platauId: 'PLATAU-2026-0002', service: 'SDIS des Landes' },
    ]);
    const history = await db()
      .selectFrom('historyLog')
      .select(['context'])
      .where('entity', '=', 'consultation')
      .execute();
    expect(history).toEqual([{ context: 'Consultations Plat’AU importées' }]);
  });

  test('a number imported again updates its consultation; the others stay', async () => {
    const res = await upload({
      type: 'FeatureCollection',
      features: [feature({ platau_id: 'PLATAU-2026-0002', service: 'SDIS 40' }, square(0.001, 0.001))],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: ConsultationImportResult }>().data).toMatchObject({
      read: 1,
      inserted: 0,
      updated: 1,
    });
    expect(await stored()).toEqual([
      { platauId: 'PLATAU-2026-0001', service: 'Architecte des Bâtiments de France' },
      { platauId: 'PLATAU-2026-0002', service: 'SDIS 40' },
    ]);
  });

  test('bad features: each is named in French, and nothing of the file is written', async () => {
    const res = await upload({
      type: 'FeatureCollection',
      features: [
        feature({ platau_id: 'PLATAU-2026-0010', service: 'Gendarmerie' }, point(0.002, 0)),
        feature({ service: 'Mairie' }, point(0.003, 0)),
        feature({ platau_id: 'PLATAU-2026-0012', service: '  ' }, point(0.004, 0)),
        feature(
          { platau_id: 'PLATAU-2026-0013', service: 'ENEDIS' },
          { type: 'LineString', coordinates: [] },
        ),
        feature(
          { platau_id: 'PLATAU-2026-0014', service: 'GRDF' },
          { type: 'Point', coordinates: [200, 43] },
        ),
        feature({ platau_id: 'PLATAU-2026-0015', service: 'Orange' }, point(0.005, 0)),
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ code: string; message: string; errors: { path: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toBe("Import annulé : 4 entités refusées. Aucune consultation n'a été enregistrée.");
    expect(body.errors.map((error) => error.message)).toEqual([
      'Entité n° 2 : numéro Plat’AU absent (propriété platau_id).',
      'Entité n° 3 : service consulté absent (propriété service).',
      'Entité n° 4 : géométrie de type « LineString », attendu Point ou Polygon ou MultiPolygon.',
      expect.stringMatching(/^Entité n° 5 : .*longitude/),
    ]);
    expect(body.errors.every((error) => error.path === 'file')).toBe(true);
    // The good features of the file were not kept either.
    expect((await stored()).map((row) => row.platauId)).toEqual(['PLATAU-2026-0001', 'PLATAU-2026-0002']);
  });

  test('a file that is not GeoJSON, or empty, is refused with its reason', async () => {
    const broken = await upload('{"type":"FeatureCollection","features":[{"type":"Feature",');
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json<{ message: string }>().message).toMatch(/^Import annulé : .+ Aucune consultation/);
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe('Le fichier est vide.');
    expect(await stored()).toHaveLength(2);
  });

  test('only an administrator imports: 401 without a session, 403 for the instructor', async () => {
    const file = {
      type: 'FeatureCollection',
      features: [feature({ platau_id: 'PLATAU-2026-0099', service: 'DDTM' }, point(0, 0.002))],
    };
    expect((await upload(file, null)).statusCode).toBe(401);
    expect((await upload(file, instructor)).statusCode).toBe(403);
    expect((await upload(file, applicant)).statusCode).toBe(403);
    expect(await stored()).toHaveLength(2);
  });
});

describe('npm run import -- consultations FILE', () => {
  test('the command line imports the same file by the same importer; the first bad feature stops it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'consultations-'));
    try {
      const file = path.join(dir, 'consultations.geojson');
      await writeFile(
        file,
        JSON.stringify({
          type: 'FeatureCollection',
          features: [feature({ platau_id: 'PLATAU-2026-0100', service: 'DREAL' }, square(0.01, 0.01))],
        }),
      );
      const summary = await importKind(db(), 'consultations', file);
      expect(summary).toMatchObject({ kind: 'consultations', read: 1, inserted: 1 });
      await writeFile(
        file,
        JSON.stringify({
          type: 'FeatureCollection',
          features: [feature({ service: 'DREAL' }, point(0.01, 0.01))],
        }),
      );
      await expect(importKind(db(), 'consultations', file)).rejects.toThrow(
        'Entité n° 1 : numéro Plat’AU absent (propriété platau_id).',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
      await db().deleteFrom('consultation').where('platauId', '=', 'PLATAU-2026-0100').execute();
    }
  });
});

describe('GET layers/consultations', () => {
  test('answers the consultations of the bbox as GeoJSON, with id, platau_id and service', async () => {
    const res = await layer(around(0.01));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/geo+json');
    // Not open data: kept by no cache (http/caching.ts).
    expect(res.headers['cache-control']).toBe('no-store');
    const collection = res.json<LayerAnswer>();
    expect(collection.type).toBe('FeatureCollection');
    const byNumber = collection.features
      .map((item) => ({ type: item.geometry.type, ...item.properties }))
      .sort((a, b) => a.platau_id.localeCompare(b.platau_id));
    expect(byNumber.map(({ id: _id, ...rest }) => rest)).toEqual([
      { type: 'Point', platau_id: 'PLATAU-2026-0001', service: 'Architecte des Bâtiments de France' },
      { type: 'Polygon', platau_id: 'PLATAU-2026-0002', service: 'SDIS 40' },
    ]);
    expect(collection.features.every((item) => item.id === item.properties.id)).toBe(true);
    // The point at the origin only: the square starts 0.001° north-east.
    const near = (await layer(around(0.0005))).json<LayerAnswer>();
    expect(near.features.map((item) => item.properties.platau_id)).toEqual(['PLATAU-2026-0001']);
    // Elsewhere: none.
    const away = (await layer('-1.2,43.5,-1.19,43.51')).json<LayerAnswer>();
    expect(away.features).toEqual([]);
  });

  test('a bad or too wide bbox is refused in French', async () => {
    const bad = await layer('a,b,c');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('bbox');
    const wide = await layer('-2,43,-0.5,44');
    expect(wide.statusCode).toBe(400);
    expect(wide.json<{ message: string }>().message).toContain(
      'La zone demandée est trop étendue : zoomez sur la carte.',
    );
  });

  test('for the staff only: 401 without a session, 403 for an applicant or a road manager', async () => {
    expect((await layer(around(0.01), null)).statusCode).toBe(401);
    expect((await layer(around(0.01), applicant)).statusCode).toBe(403);
    expect((await layer(around(0.01), gestionnaire)).statusCode).toBe(403);
    expect((await layer(around(0.01), admin)).statusCode).toBe(200);
  });

  test('GET map-layers lists the Consultations overlay, unchecked, for the staff alone', async () => {
    const names = async (user: TestUser | null, url = '/api/map-layers') => {
      const res = await t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: MapLayer[] }>().data;
    };
    for (const user of [admin, instructor]) {
      const consultations = (await names(user)).find((row) => row.layerName === 'consultations');
      expect(consultations).toMatchObject({
        text: 'Consultations',
        type: 'mapserver',
        url: '/api/layers/consultations',
        checked: false,
        baseLayer: false,
      });
    }
    for (const user of [applicant, gestionnaire]) {
      const rows = await names(user);
      expect(rows.map((row) => row.layerName)).toContain('communes');
      expect(rows.map((row) => row.layerName)).not.toContain('consultations');
    }
    const open = await names(null, '/api/public/map-layers');
    expect(open.map((row) => row.layerName)).not.toContain('consultations');
  });
});
