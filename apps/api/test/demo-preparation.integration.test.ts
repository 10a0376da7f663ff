import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateDemoGeography } from '../src/geo/demo/index.ts';
import { FileStore } from '../src/files/file-store.ts';
import { seedDemoPerimeters } from '../src/seed/demo-geography.ts';
import { claimDemoPreparation, prepareDemoData, prepareDemoRoads } from '../src/seed/demo-preparation.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../src/users/demo-accounts.ts';
import { MANDATORY, filingParts, filingPayload, multipart, tempDataDir } from './filing-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { countRows } from './requests-factory.ts';

// A first start (docs/operations.md « Premier démarrage »): the portal answers while its demo data is
// imported behind it, and what users do meanwhile is kept.

const MESSAGE = 'Données de démonstration en cours de préparation';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  t = await createTestApp();
  dataDir = await tempDataDir('demo-preparation');
  await seedDemoAccounts(t.database.db);
  await seedDemoPerimeters(t.database.db);
}, 120_000);
afterAll(() => t.close());

const health = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{
    status: string;
    demoPreparation?: { message: string; progress: number };
  }>();
const count = (table: 'request' | 'roadSegment' | 'parcel' | 'address') => countRows(t.database.db, table);

describe('the demo data prepared behind a portal that answers', () => {
  test('sign-in and filing during the preparation succeed; the demo requests come after', async () => {
    const db = t.database.db;
    expect(await claimDemoPreparation(db, { exclusive: false })).toBe('claimed');
    // A second instance finds it held by a live one.
    expect(await claimDemoPreparation(db, { exclusive: false })).toBe('elsewhere');
    expect((await health()).demoPreparation).toEqual({ message: MESSAGE, progress: 0 });
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<{
      data: { demoPreparation?: unknown };
    }>();
    expect(config.data.demoPreparation).toEqual({ message: MESSAGE, progress: 0 });

    // The roads before the portal answers (the wizard needs them); the rest behind it.
    const lines: string[] = [];
    const options = {
      size: 'small' as const,
      dataDir,
      files: generateDemoGeography({ outDir: path.join(dataDir, 'demo-geo'), size: 'small' }),
      log: (line: string) => lines.push(line),
    };
    await prepareDemoRoads(db, options);
    expect(await count('roadSegment')).toBeGreaterThan(400);
    expect(await count('parcel')).toBe(0);
    expect((await health()).demoPreparation?.message).toBe(MESSAGE);

    // The portal answers from here: an applicant signs in and files before the rest is in.
    const applicant = DEMO_ACCOUNTS.find((account) => account.role === 'ROLE_DEMANDEUR')!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: applicant.email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json<{ data: { token: string } }>().data.token;
    // On a demo road of Capbreton: the wizard's and the server's road check find it.
    const { rows } = await sql<{ lon: number; lat: number }>`
      SELECT ST_X(p) AS lon, ST_Y(p) AS lat
      FROM (SELECT ST_LineInterpolatePoint(ST_GeometryN(geom, 1), 0.5) AS p FROM road_segment
        WHERE insee_code = '40065' AND typevoie = 'Voie communale' ORDER BY id LIMIT 1) AS s`.execute(db);
    const { lon, lat } = rows[0]!;
    const location = {
      theGeom: { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [lon, lat] }] },
      lon,
      lat,
    };
    const { payload, headers } = multipart(filingParts(filingPayload(1, { location }), MANDATORY[1]));
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/request',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { id: filedId, stateId: filedState } = filed.json<{ data: { id: number; stateId: number } }>().data;

    // The rest behind the portal, which keeps answering: a sign-in and the list meanwhile.
    const preparing = prepareDemoData(db, {
      ...options,
      store: new FileStore(path.join(dataDir, 'files')),
    });
    const [again, list] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: applicant.email, password: DEMO_PASSWORD },
      }),
      t.app.inject({ method: 'GET', url: '/api/request', headers: { authorization: `Bearer ${token}` } }),
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(list.statusCode, list.body).toBe(200);
    expect(await preparing).toEqual({ ok: true });

    expect((await health()).demoPreparation).toBeUndefined();
    expect(await count('roadSegment')).toBeGreaterThan(400);
    expect(await count('parcel')).toBeGreaterThan(4000);
    expect(await count('address')).toBeGreaterThan(2000);
    // The demo requests (300, and the combined ones) after the one filed during the preparation,
    // which is intact.
    const demo = await db
      .selectFrom('request')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('id').as('first')])
      .where('id', '<>', filedId)
      .executeTakeFirstOrThrow();
    expect(Number(demo.n)).toBeGreaterThanOrEqual(300);
    expect(Number(demo.first)).toBeGreaterThan(filedId);
    const kept = await db
      .selectFrom('request')
      .select(['id', 'stateId'])
      .where('id', '=', filedId)
      .executeTakeFirstOrThrow();
    expect(kept.stateId).toBe(filedState);
    // The log says the generation once, the roads ready first, the whole geography at the end.
    expect(lines.filter((line) => line.startsWith('Génération des données géographiques'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('prêt'))).toEqual([
      expect.stringMatching(/^ {2}tronçons de démonstration prêts en /),
      expect.stringMatching(/^Données géographiques de démonstration prêtes en /),
    ]);
    // Done: nothing more to prepare, and a later start seeds no second set.
    expect(await claimDemoPreparation(db, { exclusive: false })).toBe('none');
  }, 180_000);

  test('a preparation cut short is taken over by the next start, and imports nothing twice', async () => {
    const db = t.database.db;
    // As a first start stopped half way: the roads in, the preparation's record left behind.
    await db.deleteFrom('appSetting').where('key', '=', 'demo_preparation').execute();
    const roads = await count('roadSegment');
    await sql`INSERT INTO app_setting (key, value) VALUES ('demo_preparation', '{"progress":0.5,"at":0}')`.execute(
      db,
    );
    // Stale: no screen shows it; the next start (another instance) takes it over.
    expect((await health()).demoPreparation).toBeUndefined();
    expect(await claimDemoPreparation(db, { exclusive: false })).toBe('claimed');
    const parcels = await count('parcel');
    const requests = await count('request');
    const options = { size: 'small' as const, dataDir, log: () => {} };
    await prepareDemoRoads(db, options);
    expect(
      await prepareDemoData(db, { ...options, store: new FileStore(path.join(dataDir, 'files')) }),
    ).toEqual({
      ok: true,
    });
    expect(await count('roadSegment')).toBe(roads);
    expect(await count('parcel')).toBe(parcels);
    // The demo requests are seeded once.
    expect(await count('request')).toBe(requests);
    expect(await claimDemoPreparation(db, { exclusive: false })).toBe('none');
  }, 180_000);
});
