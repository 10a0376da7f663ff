import { sql, type Kysely } from 'kysely';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { fromPglite, type DatabaseHandle } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { openPglite } from '../apps/api/src/db/pglite.ts';
import type { Database } from '../apps/api/src/db/schema/index.ts';
import type { ApiApp } from '../apps/api/src/http/types.ts';

// What every bench shares: timing, medians, the verdict words of the report, the API built in
// this process on a bench database, and the benches' accounts.

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The size of a bench of the request list or the statistics: the requests it seeds, its runs. */
export interface SeededBenchOptions {
  requests: number;
  /** Calls timed per case on each side (15 when absent). */
  runs?: number;
}

/** Milliseconds `run` takes. */
export async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/**
 * Medians of `runs` calls of `url` through the API and of `direct` (the same queries without it),
 * after `warmup` calls of each left out: a running server is warm, the first calls compile the
 * code paths.
 */
export async function timeApiAgainstSql(
  api: { app: { inject: ApiApp['inject'] }; headers: Record<string, string> },
  url: string,
  direct: () => Promise<void>,
  options: { runs: number; warmup: number },
): Promise<{ apiMs: number; sqlMs: number; ratio: number }> {
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  for (let i = -options.warmup; i < options.runs; i++) {
    const a = await time(async () => {
      const res = await api.app.inject({ method: 'GET', url, headers: api.headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${String(res.statusCode)} ${res.body}`);
    });
    const b = await time(direct);
    if (i < 0) continue;
    apiTimes.push(a);
    sqlTimes.push(b);
  }
  return { apiMs: median(apiTimes), sqlMs: median(sqlTimes), ratio: median(apiTimes) / median(sqlTimes) };
}

/** The report's word for a measure against its target. */
export const verdict = (ok: boolean) => (ok ? 'OK' : 'AU-DESSUS DE LA CIBLE');

/** A list call timed: through the API, and its SQL alone, run directly (medians). */
export interface ListTiming {
  apiMs: number;
  /** The page's query alone. */
  pageMs: number;
  /** The total's (kept counts, or a count capped for a search) alone. */
  countMs: number;
  /** Both as the list service runs them: at once (one after the other on the embedded database). */
  sqlMs: number;
}

/** The most a list page's SQL, its total's, and the API's work around them may take. */
export const LIST_TARGET_MS = 5;

/**
 * Medians of `runs` list calls through `callApi` (told the run's number: the PostgreSQL bench
 * alternates its instances) and of the case's page and total queries run directly, after
 * `warmup` rounds left out.
 */
export async function timeListCase(
  callApi: (run: number) => Promise<unknown>,
  queries: { page: () => Promise<unknown>; count: () => Promise<unknown> },
  options: { runs: number; warmup: number },
): Promise<ListTiming> {
  const api: number[] = [];
  const page: number[] = [];
  const count: number[] = [];
  const both: number[] = [];
  for (let i = -options.warmup; i < options.runs; i++) {
    const a = await time(() => callApi(i + options.warmup));
    const p = await time(queries.page);
    const c = await time(queries.count);
    const b = await time(() => Promise.all([queries.page(), queries.count()]));
    if (i < 0) continue;
    api.push(a);
    page.push(p);
    count.push(c);
    both.push(b);
  }
  return { apiMs: median(api), pageMs: median(page), countMs: median(count), sqlMs: median(both) };
}

const msText = (value: number) => `${value.toFixed(1)} ms`;
const withinList = (value: number) =>
  `${msText(value)} (cible <= ${String(LIST_TARGET_MS)} ms) ${verdict(value <= LIST_TARGET_MS)}`;

/** The API's time and its work outside the SQL (the API's time less the SQL's), against LIST_TARGET_MS. */
function apiPart(timing: { apiMs: number; sqlMs: number }): string {
  return `API ${msText(timing.apiMs)}, dont hors SQL ${withinList(Math.max(0, timing.apiMs - timing.sqlMs))}`;
}

/** A list case's report line: its page's SQL, its total's and the API's own work, each against LIST_TARGET_MS. */
export function formatListTiming(name: string, timing: ListTiming): string {
  return `  ${name} : SQL de la page ${withinList(timing.pageMs)}, du total ${withinList(timing.countMs)} ; ${apiPart(timing)}`;
}

/** The tab counts' report line (GET request/count): their SQL and the API's own work, against LIST_TARGET_MS. */
export function formatCountsTiming(timing: { apiMs: number; sqlMs: number }): string {
  return `  Comptes par onglet : SQL ${withinList(timing.sqlMs)} ; ${apiPart(timing)}`;
}

/**
 * Runs a bench on a fresh embedded database, migrated, with the account of its instructor (who
 * calls the API); closes the database after.
 */
export async function onFreshDatabase<T>(
  instructorEmail: string,
  bench: (fresh: { database: DatabaseHandle; db: Kysely<Database>; instructorId: number }) => Promise<T>,
): Promise<T> {
  const database = fromPglite(await openPglite({}));
  try {
    await migrateToLatest(database.db);
    const instructorId = await createUser(database.db, instructorEmail, 'ROLE_INSTRUCTEUR', 'Lafitte');
    return await bench({ database, db: database.db, instructorId });
  } finally {
    await database.close();
  }
}

/** The API's configuration for a bench: no web build, no logs, a port chosen by the system. */
export function benchConfig(overrides: { DATA_DIR?: string; DATABASE_URL?: string } = {}) {
  return loadConfig({
    PORT: '0',
    PUBLIC_URL: 'http://bench.test',
    DATA_DIR: '.tmp/bench-data',
    WEB_DIST: '.tmp/no-web',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/** The API on `database`, ready for `inject`, and the session header of `userId`. */
export async function benchApp(database: DatabaseHandle, userId: number, overrides?: { DATA_DIR?: string }) {
  const { app, ctx } = await buildApp({ config: benchConfig(overrides), database, logger: false });
  await app.ready();
  const headers = { authorization: `Bearer ${await ctx.sessions.issue(userId)}` };
  return { app, ctx, headers };
}

/** An account with one role (the benches' instructor and applicant). */
export async function createUser(
  db: Kysely<Database>,
  email: string,
  role: string,
  lastName: string,
): Promise<number> {
  const { id } = await db
    .insertInto('stdUser')
    .values({ email, passwordHash: 'x', firstName: 'Julien', lastName, emailValidatedAt: sql`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('userRole').values({ userId: id, roleCode: role }).execute();
  return id;
}
