import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { LIST_TABS, REQUEST_TILES } from '@voirie/domain';
import { copiedTables } from '../src/maintenance/catalogue.ts';
import { foldRequestRevision, requestRevision } from '../src/requests/request-revision.ts';
import { createRequest } from './requests-factory.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { postgresTarget } from './test-target.ts';

// The list's map as vector tiles (GET request/tiles/{z}/{x}/{y}, docs/api-requests.md "Map
// tiles"): only the requests the viewer sees and the filters keep, one feature per request and
// kind of shape from the detail zoom, counted cells below it; tagged by the requests' revision,
// 304 without building, a new tag after any write.

const t = testAppForFile({}, { dataDir: 'request-tiles' });
const { alice, bob, instructor } = accountsForFile(t, {
  alice: { roles: ['ROLE_DEMANDEUR'], email: 'alice.tuiles@exemple.fr' },
  bob: { roles: ['ROLE_DEMANDEUR'], email: 'bob.tuiles@exemple.fr' },
  instructor: { roles: ['ROLE_INSTRUCTEUR'], email: 'instructeur.tuiles@exemple.fr' },
});
const db = () => t.database.db;

/** Where the test's requests are, in Capbreton (lon, lat). */
const HERE = [-1.4301, 43.6452] as const;
const M = 0.0001;

/** The XYZ tile holding a point at a zoom. */
function tileAt(z: number, [lon, lat]: readonly [number, number]) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    z,
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}
const DETAIL = tileAt(17, HERE);
const CELLS = tileAt(11, HERE);
type Tile = typeof DETAIL;

const ids: Record<'aliceA' | 'aliceB' | 'bobMixed' | 'tiny' | 'alignment' | 'signed', number> = {
  aliceA: 0,
  aliceB: 0,
  bobMixed: 0,
  tiny: 0,
  alignment: 0,
  signed: 0,
};

async function place(id: number, wkt: string) {
  await sql`UPDATE request SET the_geom = ST_GeomFromText(${wkt}, 4326) WHERE id = ${id}`.execute(db());
}
const at = (dx: number, dy: number) => `${String(HERE[0] + dx * M)} ${String(HERE[1] + dy * M)}`;

beforeAll(async () => {
  ids.aliceA = (await createRequest(db(), { owner: alice, state: 3, dateStart: '2026-12-01' })).id;
  await place(ids.aliceA, `GEOMETRYCOLLECTION(POINT(${at(0, 0)}))`);
  ids.aliceB = (await createRequest(db(), { owner: alice, state: 4 })).id;
  await place(ids.aliceB, `GEOMETRYCOLLECTION(POINT(${at(3, 2)}))`);
  ids.bobMixed = (
    await createRequest(db(), {
      owner: bob,
      state: 3,
      dateStart: '2026-12-02',
      dateEnd: '2026-12-20',
      petitioner: { lastName: 'Zébulon' },
    })
  ).id;
  await place(
    ids.bobMixed,
    `GEOMETRYCOLLECTION(POINT(${at(-2, -2)}), LINESTRING(${at(-3, 0)}, ${at(-3, 3)}, ${at(-1, 4)}),` +
      ` POLYGON((${at(1, -3)}, ${at(4, -3)}, ${at(4, -1)}, ${at(1, -1)}, ${at(1, -3)})))`,
  );
  // A square of 1 cm: under one tile unit at any zoom served.
  ids.tiny = (await createRequest(db(), { owner: bob, state: 3 })).id;
  const [x, y] = [HERE[0] + 2 * M, HERE[1] + 4 * M];
  const d = 0.0000001;
  await place(
    ids.tiny,
    `GEOMETRYCOLLECTION(POLYGON((${String(x)} ${String(y)}, ${String(x + d)} ${String(y)}, ${String(x + d)} ${String(y + d)}, ${String(x)} ${String(y + d)}, ${String(x)} ${String(y)})))`,
  );
  ids.alignment = (await createRequest(db(), { owner: bob, state: 3, kind: 2 })).id;
  await place(ids.alignment, `GEOMETRYCOLLECTION(POINT(${at(-4, -4)}))`);
  ids.signed = (await createRequest(db(), { owner: bob, state: 5 })).id;
  await place(ids.signed, `GEOMETRYCOLLECTION(POINT(${at(5, 5)}))`);
});

const tileUrl = (tile: Tile, query = '') =>
  `/api/request/tiles/${String(tile.z)}/${String(tile.x)}/${String(tile.y)}${query}`;

async function fetchTile(user: { headers: Record<string, string> }, tile: Tile, query = '') {
  const res = await t.app.inject({ url: tileUrl(tile, query), headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(REQUEST_TILES.contentType);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  expect(res.headers.etag).toMatch(/^".+"$/);
  return { etag: res.headers.etag as string, features: featuresOf(res.rawPayload) };
}

function featuresOf(body: Buffer): VectorTileFeature[] {
  if (body.length === 0) return [];
  const tile = new VectorTile(new PbfReader(body));
  expect(Object.keys(tile.layers)).toEqual([REQUEST_TILES.layer]);
  const layer = tile.layers[REQUEST_TILES.layer]!;
  expect(layer.extent).toBe(REQUEST_TILES.extent);
  return Array.from({ length: layer.length }, (_, index) => layer.feature(index));
}

const idsOf = (features: readonly VectorTileFeature[]) => [...new Set(features.map((f) => f.id))].sort();
const sorted = (values: number[]) => [...values].sort();

/** The ids the database holds in the tile's envelope (PostGIS's own tiling) for these owners. */
async function idsInTile(tile: Tile, owners?: number[]): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM request
    WHERE ST_Intersects(the_geom, ST_Transform(ST_TileEnvelope(${tile.z}::int, ${tile.x}::int, ${tile.y}::int), 4326))
    ${owners ? sql`AND owner_user_id IN (${sql.join(owners)})` : sql``}`.execute(db());
  return sorted(rows.map((row) => row.id));
}

describe('only what the viewer may see', () => {
  test("an applicant's tile holds its own requests, an instructor's the others too", async () => {
    const own = await fetchTile(alice, DETAIL);
    expect(idsOf(own.features)).toEqual(await idsInTile(DETAIL, [alice.id]));
    expect(idsOf(own.features)).toEqual(sorted([ids.aliceA, ids.aliceB]));
    const all = await fetchTile(instructor, DETAIL);
    expect(idsOf(all.features)).toEqual(await idsInTile(DETAIL));
    expect(idsOf(all.features)).toEqual(sorted(Object.values(ids)));
  });

  test('at a low zoom too: cells count only the applicant’s requests', async () => {
    const own = await fetchTile(alice, CELLS);
    const total = own.features.reduce((sum, feature) => sum + Number(feature.properties.count), 0);
    expect(total).toBe((await idsInTile(CELLS, [alice.id])).length);
  });

  test('signed out: 401', async () => {
    const res = await t.app.inject({ url: tileUrl(DETAIL) });
    expect(res.statusCode).toBe(401);
  });
});

describe('the list’s filters narrow the tile', () => {
  test('tab, type and search', async () => {
    const archived = LIST_TABS.find((tab) => tab.key === 'archive')!.id;
    const tab = await fetchTile(instructor, DETAIL, `?tab=${String(archived)}`);
    expect(idsOf(tab.features)).toEqual([ids.signed]);
    const type = await fetchTile(instructor, DETAIL, '?type=2');
    expect(idsOf(type.features)).toEqual([ids.alignment]);
    const search = await fetchTile(instructor, DETAIL, `?searchText=${encodeURIComponent('zébulon')}`);
    expect(idsOf(search.features)).toEqual([ids.bobMixed]);
    const column = await fetchTile(
      instructor,
      DETAIL,
      `?searchFilter=${encodeURIComponent(JSON.stringify({ stateId: [4] }))}`,
    );
    expect(idsOf(column.features)).toEqual([ids.aliceB]);
  });
});

describe('detail zoom: one feature per request and kind of shape', () => {
  test('properties and geometry types, dates omitted when absent', async () => {
    const { features } = await fetchTile(instructor, DETAIL);
    const mixed = features.filter((feature) => feature.id === ids.bobMixed);
    expect(mixed.map((feature) => feature.type).sort()).toEqual([1, 2, 3]);
    const { rows } = await sql<{
      publicId: string;
    }>`SELECT public_id AS "publicId" FROM request WHERE id = ${ids.bobMixed}`.execute(db());
    for (const feature of mixed)
      expect(feature.properties).toEqual({
        id: ids.bobMixed,
        publicId: rows[0]!.publicId,
        type: 1,
        stateId: 3,
        dateStart: '2026-12-02',
        dateEnd: '2026-12-20',
      });
    const a = features.find((feature) => feature.id === ids.aliceA)!;
    expect(a.properties).toMatchObject({ dateStart: '2026-12-01', stateId: 3 });
    expect(a.properties).not.toHaveProperty('dateEnd');
    // Its outer ring has a positive area in tile units (y down): clockwise on screen, as the MVT
    // specification wants it.
    const outer = mixed.find((feature) => feature.type === 3)!.loadGeometry()[0]!;
    const area = outer.reduce((sum, p, i) => {
      const q = outer[(i + 1) % outer.length]!;
      return sum + p.x * q.y - q.x * p.y;
    }, 0);
    expect(area).toBeGreaterThan(0);
    // The polygon as it is on the map: its outline back in degrees, within a tile unit.
    const polygon = mixed.find((feature) => feature.type === 3)!.toGeoJSON(DETAIL.x, DETAIL.y, DETAIL.z);
    const ring = (polygon.geometry as { coordinates: number[][][] }).coordinates[0]!;
    const lons = ring.map(([lon]) => lon!);
    expect(Math.min(...lons)).toBeCloseTo(HERE[0] + M, 5);
    expect(Math.max(...lons)).toBeCloseTo(HERE[0] + 4 * M, 5);
  });

  test('a footprint too small to see is drawn as its point', async () => {
    const { features } = await fetchTile(instructor, DETAIL);
    const tiny = features.filter((feature) => feature.id === ids.tiny);
    expect(tiny.map((feature) => feature.type)).toEqual([1]);
    const point = tiny[0]!.toGeoJSON(DETAIL.x, DETAIL.y, DETAIL.z).geometry as { coordinates: number[] };
    expect(point.coordinates[0]).toBeCloseTo(HERE[0] + 2 * M, 5);
    expect(point.coordinates[1]).toBeCloseTo(HERE[1] + 4 * M, 5);
  });
});

describe('low zoom: cells', () => {
  test('counts sum to the visible requests of the tile; a lone request keeps its id and properties', async () => {
    const { features } = await fetchTile(instructor, CELLS);
    expect(features.every((feature) => feature.type === 1)).toBe(true);
    const total = features.reduce((sum, feature) => sum + Number(feature.properties.count), 0);
    expect(total).toBe((await idsInTile(CELLS)).length);
    // The test's requests are 10 m apart: one cell holds them all.
    const here = features.find((feature) => Number(feature.properties.count) === Object.keys(ids).length);
    expect(here?.id).toBeUndefined();
    expect(here?.properties).toEqual({ count: Object.keys(ids).length });
    const lone = await fetchTile(alice, CELLS, '?searchFilter=' + encodeURIComponent('{"stateId":[4]}'));
    expect(lone.features).toHaveLength(1);
    expect(lone.features[0]!.id).toBe(ids.aliceB);
    expect(lone.features[0]!.properties).toMatchObject({ count: 1, id: ids.aliceB, stateId: 4 });
    // At its own place (within a tile unit), not at its cell's middle.
    const place = lone.features[0]!.toGeoJSON(CELLS.x, CELLS.y, CELLS.z).geometry as {
      coordinates: number[];
    };
    expect(place.coordinates[0]).toBeCloseTo(HERE[0] + 3 * M, 4);
    expect(place.coordinates[1]).toBeCloseTo(HERE[1] + 2 * M, 4);
  });

  test('an empty tile is an empty answer', async () => {
    const { features } = await fetchTile(instructor, { z: 3, x: 0, y: 0 });
    expect(features).toEqual([]);
  });
});

describe('tags', () => {
  test('304 with If-None-Match, without building the tile', async () => {
    const first = await fetchTile(instructor, DETAIL);
    const again = await t.app.inject({
      url: tileUrl(DETAIL),
      headers: { ...instructor.headers, 'if-none-match': first.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // While the footprints' column is renamed no tile can be built: the 304 still comes.
    await sql`ALTER TABLE request RENAME COLUMN the_geom TO the_geom_hidden`.execute(db());
    try {
      const unbuilt = await t.app.inject({
        url: tileUrl(DETAIL),
        headers: { ...instructor.headers, 'if-none-match': `"autre", ${first.etag}` },
      });
      expect(unbuilt.statusCode).toBe(304);
      const built = await t.app.inject({ url: tileUrl(DETAIL), headers: instructor.headers });
      expect(built.statusCode).toBe(500);
    } finally {
      await sql`ALTER TABLE request RENAME COLUMN the_geom_hidden TO the_geom`.execute(db());
    }
  });

  test('another user, another filter, another tile: another tag', async () => {
    const tags = new Set([
      (await fetchTile(instructor, DETAIL)).etag,
      (await fetchTile(alice, DETAIL)).etag,
      (await fetchTile(bob, DETAIL)).etag,
      (await fetchTile(instructor, DETAIL, '?type=2')).etag,
      (await fetchTile(instructor, { ...DETAIL, x: DETAIL.x + 1 })).etag,
    ]);
    expect(tags.size).toBe(5);
  });

  test('a transition, a new request or a new name changes the tag; a fold does not', async () => {
    const before = (await fetchTile(alice, DETAIL)).etag;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/request/${String(ids.aliceA)}/cancel`,
      headers: alice.headers,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = await fetchTile(alice, DETAIL);
    expect(cancelled.etag).not.toBe(before);
    expect(cancelled.features.find((f) => f.id === ids.aliceA)?.properties.stateId).toBe(1);
    const stale = await t.app.inject({
      url: tileUrl(DETAIL),
      headers: { ...alice.headers, 'if-none-match': before },
    });
    expect(stale.statusCode).toBe(200);

    await createRequest(db(), { owner: bob });
    const added = (await fetchTile(alice, DETAIL)).etag;
    expect(added).not.toBe(cancelled.etag);
    await sql`UPDATE petitioner SET last_name = 'Autre' WHERE id = (SELECT petitioner_id FROM request WHERE id = ${ids.bobMixed})`.execute(
      db(),
    );
    const renamed = (await fetchTile(alice, DETAIL)).etag;
    expect(renamed).not.toBe(added);

    const revision = await requestRevision(db());
    expect(await foldRequestRevision(db())).toBeGreaterThan(0);
    expect(await requestRevision(db())).toBe(revision);
    expect((await fetchTile(alice, DETAIL)).etag).toBe(renamed);
  });

  /** The revision seen inside a transaction after `write`, which is then rolled back. */
  async function revisionInRolledBack(write: string): Promise<bigint> {
    let seen = 0n;
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql.raw(write).execute(trx);
          seen = BigInt(await requestRevision(trx));
          throw new Error('annulée');
        }),
    ).rejects.toThrow('annulée');
    return seen;
  }

  test('a rolled-back write leaves the revision as it was', async () => {
    const revision = await requestRevision(db());
    const inside = await revisionInRolledBack(
      `UPDATE request SET numaffaire = 'x' WHERE id = ${String(ids.aliceB)}`,
    );
    expect(inside).toBeGreaterThan(BigInt(revision));
    expect(await requestRevision(db())).toBe(revision);
  });

  test('a TRUNCATE (a restore) moves it on; backups do not copy it', async () => {
    const revision = await requestRevision(db());
    expect(await revisionInRolledBack('TRUNCATE request CASCADE')).toBeGreaterThan(BigInt(revision));
    expect((await copiedTables(db())).map((table) => table.name)).not.toContain('request_revision');
  });
});

describe('bad tile addresses: 400 in French', () => {
  test.each([
    ['22/0/0', /zoom/],
    ['-1/0/0', /zoom/],
    ['1.5/0/0', /zoom/],
    ['a/0/0', /zoom/],
    ['2/4/0', /n’existe pas/],
    ['2/0/4', /n’existe pas/],
    ['2/-1/0', /entiers positifs/],
    ['2/0/x', /entiers positifs/],
  ])('%s', async (path, message) => {
    const res = await t.app.inject({ url: `/api/request/tiles/${path}`, headers: instructor.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });

  test('an unknown filter too', async () => {
    const res = await t.app.inject({ url: tileUrl(DETAIL, '?tab=99'), headers: instructor.headers });
    expect(res.statusCode).toBe(400);
  });
});

// Last: its requests would crowd the other tests' counts.
describe('a dense tile of the detail zooms', () => {
  test('more requests than detailMaxRequests: served as cells whose counts sum to them; at the limit, in detail', async () => {
    const cap = REQUEST_TILES.detailMaxRequests;
    // The middle of a detail tile 2 km away from the other requests; the dense ones 2 m apart.
    const tile = tileAt(REQUEST_TILES.detailMinZoom + 2, [HERE[0] + 0.02, HERE[1] + 0.02]);
    const n = 2 ** tile.z;
    const lon = ((tile.x + 0.5) / n) * 360 - 180;
    const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * (tile.y + 0.5)) / n))) * 180) / Math.PI;
    const spread = (count: number) =>
      sql`INSERT INTO request (type, state_id, petitioner_id, owner_user_id, the_geom)
        SELECT r.type, r.state_id, r.petitioner_id, r.owner_user_id,
          ST_ForceCollection(ST_SetSRID(ST_MakePoint(${lon}::float8 + (g % 25) * 0.00002, ${lat}::float8 + (g / 25) * 0.00002), 4326))
        FROM request r CROSS JOIN generate_series(0, ${count - 1}::int) AS g WHERE r.id = ${ids.aliceA}`.execute(
        db(),
      );
    await spread(cap);
    const detailed = await fetchTile(instructor, tile);
    expect(detailed.features).toHaveLength(cap);
    expect(detailed.features.every((feature) => feature.properties.count === undefined)).toBe(true);

    await spread(1);
    const cells = await fetchTile(instructor, tile);
    expect(cells.features.length).toBeLessThan(cap);
    expect(cells.features.reduce((sum, feature) => sum + Number(feature.properties.count), 0)).toBe(cap + 1);
    // An applicant who sees none of them still gets its own tile in detail: nothing.
    expect((await fetchTile(bob, tile)).features).toEqual([]);
  });
});

describe.runIf(postgresTarget())('PostgreSQL: no JIT on the portal’s connections', () => {
  test('a tile’s plan, costly for PostGIS’s functions, is not compiled (4 s for a query of 20 ms)', async () => {
    const { rows } = await sql<{ jit: string }>`SELECT current_setting('jit') AS jit`.execute(db());
    expect(rows[0]?.jit).toBe('off');
  });
});
