import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { fromPglite, fromPostgresUrl, type DatabaseHandle } from '../src/db/database.ts';
import { openPglite } from '../src/db/pglite.ts';
import { postgresTarget, TEMPLATE_DB } from './test-target.ts';

/**
 * A migrated database of its own for one test file, cloned from the run's template (the embedded
 * one in memory, or in `dataDir`); on
 * PostgreSQL with its `url`, so that a test may open a second connection pool to it (a second
 * API instance).
 */
export async function createTestDatabase(
  options: { dataDir?: string; statementTimeoutMs?: number } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const target = postgresTarget();
  if (!target) {
    const dump = await readFile(inject('pgliteTemplate'));
    // In files (`dataDir`), as the server's: a statement past the time limit restarts it from them.
    const handle = fromPglite(
      await openPglite({
        loadDataDir: new Blob([dump]),
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      }),
    );
    return options.statementTimeoutMs ? handle.limitStatements(options.statementTimeoutMs) : handle;
  }
  const name = `voirie_test_${randomBytes(6).toString('hex')}`;
  const admin = await fromPostgresUrl(target.adminUrl, { max: 1 });
  await sql.raw(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`).execute(admin.db);
  const handle = await fromPostgresUrl(target.urlFor(name), {
    max: 4,
    ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
  });
  return {
    ...handle,
    url: target.urlFor(name),
    close: async () => {
      await handle.close();
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
      await admin.close();
    },
  };
}
