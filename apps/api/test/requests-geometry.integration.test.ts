import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { DRAWN_GEOMETRY_LIMITS, GEOMETRY_MESSAGES, TERRITORY_EXTENT } from '@voirie/domain';
import { up as repairGeometries } from '../src/db/migrations/0013-valid-geometries.ts';
import { MAP_SHAPE_MAX_POSITIONS } from '../src/geo/services/sql-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';
import { linkAccount, territoryId } from './groups-helpers.ts';
import { MANDATORY, filingParts, filingPayload, multipart, type Part } from './filing-helpers.ts';

// Broken or huge geometries. Filings refuse them (domain checks, then
// PostGIS's ST_IsValid); a bad shape already stored never breaks a list, a count, an export or
// a detail; lists carry shapes simplified for the map, never the stored geometries.

const FILING_PREFIX = "Erreur lors de l'ajout du dossier : ";
const UPDATE_PREFIX = 'Erreur lors de la mise à jour du dossier : ';

type Position = [number, number];

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let instructor: TestUser;
let guichet: TestUser;
let gestionnaire: TestUser;

/** Near the Rue des Pins, Capbreton (geo-fixtures.ts), offset in ten-thousandths of a degree. */
const pins = (dx: number, dy: number): Position => [-1.429 + dx / 10000, 43.631 + dy / 10000];
const collection = (...geometries: unknown[]) => ({ type: 'GeometryCollection', geometries });
const polygon = (...rings: Position[][]) => ({ type: 'Polygon', coordinates: rings });

/** A closed ring of `count` positions around the Rue des Pins (radius in ten-thousandths of a degree). */
function circle(count: number, radius = 2): Position[] {
  const ring = Array.from({ length: count - 1 }, (_, index): Position => {
    const angle = (2 * Math.PI * index) / (count - 1);
    return pins(radius * Math.cos(angle), radius * Math.sin(angle));
  });
  return [...ring, ring[0]!];
}

beforeAll(async () => {
  t = await createTestApp({}, { dataDir: 'requests-geometry' });
  await insertGeoFixtures(t.database.db);
  alice = await createUser(t, ['ROLE_DEMANDEUR']);
  bob = await createUser(t, ['ROLE_DEMANDEUR']);
  admin = await createUser(t, ['ROLE_ADMIN']);
  instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
  guichet = await createUser(t, ['ROLE_GUICHET']);
  gestionnaire = await createUser(t, ['ROLE_GESTIONNAIRE']);
});
afterAll(() => t?.close());

const requestCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('request')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function fileMultipart(user: TestUser, parts: readonly Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/request',
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
}

/** A kind-1 filing with every mandatory piece and this footprint: refused with `message`, nothing written. */
async function expectFilingRefused(theGeom: unknown, message: string) {
  const before = await requestCount();
  const res = await fileMultipart(
    alice,
    filingParts(filingPayload(1, { location: { theGeom } }), MANDATORY[1]),
  );
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ message: string; errors: { path: string; message: string }[] }>();
  expect(body.message).toBe(`${FILING_PREFIX}${message} (location.theGeom)`);
  expect(body.errors).toEqual([{ path: 'location.theGeom', message: `${message} (location.theGeom)` }]);
  expect(await requestCount()).toBe(before);
}

describe('POST request / PUT request/{id}: the drawn footprint is checked, nothing is written', () => {
  test('an unclosed polygon ring (the probe answered 201, then emptied the perimeter lists)', async () => {
    await expectFilingRefused(
      collection(polygon([pins(-2, -2), pins(2, -2), pins(2, 2), pins(-2, 2)])),
      "Le polygone dessiné n'est pas fermé.",
    );
  });

  test('a 180,000-position polygon is refused at once, on its count', async () => {
    // Four decimals: the JSON (3.4 MB) stays under the filing's body limit, as the probe's did.
    const ring = Array.from({ length: 180_000 }, (_, index): Position => {
      const angle = (2 * Math.PI * index) / 180_000;
      return [
        Number((-1.429 + 0.002 * Math.cos(angle)).toFixed(4)),
        Number((43.631 + 0.002 * Math.sin(angle)).toFixed(4)),
      ];
    });
    const before = await requestCount();
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/request',
      headers: alice.headers,
      payload: filingPayload(1, { location: { theGeom: collection(polygon(ring)) } }),
    });
    const elapsed = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 500)).toBe(400);
    const tooMany = 'Le tracé dessiné comporte trop de points (5\u00a0000 au plus).';
    expect(res.json<{ errors: { path: string; message: string }[] }>().errors).toContainEqual({
      path: 'location.theGeom',
      message: `${tooMany} (location.theGeom)`,
    });
    expect(elapsed).toBeLessThan(5000);
    expect(await requestCount()).toBe(before);
  });

  test('a polygon outside the territory (in Dax)', async () => {
    const dax = (dx: number, dy: number): Position => [-1.053 + dx / 10000, 43.71 + dy / 10000];
    await expectFilingRefused(
      collection(polygon([dax(0, 0), dax(2, 0), dax(2, 2), dax(0, 0)])),
      'Le tracé dessiné sort du territoire de la communauté.',
    );
  });

  test('a bow-tie polygon (its ring crosses itself)', async () => {
    await expectFilingRefused(
      collection(polygon([pins(-2, -2), pins(2, 2), pins(2, -2), pins(-2, 2), pins(-2, -2)])),
      'Le tracé dessiné se recoupe lui-même.',
    );
  });

  test("PostGIS's ST_IsValid is the last guard: a hole outside its polygon", async () => {
    const shell = [pins(-2, -2), pins(2, -2), pins(2, 2), pins(-2, 2), pins(-2, -2)];
    const hole = [pins(5, 5), pins(6, 5), pins(6, 6), pins(5, 5)];
    await expectFilingRefused(collection(polygon(shell, hole)), GEOMETRY_MESSAGES.invalid);
  });

  test('PUT request/{id}: the update of a request in state 8 is checked the same', async () => {
    const { id } = await createRequest(t.database.db, {
      owner: alice,
      state: 8,
      kind: 1,
      petitioner: { email: alice.email, stdUserId: alice.id },
    });
    await t.database.db
      .insertInto('requestMissingDocument')
      .values({ requestId: id, typeDocumentId: 5 })
      .execute();
    const storedBefore = await t.database.db
      .selectFrom('request')
      .select(sql<string>`ST_AsText(the_geom)`.as('wkt'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const unclosed = collection(polygon([pins(-2, -2), pins(2, -2), pins(2, 2), pins(-2, 2)]));
    const body = multipart(filingParts(filingPayload(1, { location: { theGeom: unclosed } }), [5]));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/request/${String(id)}`,
      payload: body.payload,
      headers: { ...body.headers, ...alice.headers },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      `${UPDATE_PREFIX}${GEOMETRY_MESSAGES.polygonNotClosed} (location.theGeom)`,
    );
    const after = await t.database.db
      .selectFrom('request')
      .select(['stateId', sql<string>`ST_AsText(the_geom)`.as('wkt')])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ stateId: 8, wkt: storedBefore.wkt });
  });

  test('the territory box holds every stored town', async () => {
    const { rows } = await sql<{ minLon: number; minLat: number; maxLon: number; maxLat: number }>`
      SELECT min(ST_XMin(geom)) AS "minLon", min(ST_YMin(geom)) AS "minLat", max(ST_XMax(geom)) AS "maxLon", max(ST_YMax(geom)) AS "maxLat" FROM commune`.execute(
      t.database.db,
    );
    const extent = rows[0]!;
    expect(extent.minLon).toBeGreaterThanOrEqual(TERRITORY_EXTENT.minLon);
    expect(extent.minLat).toBeGreaterThanOrEqual(TERRITORY_EXTENT.minLat);
    expect(extent.maxLon).toBeLessThanOrEqual(TERRITORY_EXTENT.maxLon);
    expect(extent.maxLat).toBeLessThanOrEqual(TERRITORY_EXTENT.maxLat);
  });
});

interface ListBody {
  data: { id: number }[];
  features: {
    type: 'FeatureCollection';
    features: { id: number; geometry: unknown; properties: { id: number } }[];
  };
  pagination: { total: number };
}

/** Positions in a GeoJSON geometry, nested at any depth. */
function positionCount(geometry: unknown): number {
  const walk = (value: unknown): number => {
    if (!Array.isArray(value)) return 0;
    if (typeof value[0] === 'number') return 1;
    return value.reduce((sum: number, item) => sum + walk(item), 0);
  };
  const shape = geometry as { coordinates?: unknown; geometries?: unknown[] };
  if (shape.geometries) return shape.geometries.reduce((sum: number, part) => sum + positionCount(part), 0);
  return walk(shape.coordinates);
}

describe('lists never carry the stored geometries', () => {
  async function listOf(user: TestUser, id: number, zoom?: number) {
    const query = new URLSearchParams({
      searchFilter: JSON.stringify({ id }),
      ...(zoom === undefined ? {} : { zoom: String(zoom) }),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/request?${query.toString()}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    return { body: res.json<ListBody>(), bytes: res.rawPayload.length };
  }
  const detailOf = (user: TestUser, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/request/${String(id)}`, headers: user.headers });
  /** Alice files a request whose footprint is a polygon at the vertex limit: its id. */
  async function fileAtVertexLimit(): Promise<number> {
    const ring = circle(DRAWN_GEOMETRY_LIMITS.maxPositions);
    const res = await fileMultipart(
      alice,
      filingParts(filingPayload(1, { location: { theGeom: collection(polygon(ring)) } }), MANDATORY[1]),
    );
    expect(res.statusCode, res.body.slice(0, 500)).toBe(201);
    return res.json<{ data: { id: number } }>().data.id;
  }

  test('a filing at the vertex limit: its list feature is small, and smaller still at a low zoom', async () => {
    const id = await fileAtVertexLimit();
    // The detail keeps the whole footprint (one row, bounded by the limit).
    const detail = await detailOf(admin, id);
    expect(positionCount(detail.json<{ data: { theGeom: unknown } }>().data.theGeom)).toBe(
      DRAWN_GEOMETRY_LIMITS.maxPositions,
    );

    const page = await listOf(admin, id);
    const feature = page.body.features.features.find((candidate) => candidate.id === id)!;
    expect(feature.geometry).toMatchObject({ type: 'GeometryCollection' });
    expect(positionCount(feature.geometry)).toBeLessThanOrEqual(MAP_SHAPE_MAX_POSITIONS);
    expect(JSON.stringify(feature).length).toBeLessThan(6000);
    const low = await listOf(admin, id, 10);
    const lowFeature = low.body.features.features.find((candidate) => candidate.id === id)!;
    expect(positionCount(lowFeature.geometry)).toBeGreaterThanOrEqual(4);
    expect(positionCount(lowFeature.geometry)).toBeLessThanOrEqual(DRAWN_GEOMETRY_LIMITS.maxPositions / 100);
  });

  test('a 180,000-position shape stored before the limit: the page stays small', async () => {
    const { id } = await createRequest(t.database.db, { owner: bob, insee: '40065' });
    // A circle of radius 0.002° (perimeter 0.01257°) cut every 0.00000007°: about 180,000 positions.
    await sql`UPDATE request SET the_geom = ST_ForceCollection(ST_Segmentize(ST_Buffer(ST_SetSRID(ST_MakePoint(-1.429, 43.631), 4326), 0.002, 8), 0.00000007)) WHERE id = ${id}`.execute(
      t.database.db,
    );
    const stored = await sql<{
      n: number;
    }>`SELECT ST_NPoints(the_geom) AS n FROM request WHERE id = ${id}`.execute(t.database.db);
    expect(Number(stored.rows[0]!.n)).toBeGreaterThan(170_000);
    const page = await listOf(admin, id);
    const feature = page.body.features.features.find((candidate) => candidate.id === id)!;
    expect(positionCount(feature.geometry)).toBeLessThanOrEqual(MAP_SHAPE_MAX_POSITIONS);
    expect(page.bytes).toBeLessThan(12_000);
  });

  test('GET request/{id} answers its footprint as the list does, in `features` beside `data`', async () => {
    const id = await fileAtVertexLimit();
    const detail = await detailOf(alice, id);
    expect(detail.statusCode).toBe(200);
    const body = detail.json<{ data: { theGeom: unknown }; features: ListBody['features'] }>();
    expect(positionCount(body.data.theGeom)).toBe(DRAWN_GEOMETRY_LIMITS.maxPositions);
    const listed = (await listOf(alice, id)).body.features;
    expect(body.features).toEqual(listed);
    expect(body.features.features).toHaveLength(1);
    expect(body.features.features[0]).toMatchObject({ type: 'Feature', id, properties: { id, type: 1 } });
    expect(positionCount(body.features.features[0]!.geometry)).toBeLessThanOrEqual(MAP_SHAPE_MAX_POSITIONS);

    // A request without a footprint has an empty collection.
    const { id: bare } = await createRequest(t.database.db, { owner: alice, insee: '40065' });
    await sql`UPDATE request SET the_geom = NULL WHERE id = ${bare}`.execute(t.database.db);
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/request/${String(bare)}`,
      headers: alice.headers,
    });
    expect(empty.json<{ features: unknown }>().features).toEqual({ type: 'FeatureCollection', features: [] });
  });

  test('a bad zoom is a 400 in French', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/request?zoom=abc', headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/nombre/i);
  });
});

describe('one bad row never breaks a list', () => {
  const ids = { good: 0, unclosed: 0, bowTie: 0 };
  // Around Capbreton's interior point: a bow-tie crossing itself at (-1.4292, 43.6309).
  const BOW_TIE =
    'GEOMETRYCOLLECTION(POLYGON((-1.4302 43.6299, -1.4282 43.6319, -1.4282 43.6299, -1.4302 43.6319, -1.4302 43.6299)))';
  const UNCLOSED = JSON.stringify(
    collection(
      polygon([
        [-1.4296, 43.6305],
        [-1.4288, 43.6305],
        [-1.4288, 43.6313],
        [-1.4296, 43.6313],
      ]),
    ),
  );
  // The gestionnaire's perimeter has a vertex on the bow-tie's crossing (a TopologyException for GEOS).
  const ROAD_MANAGER_AREA =
    'MULTIPOLYGON(((-1.4292 43.6200, -1.4100 43.6200, -1.4100 43.6400, -1.4292 43.6309, -1.4292 43.6200)))';

  beforeAll(async () => {
    const db = t.database.db;
    await linkAccount(db, guichet.id, await territoryId(db, 'town', '40065'), 'guichet');
    const area = await db
      .insertInto('perimeter')
      .values({
        libelle: 'Secteur sud',
        type: 'town',
        code: null,
        geom: sql`ST_GeomFromText(${ROAD_MANAGER_AREA}, 4326)` as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await linkAccount(db, gestionnaire.id, area.id, 'gestionnaire');
    ids.good = (await createRequest(db, { owner: bob, insee: '40065', numaffaire: 'BONNE' })).id;
    ids.unclosed = (await createRequest(db, { owner: bob, insee: '40065', numaffaire: 'NON-FERMEE' })).id;
    ids.bowTie = (await createRequest(db, { owner: bob, insee: '40065', numaffaire: 'NOEUD-PAPILLON' })).id;
    // Written as a filing once could, bypassing today's checks.
    await sql`UPDATE request SET the_geom = ST_SetSRID(ST_GeomFromGeoJSON(${UNCLOSED}), 4326) WHERE id = ${ids.unclosed}`.execute(
      db,
    );
    await sql`UPDATE request SET the_geom = ST_GeomFromText(${BOW_TIE}, 4326) WHERE id = ${ids.bowTie}`.execute(
      db,
    );
  });

  async function listIds(user: TestUser): Promise<number[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/request?numItemsPerPage=100',
      headers: user.headers,
    });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const body = res.json<ListBody>();
    // Every row of the page has its feature: none was dropped for its shape.
    for (const id of [ids.unclosed, ids.bowTie]) {
      if (body.data.some((row) => row.id === id))
        expect(body.features.features.map((feature) => feature.id)).toContain(id);
    }
    return body.data.map((row) => row.id);
  }

  async function exportedIds(user: TestUser, path: 'export' | 'export/admin'): Promise<number[]> {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(';')[0]));
  }

  test('the guichet (town perimeter) and the gestionnaire (own perimeter) lists', async () => {
    const seenByGuichet = await listIds(guichet);
    expect(seenByGuichet).toEqual(expect.arrayContaining([ids.good, ids.unclosed, ids.bowTie]));
    expect(await listIds(gestionnaire)).toContain(ids.bowTie);
  });

  test('the admin and instructor lists and counts', async () => {
    expect(await listIds(admin)).toEqual(expect.arrayContaining([ids.good, ids.unclosed, ids.bowTie]));
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/request/count',
      headers: instructor.headers,
    });
    expect(count.statusCode).toBe(200);
    const total = Object.values(count.json<{ data: Record<string, number> }>().data).reduce(
      (sum, n) => sum + n,
      0,
    );
    expect(total).toBe(await requestCount());
  });

  test('the exports', async () => {
    expect(await exportedIds(guichet, 'export')).toEqual(
      expect.arrayContaining([ids.good, ids.unclosed, ids.bowTie]),
    );
    expect(await exportedIds(gestionnaire, 'export')).toContain(ids.bowTie);
    expect(await exportedIds(admin, 'export/admin')).toEqual(
      expect.arrayContaining([ids.unclosed, ids.bowTie]),
    );
  });

  test('the details, for the perimeter accounts and the admin', async () => {
    for (const user of [guichet, admin]) {
      for (const id of [ids.unclosed, ids.bowTie]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/request/${String(id)}`,
          headers: user.headers,
        });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      }
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/request/${String(ids.bowTie)}`,
          headers: gestionnaire.headers,
        })
      ).statusCode,
    ).toBe(200);
  });

  test('migration 0013 repairs the stored shapes, as collections of simple shapes', async () => {
    const db = t.database.db;
    const untouched = await sql<{
      wkt: string;
    }>`SELECT ST_AsText(the_geom) AS wkt FROM request WHERE id = ${ids.good}`.execute(db);
    await repairGeometries(db as never);
    const { rows } = await sql<{ id: number; valid: boolean; type: string; nested: number }>`
      SELECT id, ST_IsValid(the_geom) AS valid, GeometryType(the_geom) AS type,
        (SELECT count(*) FROM generate_series(1, ST_NumGeometries(the_geom)) AS i
          WHERE GeometryType(ST_GeometryN(the_geom, i)) LIKE 'MULTI%')::int AS nested
      FROM request WHERE id IN (${ids.unclosed}, ${ids.bowTie}) ORDER BY id`.execute(db);
    expect(rows).toEqual([
      { id: ids.unclosed, valid: true, type: 'GEOMETRYCOLLECTION', nested: 0 },
      { id: ids.bowTie, valid: true, type: 'GEOMETRYCOLLECTION', nested: 0 },
    ]);
    expect(
      (
        await sql<{
          wkt: string;
        }>`SELECT ST_AsText(the_geom) AS wkt FROM request WHERE id = ${ids.good}`.execute(db)
      ).rows,
    ).toEqual(untouched.rows);
    // The bow-tie is now its two triangles.
    const parts = await sql<{
      n: number;
    }>`SELECT ST_NumGeometries(the_geom) AS n FROM request WHERE id = ${ids.bowTie}`.execute(db);
    expect(Number(parts.rows[0]!.n)).toBe(2);
  });
});
