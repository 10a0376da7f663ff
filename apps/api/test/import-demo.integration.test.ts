import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { COMMUNITY_WAY_TYPES, TOWNS } from '@voirie/domain';
import type { Database } from '../src/db/schema/index.ts';
import { DEMO_FILE_NAMES, generateDemoGeography, type DemoManifest } from '../src/geo/demo/index.ts';
import { importParcels, importRoads, isDemoGeography } from '../src/geo/import/index.ts';
import { seedDemoAccounts } from '../src/users/demo-accounts.ts';
import { seedDemoGeography } from '../src/seed/demo-geography.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  capbretonRoad,
  count,
  featureCollection,
  importDatabaseForFile,
  tempDir,
  writeText,
} from './import-fixtures.ts';

// The demo generator (small size) and the demo seed, through the importers.

const opened = importDatabaseForFile();
let db: Kysely<Database>;
let dataDir: string;
let manifest: DemoManifest;
/** Files of the first generation (small size, default seed). */
let generated: string;

beforeAll(async () => {
  db = opened.handle.db;
  dataDir = await tempDir('voirie-demo-');
  await seedDemoAccounts(db);
});

describe('generator', () => {
  test('same seed -> byte-identical files; another seed -> other files', async () => {
    const [a, b, c] = await Promise.all([tempDir(), tempDir(), tempDir()]);
    generated = a;
    const first = await generateDemoGeography({ outDir: a, size: 'small' });
    const second = await generateDemoGeography({ outDir: b, size: 'small' });
    expect(second).toEqual(first);
    for (const name of Object.values(DEMO_FILE_NAMES)) {
      expect((await readFile(path.join(b, name))).equals(await readFile(path.join(a, name))), name).toBe(
        true,
      );
    }
    const other = await generateDemoGeography({ outDir: c, size: 'small', seed: 7, files: ['parcels'] });
    expect(other.files.parcels!.sha256).not.toBe(first.files.parcels!.sha256);
    expect(Object.keys(other.files)).toEqual(['parcels']);
    // Small size: about 500 segments, 5 000 parcels, 2 500 addresses.
    expect(first.counts.segments).toBeGreaterThan(400);
    expect(first.counts.segments).toBeLessThan(650);
    expect(first.counts.parcels).toBeGreaterThan(4000);
    expect(first.counts.parcels).toBeLessThan(6000);
    expect(first.counts.addresses).toBeGreaterThan(2000);
    expect(first.counts.addresses).toBeLessThan(3000);
  });

  test('the files follow the official formats (BAN header of the sample, Etalab ids, BD TOPO attributes)', async () => {
    const dir = generated;
    const sampleHeader = (
      await readFile(path.resolve(import.meta.dirname, 'fixtures/addresses-format-sample.csv'), 'utf8')
    ).split('\n')[0];
    const csv = (await readFile(path.join(dir, DEMO_FILE_NAMES.addresses), 'utf8')).split('\n');
    expect(csv[0]).toBe(sampleHeader);
    expect(csv[1]).toMatch(
      /^40004_\d{4}_\d{5}(_bis)?;40004_\d{4};\d+;(bis)?;[^;]+;40150;40004;Angresse;;;\d+\.\d\d;\d+\.\d\d;-1\.\d+;43\.\d+;entrée;;;ANGRESSE;[A-Z ]+;commune;commune;1;40004000[0-9A-Z]{2}\d{4}$/,
    );
    const parcels = JSON.parse(await readFile(path.join(dir, DEMO_FILE_NAMES.parcels), 'utf8')) as {
      features: { id: string; properties: Record<string, unknown> }[];
    };
    const first = parcels.features[0]!;
    expect(first.id).toMatch(/^40004000[0-9A-Z]{2}\d{4}$/);
    expect(Object.keys(first.properties)).toEqual(
      expect.arrayContaining([
        'id',
        'commune',
        'prefixe',
        'section',
        'numero',
        'arpente',
        'created',
        'updated',
      ]),
    );
    const roads = JSON.parse(await readFile(path.join(dir, DEMO_FILE_NAMES.roads), 'utf8')) as {
      features: { properties: Record<string, unknown> }[];
    };
    expect(roads.features[0]!.properties).toMatchObject({
      cleabs: expect.stringMatching(/^TRONROUT\d{16}$/),
      nature: expect.any(String),
      importance: expect.any(String),
      insee_commune_gauche: '40004',
    });
  });
});

describe('demo seed (small)', () => {
  test('generates the files under <dataDir>/demo-geo and loads them through the importers', async () => {
    const lines: string[] = [];
    const result = await seedDemoGeography(db, { size: 'small', dataDir, log: (line) => lines.push(line) });
    expect(result.generated).toBe(true);
    expect(lines[0]).toMatch(/^Génération des données géographiques de démonstration/);
    manifest = JSON.parse(
      await readFile(path.join(dataDir, 'demo-geo', 'manifest.json'), 'utf8'),
    ) as DemoManifest;
    expect(await count(db, 'road_segment')).toBe(manifest.counts.segments);
    expect(await count(db, 'parcel')).toBe(manifest.counts.parcels);
    expect(await count(db, 'address')).toBe(manifest.counts.addresses);
    expect(await count(db, 'zone')).toBe(manifest.counts.zones);
    expect(result.summaries.map((s) => s.kind)).toEqual(['roads', 'addresses', 'zones', 'parcels']);
    expect(await isDemoGeography(db)).toBe(true);
  });

  test('every town has streets, parcels and addresses; the way types include the accepted and some refused ones', async () => {
    const { rows } = await sql<{ insee: string; roads: number; parcels: number; addresses: number }>`
      SELECT c.insee_code AS insee,
        (SELECT count(*)::int FROM road_segment s WHERE s.insee_code = c.insee_code) AS roads,
        (SELECT count(*)::int FROM parcel p WHERE p.insee_code = c.insee_code) AS parcels,
        (SELECT count(*)::int FROM address a WHERE a.code_insee = c.insee_code) AS addresses
      FROM commune c ORDER BY 1`.execute(db);
    expect(rows).toHaveLength(TOWNS.length);
    for (const row of rows) {
      expect(row.roads, row.insee).toBeGreaterThan(5);
      expect(row.parcels, row.insee).toBeGreaterThan(20);
      expect(row.addresses, row.insee).toBeGreaterThan(5);
    }
    const types = (await db.selectFrom('roadSegment').select('typevoie').distinct().execute()).map(
      (r) => r.typevoie,
    );
    expect(types).toEqual(
      expect.arrayContaining([...COMMUNITY_WAY_TYPES, 'Route départementale', 'Autoroute']),
    );
    const main = await db
      .selectFrom('roadSegment')
      .select(['numero', 'inUrban'])
      .where('typevoie', '=', 'Voie departementale en agglomeration')
      .execute();
    expect(main.every((r) => /^D\d+$/.test(r.numero ?? '') && r.inUrban)).toBe(true);
    const za = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM road_segment s JOIN zone z ON ST_Within(s.geom, z.geom) WHERE s.typevoie = 'VPC ZA'`.execute(
      db,
    );
    expect(za.rows[0]!.n).toBe(
      await db
        .selectFrom('roadSegment')
        .where('typevoie', '=', 'VPC ZA')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => r.n),
    );
  });

  test('features lie inside their town (ST_Within, 30 m tolerance); segments of 300 m at most; parcels do not overlap', async () => {
    const outside = await sql<{ roads: number; parcels: number; addresses: number; zones: number }>`
      SELECT
        (SELECT count(*)::int FROM road_segment s JOIN commune c ON c.insee_code = s.insee_code
          WHERE NOT ST_Within(s.geom, ST_Buffer(c.geom::geography, 30)::geometry)) AS roads,
        (SELECT count(*)::int FROM parcel p JOIN commune c ON c.insee_code = p.insee_code
          WHERE NOT ST_Within(p.geom, ST_Buffer(c.geom::geography, 30)::geometry)) AS parcels,
        (SELECT count(*)::int FROM address a JOIN commune c ON c.insee_code = a.code_insee
          WHERE NOT ST_Within(a.geom, c.geom)) AS addresses,
        (SELECT count(*)::int FROM zone z WHERE NOT EXISTS (SELECT 1 FROM commune c WHERE ST_Within(z.geom, c.geom))) AS zones`.execute(
      db,
    );
    expect(outside.rows[0]).toEqual({ roads: 0, parcels: 0, addresses: 0, zones: 0 });
    const lengths = await sql<{ max: number; short: number; n: number }>`
      SELECT max(ST_Length(geom::geography))::float AS max, count(*) FILTER (WHERE ST_Length(geom::geography) < 50)::int AS short, count(*)::int AS n
      FROM road_segment`.execute(db);
    expect(lengths.rows[0]!.max).toBeLessThanOrEqual(300);
    expect(lengths.rows[0]!.short / lengths.rows[0]!.n).toBeLessThan(0.05); // pieces cut at town borders
    const overlaps = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM parcel a JOIN parcel b ON a.id < b.id AND ST_Intersects(a.geom, b.geom)
        AND ST_Relate(a.geom, b.geom, '2********')`.execute(db);
    expect(overlaps.rows[0]!.n).toBe(0);
    const invalid = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM parcel WHERE NOT ST_IsValid(geom)`.execute(db);
    expect(invalid.rows[0]!.n).toBe(0);
  });

  test('operators, the subcontractor group, its mandates and the demo accounts’ perimeters', async () => {
    const groups = await sql<{ libelle: string; type: string; members: number }>`
      SELECT p.libelle, p.type, (SELECT count(*)::int FROM perimeter_member m WHERE m.operator_id = p.id) AS members
      FROM perimeter p WHERE p.type IN ('operator', 'soustraitant') ORDER BY p.libelle`.execute(db);
    expect(groups.rows).toEqual([
      { libelle: 'Eau Côte Sud', type: 'operator', members: 12 },
      { libelle: 'Réseaux Sud Landes', type: 'operator', members: 8 },
      { libelle: 'TP Côte Sud', type: 'soustraitant', members: 0 },
    ]);
    const mandates = await sql<{ operator: string; dateFrom: string; dateTo: string | null }>`
      SELECT o.libelle AS operator, to_char(m.date_from, 'YYYY-MM-DD') AS "dateFrom",
        to_char(m.date_to, 'YYYY-MM-DD') AS "dateTo"
      FROM mandate m JOIN perimeter o ON o.id = m.operator_id JOIN perimeter s ON s.id = m.soustraitant_id
      WHERE s.libelle = 'TP Côte Sud' ORDER BY o.libelle`.execute(db);
    expect(mandates.rows).toEqual([
      { operator: 'Eau Côte Sud', dateFrom: '2020-01-01', dateTo: '2024-12-31' },
      { operator: 'Réseaux Sud Landes', dateFrom: '2020-01-01', dateTo: null },
    ]);
    const links = await sql<{ email: string; kind: string; libelle: string }>`
      SELECT u.email, up.kind, p.libelle FROM user_perimeter up JOIN std_user u ON u.id = up.user_id JOIN perimeter p ON p.id = up.perimeter_id
      ORDER BY u.email, p.libelle`.execute(db);
    expect(links.rows).toEqual([
      { email: 'gestionnaire@exemple.fr', kind: 'gestionnaire', libelle: 'Capbreton' },
      { email: 'gestionnaire@exemple.fr', kind: 'gestionnaire', libelle: 'Soorts-Hossegor' },
      { email: 'guichet@exemple.fr', kind: 'guichet', libelle: 'Capbreton' },
      { email: 'operateur@exemple.fr', kind: 'operateur', libelle: 'Réseaux Sud Landes' },
      { email: 'soustraitant@exemple.fr', kind: 'soustraitant', libelle: 'TP Côte Sud' },
    ]);
  });

  test('demo requests stand on managed roads and are complete: form, parcels, attestation, completeness asks', async () => {
    const { seedDemoRequests } = await import('../src/seed/demo-requests.ts');
    expect(await seedDemoRequests(db, { count: 80 })).toEqual({ created: 80 });
    const { rows } = await sql<{ total: number; onManagedRoad: number; withForm: number; complete: number }>`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM road_segment s
          WHERE s.typevoie IN (${sql.join([...COMMUNITY_WAY_TYPES])}) AND s.typevoie = r.way_type
            AND ST_DWithin(s.geom::geography, r.the_geom::geography, 5)))::int AS "onManagedRoad",
        count(*) FILTER (WHERE (r.type = 2 AND r.alignment_id IS NOT NULL)
          OR (r.type <> 2 AND r.cerfa14023_id IS NOT NULL))::int AS "withForm",
        count(*) FILTER (WHERE r.plot_numbers ~ '^[0-9]{5}000[A-Z]{2}[0-9]{4},' AND r.made_in IS NOT NULL
          AND r.made_last_name IS NOT NULL AND r.address_type IS NOT NULL)::int AS complete
      FROM request r`.execute(db);
    // The 80 drawn requests, the coordination showcase's 3 (seed/demo-coordination.ts) and the
    // permission filed with its alignment and its traffic order (seed/demo-combined.ts).
    expect(rows[0]).toEqual({ total: 84, onManagedRoad: 84, withForm: 84, complete: 84 });
    const asks = await sql<{ requests: number; missing: number }>`
      SELECT count(DISTINCT r.id)::int AS requests, count(m.*)::int AS missing
      FROM request r LEFT JOIN request_missing_document m ON m.request_id = r.id WHERE r.state_id = 8`.execute(
      db,
    );
    expect(asks.rows[0]!.missing).toBe(asks.rows[0]!.requests * 2);
    // The seed leaves the table as the other tests of this file expect it.
    await sql`TRUNCATE request, petitioner, cerfa14023, individual_alignment_request, mail_log CASCADE`.execute(
      db,
    );
  });

  test('a second start does not generate again; importing a file twice keeps the counts (idempotent)', async () => {
    const again = await seedDemoGeography(db, { size: 'small', dataDir });
    expect(again).toEqual({ generated: false, summaries: [] });
    const parcels = await count(db, 'parcel');
    const summary = await importParcels(db, path.join(dataDir, 'demo-geo', DEMO_FILE_NAMES.parcels));
    expect(summary).toMatchObject({
      read: manifest.counts.parcels,
      inserted: 0,
      updated: manifest.counts.parcels,
      deleted: 0,
    });
    expect(await count(db, 'parcel')).toBe(parcels);
    const groups = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM perimeter WHERE type IN ('operator', 'soustraitant')`.execute(db);
    expect(groups.rows[0]!.n).toBe(3);
  });

  test('a real roads import replaces the demo roads of its towns and turns the demo flag off', async () => {
    const demoElsewhere = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM road_segment WHERE source = 'demo' AND insee_code <> '40065'`.execute(
      db,
    );
    const file = await writeText(
      await tempDir(),
      'capbreton.geojson',
      featureCollection([
        capbretonRoad({
          id: 'vc-1',
          typevoie: 'Voie communale',
          nom_voie: 'Rue du Port',
          code_insee: '40065',
        }),
      ]),
    );
    const summary = await importRoads(db, file);
    expect(summary.inserted).toBe(1);
    expect(summary.deleted).toBeGreaterThan(0);
    const capbreton = await sql<{
      source: string;
      n: number;
    }>`SELECT source, count(*)::int AS n FROM road_segment WHERE insee_code = '40065' GROUP BY source`.execute(
      db,
    );
    expect(capbreton.rows).toEqual([{ source: 'portail', n: 1 }]);
    const after = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM road_segment WHERE source = 'demo' AND insee_code <> '40065'`.execute(
      db,
    );
    expect(after.rows[0]!.n).toBe(demoElsewhere.rows[0]!.n);
    expect(await isDemoGeography(db)).toBe(false);
  });
});

test('GET /api/config tells whether the geography is the demo set (after the tests above: a real import)', async () => {
  const config = loadConfig({
    DATA_DIR: '.tmp/test-data',
    WEB_DIST: '.tmp/no-web',
    LOG_LEVEL: 'silent',
    SMTP_URL: 'smtp://127.0.0.1:1',
  });
  const { app } = await buildApp({ config, database: opened.handle, logger: false, onMailQueued: () => {} });
  try {
    const read = async () =>
      (await app.inject({ method: 'GET', url: '/api/config' })).json<{ data: { demoGeography: boolean } }>()
        .data.demoGeography;
    expect(await read()).toBe(false);
    const file = await writeText(
      await tempDir(),
      'r.geojson',
      featureCollection([capbretonRoad({ id: 'x', typevoie: 'Voie communale' })]),
    );
    await importRoads(db, file, { demo: true, replace: false });
    expect(await read()).toBe(true);
    await importRoads(db, file, { replace: false });
    expect(await read()).toBe(false);
  } finally {
    await app.close();
  }
});
