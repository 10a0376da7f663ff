import { sql, type Kysely } from 'kysely';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import type { DatabaseHandle } from '../apps/api/src/db/database.ts';
import type { Database } from '../apps/api/src/db/schema/index.ts';

// What every bench shares: timing, medians, the verdict words of the report, the API built in
// this process on a bench database, and the benches' accounts.

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds `run` takes. */
export async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The report's word for a measure against its target. */
export const verdict = (ok: boolean) => (ok ? 'OK' : 'AU-DESSUS DE LA CIBLE');

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
