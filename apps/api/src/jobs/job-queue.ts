import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';

/** The PostgreSQL schema of the job queue's tables (pg-boss creates and migrates it). */
export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss on the embedded database: PGlite is one connection, so every statement of the queue
 * waits for Kysely's connection (db/embedded-dialect.ts takes it in turn) and never runs inside
 * someone else's transaction. Statements without parameters may be scripts (the queue's schema):
 * PGlite runs those with `exec`, the last result being the answer.
 */
function embeddedDb(handle: DatabaseHandle): PgBoss.Db {
  const pglite = handle.pglite;
  if (!pglite) throw new Error('Base embarquée attendue');
  return {
    executeSql: (text, values) =>
      handle.db.connection().execute(async () => {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      }),
  };
}

/**
 * A pg-boss queue on the portal's database: on PostgreSQL its own small pool (`databaseUrl`),
 * on the embedded database the shared connection. Jobs, schedules and their state live in the
 * database, so they survive restarts and each job is taken by one instance only.
 */
export function createJobQueue(
  database: DatabaseHandle,
  options: { databaseUrl?: string | undefined; pollingIntervalSeconds?: number },
): PgBoss {
  const common = {
    schema: JOB_SCHEMA,
    // Maintenance (expiry, archiving) every few minutes is plenty for daily jobs.
    maintenanceIntervalSeconds: 300,
    // A done job stays in the queue's table two days: its day-long singleton slot (scheduler.ts)
    // keeps that day from being queued again by a later start-up.
    archiveCompletedAfterSeconds: 2 * 86_400,
    ...(options.pollingIntervalSeconds ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
  };
  if (database.kind === 'postgres') {
    if (!options.databaseUrl) throw new Error('DATABASE_URL attendue pour la file de tâches');
    return new PgBoss({
      ...common,
      connectionString: options.databaseUrl,
      max: 2,
      application_name: 'voirie-jobs',
    });
  }
  return new PgBoss({ ...common, db: embeddedDb(database) });
}
