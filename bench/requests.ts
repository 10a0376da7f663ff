import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { REQUEST_SORT_FIELDS, type RequestSortField } from '@voirie/domain';
import type { Database } from '../apps/api/src/db/schema/index.ts';
import { filtersOf } from '../apps/api/src/requests/list-filters.ts';
import { countCapOf, listTotal, stateCounts } from '../apps/api/src/requests/list-service.ts';
import { LIST_FEATURE_DEFAULT_ZOOM, listCondition, pageQuery } from '../apps/api/src/requests/list-query.ts';
import type { Viewer } from '../apps/api/src/policies/visibility.ts';
import { collector } from './gc.ts';
import {
  formatTileScreens,
  injectTileGet,
  measureTileScreens,
  townCentre,
  type TileScreenMeasure,
} from './tiles.ts';
import {
  benchApp,
  createUser,
  onFreshDatabase,
  formatCountsTiming,
  formatListTiming,
  median,
  time,
  timeListCase,
  verdict,
  type ListTiming,
  type SeededBenchOptions,
} from './harness.ts';

// The request list on a large history (docs/api-requests.md "Performance"): N requests seeded on a fresh
// PGlite, then the list through the API (app.inject) vs the same SQL run directly, the list's
// p95/p50, the tab counts, and the export of every row streamed over HTTP with the process's
// peak memory growth.

export interface Timing {
  apiMs: number;
  sqlMs: number;
  ratio: number;
}

export interface RequestsBenchResult {
  requests: number;
  seedMs: number;
  lists: { name: string; timing: ListTiming }[];
  p50Ms: number;
  p95Ms: number;
  count: Timing;
  export: ExportMeasure;
  exportWarm: ExportMeasure;
  load: EmbeddedLoad;
  tiles: TileScreenMeasure[];
}

/** List calls from several connections at once on the embedded database. */
interface EmbeddedLoad {
  connections: number;
  perSecond: number;
  p50Ms: number;
  /** autocannon's histogram has no p95: its next percentile up bounds it. */
  p97_5Ms: number;
  failures: number;
}

/**
 * LOAD_CONNECTIONS connections on the list's first 20 pages for LOAD_SECONDS, the load generator
 * on a worker thread of its own so that it does not share the server's event loop.
 */
const LOAD_CONNECTIONS = 10;
const LOAD_SECONDS = 15;
async function embeddedLoad(port: number, authorization: string): Promise<EmbeddedLoad> {
  const result = await autocannon({
    url: `http://127.0.0.1:${String(port)}`,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    workers: 1,
    headers: { authorization },
    requests: Array.from({ length: 20 }, (_, i) => ({
      method: 'GET',
      path: `/api/request?page=${String(i + 1)}`,
    })),
  });
  return {
    connections: LOAD_CONNECTIONS,
    perSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/**
 * N requests and their applicants in a few INSERT … SELECT generate_series (fresh database: ids
 * from 1). Also the coordination bench's requests (bench/coordination.ts).
 */
export async function seed(
  db: Kysely<Database>,
  n: number,
  instructorId: number,
  ownerId: number,
): Promise<void> {
  await sql`INSERT INTO petitioner (nature, first_name, last_name, corporation_name, corporation_agent, email)
    SELECT CASE WHEN g % 4 = 0 THEN 'Entreprise' ELSE 'Particulier' END,
      (ARRAY['Marie','Jean','Camille','Pierre','Sophie','Nicolas','Hélène','Thomas','Élodie','Julien'])[1 + g % 10],
      (ARRAY['Dupont','Lalanne','Darrigade','Labat','Dubourdieu','Lafargue','Duprat','Castaing','Bergès','Lesbats','Dufau','Laborde'])[1 + (g * 7) % 12],
      CASE WHEN g % 4 = 0 THEN (ARRAY['Enedis Landes','Colas Aquitaine','GRDF Sud-Ouest','Orange Réseaux','SYDEC Landes'])[1 + g % 5] END,
      CASE WHEN g % 4 = 0 THEN 'Agent ' || g END,
      'demandeur' || g || '@exemple.fr'
    FROM generate_series(1, ${n}) AS g`.execute(db);
  await sql`INSERT INTO request (type, state_id, send_to_sign, petitioner_id, instructeur_id, owner_user_id, the_geom,
      address_num, address_type, address_name, address_city, address_postal_code, numaffaire, date_start, date_end, deposit_date)
    SELECT 1 + g % 3,
      (ARRAY[1,2,3,4,5,6,7,8,9,10,11,12,13,999,3,4,2,5])[1 + (g * 7) % 18],
      (g % 10 = 0),
      g,
      CASE WHEN g % 5 = 0 THEN NULL ELSE ${instructorId}::int END,
      CASE WHEN g % 50 = 0 THEN ${ownerId}::int END,
      ST_ForceCollection(ST_Translate(c.interior_point, ((g * 37) % 100 - 50) * 0.0001, ((g * 53) % 100 - 50) * 0.0001)),
      (1 + g % 120)::text,
      (ARRAY['rue','avenue','chemin','allée','route'])[1 + g % 5],
      (ARRAY['des Pins','de la Plage','du Port','des Landes','de la Gare','Jean Jaurès','de l''Océan','des Écoles'])[1 + (g * 3) % 8],
      c.name, c.postal_code,
      (2015 + g % 12) || '-' || lpad((g % 10000)::text, 4, '0'),
      DATE '2015-01-01' + (g % 4000),
      DATE '2015-01-01' + (g % 4000) + 10 + g % 30,
      TIMESTAMPTZ '2015-01-01' + make_interval(mins => g * 53)
    FROM generate_series(1, ${n}) AS g
    JOIN (SELECT (row_number() OVER (ORDER BY insee_code) - 1)::int AS k, interior_point, name, postal_code FROM commune) AS c
      ON c.k = g % 23`.execute(db);
  // The legal clocks of the requests awaiting a decision: two months from the filing,
  // spread around today so that the deadline sort and quick filters find rows of each status.
  await sql`UPDATE request SET legal_rule = 'permission',
      clock_started_on = current_date - 60 + (id % 90), clock_deadline_on = current_date + (id % 90)
    WHERE state_id IN (3, 9, 999)`.execute(db);
  await sql`ANALYZE`.execute(db);
}

/** A list call of the benches: its query string and the same filters and sort for the direct SQL. */
export interface ListCase {
  name: string;
  query: Record<string, string>;
  sort: RequestSortField;
  dir: 'asc' | 'desc';
  searchText?: string;
  searchFilter?: { tab?: number; addressCity?: string };
  /** The zoom of the page's map features (the list's default when absent). */
  featureZoom?: number;
}

/** Every sort, a text search and a filter (also the PostgreSQL bench's, bench/postgres.ts). */
export const LIST_CASES: readonly ListCase[] = [
  ...REQUEST_SORT_FIELDS.map((sort) => ({
    name: `tri ${sort}`,
    query: { searchSort: sort, searchDir: 'desc' },
    sort,
    dir: 'desc' as const,
  })),
  {
    name: 'recherche « dupont »',
    query: { searchText: 'dupont' },
    sort: 'depositDate',
    dir: 'desc',
    searchText: 'dupont',
  },
  {
    name: 'filtre onglet 1 + type 1 + ville',
    query: { type: '1', searchFilter: JSON.stringify({ tab: 1, addressCity: 'capbreton' }) },
    sort: 'depositDate',
    dir: 'desc',
    searchFilter: { tab: 1, addressCity: 'capbreton' },
  },
];

/** The filters the API derives from a case's query string. */
export function listCaseFilters(item: ListCase) {
  const { tab, addressCity } = item.searchFilter ?? {};
  return filtersOf({
    type: item.query.type ? (Number(item.query.type) as 1) : undefined,
    searchText: item.searchText,
    searchFilter: item.searchFilter ? { tab, addressCity } : undefined,
  });
}

/** A case's own queries, run without the API: its first page of 50 and its total, as the API reads them. */
export function listCaseQueries(db: Kysely<Database>, viewer: Viewer, item: ListCase) {
  const filters = listCaseFilters(item);
  const where = listCondition(viewer, filters);
  const page = {
    sort: item.sort,
    dir: item.dir,
    limit: 50,
    offset: 0,
    featureZoom: item.featureZoom ?? LIST_FEATURE_DEFAULT_ZOOM,
  };
  return {
    page: () => pageQuery(where, page).execute(db),
    count: () => listTotal(db, viewer, filters, where, countCapOf(filters)),
  };
}

/** The SQL of the tab counts (GET request/count), run without the API: the kept counts for staff. */
export function stateCountsQuery(db: Kysely<Database>, viewer: Viewer) {
  return () => stateCounts(db, viewer, filtersOf({}));
}

/**
 * Seeds `requests` requests on a fresh embedded database, then measures: each sort, a text
 * search and a filter through the API vs directly (medians of `runs`, interleaved); p95/p50
 * of 200 list calls; the tab counts; the streamed export of every row and the peak RSS growth.
 */
export async function benchRequests(options: SeededBenchOptions): Promise<RequestsBenchResult> {
  const runs = options.runs ?? 15;
  return onFreshDatabase('bench-instructeur@exemple.fr', async ({ database, db, instructorId }) => {
    const applicantId = await createUser(db, 'bench-demandeur@exemple.fr', 'ROLE_DEMANDEUR', 'Durand');
    const seedMs = await time(() => seed(db, options.requests, instructorId, applicantId));
    const { app, headers } = await benchApp(database, instructorId);
    const viewer = await db
      .selectFrom('stdUser')
      .selectAll()
      .where('id', '=', instructorId)
      .executeTakeFirstOrThrow();
    const viewerWithRoles = { ...viewer, roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'] as const };

    const lists: { name: string; timing: ListTiming }[] = [];
    for (const item of LIST_CASES) {
      const url = `/api/request?${new URLSearchParams(item.query).toString()}`;
      const callApi = async () => {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${String(res.statusCode)} ${res.body}`);
      };
      const queries = listCaseQueries(db, viewerWithRoles, item);
      lists.push({ name: item.name, timing: await timeListCase(callApi, queries, { runs, warmup: 10 }) });
    }

    const calls: number[] = [];
    for (let i = 0; i < 200; i++) {
      calls.push(
        await time(() =>
          app.inject({ method: 'GET', url: `/api/request?page=${String(1 + (i % 20))}`, headers }),
        ),
      );
    }

    const countApi: number[] = [];
    const countSql: number[] = [];
    const stateCounts = stateCountsQuery(db, viewerWithRoles);
    for (let i = -2; i < runs; i++) {
      const a = await time(() => app.inject({ method: 'GET', url: '/api/request/count', headers }));
      const b = await time(stateCounts);
      if (i < 0) continue;
      countApi.push(a);
      countSql.push(b);
    }

    const tiles = await measureTileScreens({
      get: injectTileGet(app, headers),
      centre: await townCentre(db),
    });

    // The export of every row, over a real socket, read as a stream.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // Twice: the first export also fills the embedded database's page cache (its WebAssembly
    // memory only grows); the second shows the export's own footprint.
    const cold = await measureExport(port, headers.authorization);
    const warm = await measureExport(port, headers.authorization);
    const load = await embeddedLoad(port, headers.authorization);
    await app.close();
    return {
      requests: options.requests,
      seedMs,
      lists,
      p50Ms: percentile(calls, 0.5),
      p95Ms: percentile(calls, 0.95),
      count: { apiMs: median(countApi), sqlMs: median(countSql), ratio: median(countApi) / median(countSql) },
      export: cold,
      exportWarm: warm,
      load,
      tiles,
    };
  });
}

/** The result as French lines for the bench report. */
export function formatRequestsBench(result: RequestsBenchResult): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const ratio = (value: number) => value.toFixed(2).replace('.', ',');
  const lines = [
    `Liste des demandes sur ${result.requests.toLocaleString('fr-FR')} demandes (insertion ${(result.seedMs / 1000).toFixed(1)} s) :`,
  ];
  for (const { name, timing } of result.lists) lines.push(formatListTiming(name, timing));
  const spread = result.p95Ms / result.p50Ms;
  lines.push(
    `  200 appels de la liste : p50 ${ms(result.p50Ms)}, p95 ${ms(result.p95Ms)}, p95/p50 ${ratio(spread)} (cible <= 3) ${verdict(spread <= 3)}`,
  );
  lines.push(formatCountsTiming(result.count));
  lines.push(formatTileScreens('base embarquée', result.tiles));
  const load = result.load;
  lines.push(
    `  Charge : ${String(load.connections)} connexions pendant ${String(LOAD_SECONDS)} s, ${load.perSecond.toFixed(0)}/s, ${String(load.failures)} échec(s) ; p50 ${ms(load.p50Ms)}, p97,5 ${ms(load.p97_5Ms)} (p95 <= p97,5 ; cible p95 <= 300 ms) ${verdict(load.failures === 0 && load.p97_5Ms <= 300)}`,
  );
  for (const [label, e] of [
    ['1er', result.export],
    ['2e', result.exportWarm],
  ] as const) {
    lines.push(
      `  ${label} export CSV de ${e.rows.toLocaleString('fr-FR')} lignes (${(e.bytes / 1024 / 1024).toFixed(1)} Mo) en ${(e.ms / 1000).toFixed(1)} s ; pic de mémoire du processus +${e.peakRssGrowthMb.toFixed(0)} Mo (cible <= 100 Mo) ${verdict(e.peakRssGrowthMb <= 100)}`,
    );
  }
  return lines;
}

interface ExportMeasure {
  rows: number;
  bytes: number;
  ms: number;
  /** Peak RSS during the export minus RSS before it (sampled every 10 ms and on each chunk). */
  peakRssGrowthMb: number;
}

/** GET export/admin over a real socket, read as a stream, with the process's RSS growth. */
async function measureExport(port: number, authorization: string): Promise<ExportMeasure> {
  collector()();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  let bytes = 0;
  let newlines = 0;
  try {
    const ms = await time(async () => {
      const res = await fetch(`http://127.0.0.1:${String(port)}/api/export/admin`, {
        headers: { authorization },
      });
      if (!res.ok || !res.body) throw new Error(`export: ${String(res.status)}`);
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) newlines += 1;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    });
    return { rows: newlines - 1, bytes, ms, peakRssGrowthMb: (peak - rssBefore) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}
