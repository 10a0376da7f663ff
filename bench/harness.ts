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
