import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { EmbeddedDatabase } from './pglite-client.ts';

// Kysely on the embedded database (pglite-client.ts). PGlite is one session: Kysely's queries
// take the one connection in turn — a transaction holds it to its end, so no other request's
// statement ever runs inside it.

class EmbeddedConnection implements DatabaseConnection {
  constructor(private readonly database: EmbeddedDatabase) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.database.query(query.sql, query.parameters);
    return {
      rows: result.rows as R[],
      ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  /** Never used: the export reads the embedded database by batches (requests/list-service.ts). */
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('La base embarquée ne lit pas les résultats en flux.');
  }
}

class EmbeddedDriver implements Driver {
  private readonly connection: EmbeddedConnection;
  private holder: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  constructor(private readonly database: EmbeddedDatabase) {
    this.connection = new EmbeddedConnection(database);
  }

  async init(): Promise<void> {}

  /** The one connection, once whoever holds it has released it. */
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.holder;
    let release!: () => void;
    this.holder = new Promise((resolve) => {
      release = resolve;
    });
    await previous;
    this.release = release;
    return this.connection;
  }

  releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
    return Promise.resolve();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`start transaction${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.database.close();
  }
}

/** The Kysely dialect of the embedded database: PostgreSQL's SQL, one connection. */
export class EmbeddedDialect implements Dialect {
  constructor(private readonly database: EmbeddedDatabase) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new EmbeddedDriver(this.database);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
