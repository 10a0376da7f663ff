import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../apps/api/src/auth/passwords.ts';
import { fromPostgresUrl } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { Database } from '../apps/api/src/db/schema/index.ts';
import type { Viewer } from '../apps/api/src/policies/visibility.ts';
import type { InstanceCommand, InstanceMessage } from './api-instance.ts';
import {
  createUser,
  formatCountsTiming,
  formatListTiming,
  median,
  time,
  timeListCase,
  verdict,
  type ListTiming,
  type SeededBenchOptions,
} from './harness.ts';
import {
  LIST_CASES,
  listCaseQueries,
  seed,
  stateCountsQuery,
  type ListCase,
  type Timing,
} from './requests.ts';
import {
  formatTileScreens,
  httpTileGet,
  measureTileScreens,
  townCentre,
  type TileScreenMeasure,
} from './tiles.ts';

// Several API instances on PostgreSQL, ADR 0012 (npm run bench -- --postgres URL): N requests
// seeded once in the given database (migrated first; a later run with the same N reuses them), then
// TWO API instances, each a process of its own with its own pool (bench/api-instance.ts), as behind a load
// balancer. Measured: each sort, a search, a filter, the list's map layer (its features at a
// town zoom) and the tab counts through real HTTP — alternating between the instances — vs the
// same SQL run directly (medians, interleaved); then 50 concurrent connections (autocannon, 25
// on each instance) on the list, its p50 and p95 taken from every response's time; then the
// export of every row over HTTP with the serving process's peak memory growth.

const INSTRUCTOR = 'bench-pg-instructeur@exemple.fr';
const APPLICANT = 'bench-pg-demandeur@exemple.fr';
const PASSWORD = 'Banc-essai-PG-2026!';
/** The zoom of the map layer case: a town on screen (features simplified for it). */
const MAP_ZOOM = 12;

export interface LoadMeasure {
  connections: number;
  seconds: number;
  responses: number;
  /** Responses served by each instance. */
  perInstance: number[];
  /** Non-200 answers, connection errors and timeouts. */
  failures: number;
  perSecond: number;
  /** Exact percentiles of every response time recorded (autocannon's 'response' event). */
  p50Ms: number;
  p95Ms: number;
  /** autocannon's own histogram (no p95 there: p97.5 is its nearest upper percentile), worst instance. */
  p97_5Ms: number;
  p99Ms: number;
}

export interface PostgresExportMeasure {
  rows: number;
  bytes: number;
  ms: number;
  rssBeforeMb: number;
  /** Peak RSS of the serving instance's process during the export minus its RSS before. */
  peakRssGrowthMb: number;
}

export interface PostgresBenchResult {
  requests: number;
  /** Seeding time: this run's, or the recorded one when the requests were already there. */
  seedMs: number;
  seededNow: boolean;
  server: { version: string; randomPageCost: string };
  lists: { name: string; timing: ListTiming }[];
  count: Timing;
  tiles: TileScreenMeasure[];
  load: LoadMeasure;
  export: PostgresExportMeasure;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;

/** The account of that e-mail, created when missing (same ids run after run). */
async function account(db: Kysely<Database>, email: string, role: string, lastName: string) {
  const found = await db.selectFrom('stdUser').select('id').where('email', '=', email).executeTakeFirst();
  return found?.id ?? createUser(db, email, role, lastName);
}

/**
 * Migrates, then seeds N requests unless the database already holds this bench's N (its
 * marker, bench.seed, is written in the seeding's transaction: an interrupted seeding leaves
 * nothing). Refuses a database with requests or accounts of its own: never a real one.
 */
async function prepare(db: Kysely<Database>, requests: number) {
  await migrateToLatest(db);
  await sql`CREATE SCHEMA IF NOT EXISTS bench`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS bench.seed (requests integer NOT NULL, seed_ms double precision NOT NULL,
    seeded_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const marker = (
    await sql<{
      requests: number;
      seedMs: number;
    }>`SELECT requests, seed_ms AS "seedMs" FROM bench.seed`.execute(db)
  ).rows[0];
  if (!marker) {
    const { rows } = await sql<{ requests: number; accounts: number }>`SELECT
      (SELECT count(*) FROM request) AS requests,
      (SELECT count(*) FROM std_user WHERE email NOT IN (${INSTRUCTOR}, ${APPLICANT})) AS accounts`.execute(
      db,
    );
    if (rows[0]!.requests > 0 || rows[0]!.accounts > 0) {
      throw new Error(
        `Cette base contient déjà ${String(rows[0]!.requests)} demandes et ${String(rows[0]!.accounts)} comptes : le banc n'insère les siennes que dans une base vide (ou déjà remplie par lui).`,
      );
    }
  }
  const instructorId = await account(db, INSTRUCTOR, 'ROLE_INSTRUCTEUR', 'Lafitte');
  const applicantId = await account(db, APPLICANT, 'ROLE_DEMANDEUR', 'Durand');
  await db
    .updateTable('stdUser')
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where('id', '=', instructorId)
    .execute();
  if (marker?.requests === requests) return { instructorId, seedMs: marker.seedMs, seededNow: false };

  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM bench.seed`.execute(trx);
    await sql`TRUNCATE request, petitioner RESTART IDENTITY CASCADE`.execute(trx);
    await seed(trx, requests, instructorId, applicantId);
    await sql`INSERT INTO bench.seed (requests, seed_ms) VALUES (${requests}, ${performance.now() - started})`.execute(
      trx,
    );
  });
  // The visibility map too (index-only counts), as autovacuum would leave it.
  await sql`VACUUM (ANALYZE) request, petitioner`.execute(db);
  const seedMs = performance.now() - started;
  await sql`UPDATE bench.seed SET seed_ms = ${seedMs}`.execute(db);
  return { instructorId, seedMs, seededNow: true };
}

/** One API instance in its own process, listening on a free port. */
interface Instance {
  child: ChildProcess;
  base: string;
}

function nextMessage<T extends InstanceMessage>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: InstanceMessage) => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`instance de l'API arrêtée (code ${String(code)})`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function startInstance(url: string): Promise<Instance> {
  // fork passes on this process's flags: under tsx, its TypeScript loader.
  const child = fork(path.join(import.meta.dirname, 'api-instance.ts'), [url], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await nextMessage<{ port: number }>(child, 'port');
  return { child, base: `http://127.0.0.1:${String(port)}` };
}

async function stopInstance({ child }: Instance): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ stop: true } satisfies InstanceCommand);
  const timer = setTimeout(() => child.kill(), 10_000);
  await exited;
  clearTimeout(timer);
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: INSTRUCTOR, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`connexion : ${String(res.status)} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function get(base: string, url: string, cookie: string): Promise<void> {
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url} : ${String(res.status)} ${body.slice(0, 300)}`);
}

/** Medians of `runs` calls through the API (alternating instances) and directly, interleaved after a warm-up. */
async function compare(
  instances: Instance[],
  url: string,
  cookie: string,
  direct: () => Promise<unknown>,
  runs: number,
): Promise<Timing> {
  const api: number[] = [];
  const sqlTimes: number[] = [];
  for (let i = -4; i < runs; i++) {
    const a = await time(() => get(instances[(i + 4) % instances.length]!.base, url, cookie));
    const b = await time(direct);
    if (i < 0) continue;
    api.push(a);
    sqlTimes.push(b);
  }
  return { apiMs: median(api), sqlMs: median(sqlTimes), ratio: median(api) / median(sqlTimes) };
}

/** 25 connections on each instance at once for `seconds`, on the list's first twenty pages. */
async function load(instances: Instance[], cookie: string, seconds: number): Promise<LoadMeasure> {
  const connections = 50;
  const times: number[] = [];
  let failures = 0;
  const requests = Array.from({ length: 20 }, (_, i) => ({
    method: 'GET' as const,
    path: `/api/request?page=${String(i + 1)}`,
  }));
  const results = await Promise.all(
    instances.map(
      (instance) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const run = autocannon(
            {
              url: instance.base,
              connections: connections / instances.length,
              duration: seconds,
              headers: { cookie },
              requests,
            },
            (error, result) => (error ? reject(error as Error) : resolve(result)),
          );
          run.on('response', (_client, statusCode, _bytes, ms) => {
            if (statusCode === 200) times.push(ms);
            else failures += 1;
          });
        }),
    ),
  );
  times.sort((a, b) => a - b);
  const perInstance = results.map((result) => result.requests.total);
  const elapsed = Math.max(...results.map((result) => result.duration));
  return {
    connections,
    seconds,
    responses: times.length,
    perInstance,
    failures: failures + results.reduce((sum, result) => sum + result.errors, 0),
    perSecond: times.length / elapsed,
    p50Ms: percentile(times, 0.5),
    p95Ms: percentile(times, 0.95),
    p97_5Ms: Math.max(...results.map((result) => result.latency.p97_5)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
  };
}

/** GET export/admin of every row, read as a stream, with the serving instance's memory. */
async function measureExport(instance: Instance, cookie: string): Promise<PostgresExportMeasure> {
  const started = nextMessage<{ rssBefore: number }>(instance.child, 'rssBefore');
  instance.child.send({ memory: 'start' } satisfies InstanceCommand);
  const { rssBefore } = await started;
  let bytes = 0;
  let newlines = 0;
  const ms = await time(async () => {
    const res = await fetch(`${instance.base}/api/export/admin`, { headers: { cookie } });
    if (!res.ok || !res.body) throw new Error(`export : ${String(res.status)}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) newlines += 1;
    }
  });
  const stopped = nextMessage<{ peakRss: number }>(instance.child, 'peakRss');
  instance.child.send({ memory: 'stop' } satisfies InstanceCommand);
  const { peakRss } = await stopped;
  return {
    rows: newlines - 1,
    bytes,
    ms,
    rssBeforeMb: rssBefore / 1024 / 1024,
    peakRssGrowthMb: (peakRss - rssBefore) / 1024 / 1024,
  };
}

/**
 * Seeds (once) `requests` requests in the PostgreSQL database of `url`, starts two API
 * instances on it and measures the list, map layer, counts, load and export (see above).
 */
export async function benchPostgres(
  options: SeededBenchOptions & {
    url: string;
    /** Seconds of the 50-connection load. */
    seconds?: number;
  },
): Promise<PostgresBenchResult> {
  const runs = options.runs ?? 15;
  const database = await fromPostgresUrl(options.url);
  const db = database.db;
  const instances: Instance[] = [];
  try {
    const prepared = await prepare(db, options.requests);
    const settings = (
      await sql<{
        version: string;
        randomPageCost: string;
      }>`SELECT current_setting('server_version') AS version, current_setting('random_page_cost') AS "randomPageCost"`.execute(
        db,
      )
    ).rows[0]!;
    instances.push(await startInstance(options.url), await startInstance(options.url));
    const cookie = await signIn(instances[0]!.base);
    const user = await db
      .selectFrom('stdUser')
      .select(['id', 'email'])
      .where('id', '=', prepared.instructorId)
      .executeTakeFirstOrThrow();
    const viewer: Viewer = { ...user, roles: ['ROLE_USER', 'ROLE_INSTRUCTEUR'] };

    const cases: ListCase[] = [
      ...LIST_CASES,
      {
        name: `couche carte de la liste (zoom ${String(MAP_ZOOM)})`,
        query: { zoom: String(MAP_ZOOM) },
        sort: 'depositDate',
        dir: 'desc',
        featureZoom: MAP_ZOOM,
      },
    ];
    const lists: { name: string; timing: ListTiming }[] = [];
    for (const item of cases) {
      const url = `/api/request?${new URLSearchParams(item.query).toString()}`;
      // The instances in turn, as behind a load balancer.
      const callApi = (run: number) => get(instances[run % instances.length]!.base, url, cookie);
      const queries = listCaseQueries(db, viewer, item);
      lists.push({ name: item.name, timing: await timeListCase(callApi, queries, { runs, warmup: 4 }) });
    }
    const count = await compare(instances, '/api/request/count', cookie, stateCountsQuery(db, viewer), runs);
    const tileGet = httpTileGet(
      instances.map((instance) => instance.base),
      cookie,
    );
    const tiles = await measureTileScreens({ get: tileGet, centre: await townCentre(db) });

    const loadMeasure = await load(instances, cookie, options.seconds ?? 30);
    const exported = await measureExport(instances[0]!, cookie);
    return {
      requests: options.requests,
      seedMs: prepared.seedMs,
      seededNow: prepared.seededNow,
      server: settings,
      lists,
      count,
      tiles,
      load: loadMeasure,
      export: exported,
    };
  } finally {
    await Promise.all(instances.map(stopInstance));
    await database.close();
  }
}

/** The result as French lines for the bench report. */
export function formatPostgresBench(result: PostgresBenchResult): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const n = (value: number) => value.toLocaleString('fr-FR');
  const seeding = `${result.seededNow ? 'insertion' : 'déjà insérées, insertion'} ${(result.seedMs / 1000).toFixed(1)} s`;
  const lines = [
    `PostgreSQL ${result.server.version.split(' ')[0]!} (random_page_cost ${result.server.randomPageCost}), ${n(result.requests)} demandes (${seeding}), deux instances de l'API :`,
  ];
  for (const { name, timing } of result.lists) lines.push(formatListTiming(name, timing));
  lines.push(formatCountsTiming(result.count));
  lines.push(formatTileScreens('deux instances', result.tiles));
  const load = result.load;
  const held = load.perSecond >= 300 && load.p95Ms <= 300 && load.failures === 0;
  lines.push(
    `  Charge (autocannon) : ${String(load.connections)} connexions réparties sur les deux instances pendant ${String(load.seconds)} s, ${n(load.responses)} réponses (${load.perInstance.map(n).join(' + ')}), ${Math.round(load.perSecond)}/s, ${n(load.failures)} échec(s) ; p50 ${ms(load.p50Ms)}, p95 ${ms(load.p95Ms)} (sur chaque réponse) ; cible >= 300/s, p95 <= 300 ms, aucun échec : ${verdict(held)} ; histogramme d'autocannon : p97,5 ${ms(load.p97_5Ms)}, p99 ${ms(load.p99Ms)}`,
  );
  const e = result.export;
  lines.push(
    `  Export CSV de ${n(e.rows)} lignes (${(e.bytes / 1024 / 1024).toFixed(1)} Mo) en ${(e.ms / 1000).toFixed(1)} s par HTTP ; pic de mémoire de l'instance +${e.peakRssGrowthMb.toFixed(0)} Mo (depuis ${e.rssBeforeMb.toFixed(0)} Mo ; cible <= 100 Mo) ${verdict(e.peakRssGrowthMb <= 100)}`,
  );
  return lines;
}
