import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './schema/index.ts';
import { openPglite } from './pglite.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded engine, when there is one (tests dump it to clone databases fast). */
  pglite?: PGlite;
  close(): Promise<void>;
}

const plugins = [new CamelCasePlugin()];

/** Wraps an open PGlite in Kysely. PGlite is one connection: Kysely serialises on it. */
export function fromPglite(pglite: PGlite): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

let loadingPg: Promise<typeof import('pg').default> | undefined;

/**
 * pg, imported once on the first PostgreSQL connection: the embedded database does not need
 * it, and a static import would add to every server start (start-up time).
 */
function loadPg() {
  loadingPg ??= import('pg').then(({ default: pg }) => {
    // bigint (count(*), sums) as number: our counts stay far below 2^53.
    pg.types.setTypeParser(20, (value) => Number(value));
    // `date` columns stay 'YYYY-MM-DD' strings: no time zone shift.
    pg.types.setTypeParser(1082, (value) => value);
    return pg;
  });
  return loadingPg;
}

/** Connects to a PostgreSQL server (with PostGIS) through a pool. */
export async function fromPostgresUrl(
  connectionString: string,
  options: { max?: number } = {},
): Promise<DatabaseHandle> {
  const pg = await loadPg();
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle connection closed by the server (restart, admin) is dropped by the pool; without
  // a listener its 'error' event would end the process.
  pool.on('error', () => {});
  // The same for a connection checked out but idle between statements (an export's cursor
  // waiting for the client to read, issue 19): pg-pool listens only to idle ones. The statement
  // that uses it next fails, and the transaction with it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** Opens the database the configuration names: PostgreSQL when a URL is set, else embedded. */
export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
}): Promise<DatabaseHandle> {
  if (config.databaseUrl) return fromPostgresUrl(config.databaseUrl);
  return fromPglite(await openPglite({ dataDir: config.pgliteDir }));
}
