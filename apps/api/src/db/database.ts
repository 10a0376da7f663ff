import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from './schema/index.ts';
import { EmbeddedDialect } from './embedded-dialect.ts';
import type { EmbeddedDatabase } from './pglite-client.ts';
import { openPglite } from './pglite.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded engine, when there is one (tests dump it to clone databases fast). */
  pglite?: EmbeddedDatabase;
  /**
   * Resolves when the engine answers (GET /api/health): PostgreSQL runs `select 1` on a pooled
   * connection; the embedded engine answers between two statements, without waiting for the
   * transaction that holds its one connection.
   */
  ping(): Promise<void>;
  /**
   * The handle that serves requests: every statement stopped past `ms`, answered
   * as PostgreSQL's statement_timeout (57014). The start-up's work (migrations, demo data) runs
   * before, without a limit. PostgreSQL: this pool is closed and another opened with the limit.
   */
  limitStatements(ms: number): Promise<DatabaseHandle>;
  close(): Promise<void>;
}

const plugins = [new CamelCasePlugin()];

/** Wraps an open embedded database in Kysely. PGlite is one connection: Kysely takes it in turn. */
export function fromPglite(pglite: EmbeddedDatabase): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new EmbeddedDialect(pglite), plugins });
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    pglite,
    ping: () => pglite.ping(),
    limitStatements: (ms) => {
      pglite.statementTimeoutMs = ms;
      return Promise.resolve(handle);
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
  return handle;
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
  options: { max?: number; statementTimeoutMs?: number } = {},
): Promise<DatabaseHandle> {
  const pg = await loadPg();
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // No parallel workers for the portal's queries: each is a page, a count or a lookup served
    // to many users at once, and launching workers costs more than such a query does (a filtered
    // list page at 1,000,000 requests: 35 ms with two workers, 3 ms without). Nor JIT: PostGIS
    // declares its functions costly, so a map tile's plan passed jit_above_cost and spent 4 s
    // compiling a query of 20 ms. An `options` in DATABASE_URL overrides them.
    options: '-c max_parallel_workers_per_gather=0 -c jit=off',
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle connection closed by the server (restart, admin) is dropped by the pool; without
  // a listener its 'error' event would end the process.
  pool.on('error', () => {});
  // The same for a connection checked out but idle between statements (an export's cursor
  // waiting for the client to read): pg-pool listens only to idle ones. The statement
  // that uses it next fails, and the transaction with it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    limitStatements: async (ms) => {
      await db.destroy();
      return fromPostgresUrl(connectionString, { ...options, statementTimeoutMs: ms });
    },
    close: () => db.destroy(),
  };
}

/** Opens the database the configuration names: PostgreSQL when a URL is set, else embedded. */
export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
}): Promise<DatabaseHandle> {
  if (config.databaseUrl) return fromPostgresUrl(config.databaseUrl);
  return fromPglite(await openPglite({ dataDir: config.pgliteDir }));
}
