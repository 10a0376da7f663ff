import { Worker } from 'node:worker_threads';

// The embedded database seen from the server's thread: PGlite runs on a worker thread
// of its own (pglite-worker.mjs), so a slow statement never holds the thread that answers
// requests. Statements run one at a time, in the order given, as on PGlite itself; a statement
// running past the time limit ends the worker — PostgreSQL in WebAssembly cannot be interrupted
// — and the database is opened again from its files, as after a crash: the transaction that ran
// is rolled back, the statement fails as PostgreSQL's statement_timeout does (code 57014).

/**
 * A result row, or an error's fields, as it comes back from the worker thread (a structured
 * clone): its columns or fields by name, as PGlite and PostgreSQL name them.
 */
// eslint-disable-next-line no-restricted-syntax -- a row's columns or an error's fields, by name, from the worker
type ClonedFields = Record<string, unknown>;

/** The result of one statement, as PGlite gives it. */
export interface EmbeddedResults {
  rows: ClonedFields[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface EmbeddedDatabaseOptions {
  /** The database's folder; absent: in memory (from `loadDataDir` when given). */
  dataDir?: string | undefined;
  /** A data-dir dump (dumpDataDir) to start from, in memory. */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL's start parameters beyond PGlite's defaults ('-c', 'name=value', …). */
  startParams: readonly string[];
}

type Operation = 'query' | 'exec' | 'dump' | 'ping' | 'close';

/** What an operation sends besides its name: the statement and its parameters. */
interface OperationBody {
  sql?: string;
  params?: readonly unknown[];
}

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ClonedFields };

/** PostgreSQL's error of a statement stopped by statement_timeout: the same code on both engines. */
export const STATEMENT_TIMEOUT_CODE = '57014';

function timeoutError(): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: STATEMENT_TIMEOUT_CODE,
  });
}

/** A database error rebuilt on this thread with its fields (code, constraint, detail…). */
function rebuiltError(fields: ClonedFields): Error {
  const { message, name: _name, ...rest } = fields;
  return Object.assign(
    new Error(typeof message === 'string' ? message : 'Erreur de la base embarquée'),
    rest,
  );
}

/** Where the worker's file is: beside this module in the sources, beside the bundle in dist. */
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * The embedded PostgreSQL on its own thread: `query` and `exec` as PGlite's, `dumpDataDir`,
 * `ping` (answered between two statements: the engine's thread is alive) and `close`.
 */
export class EmbeddedDatabase {
  /** Stop a statement running longer than this (ms); 0: no limit. Only with a data dir. */
  statementTimeoutMs = 0;
  private worker: Worker | null = null;
  private starting: Promise<void> | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  /** The statements, one after the other: the limit counts from when a statement is sent. */
  private queue: Promise<unknown> = Promise.resolve();
  private closedFlag = false;
  private loadDataDir: ArrayBuffer | undefined;
  /** A statement is on the engine's thread (sent, not answered). */
  private running = false;

  private constructor(private readonly options: EmbeddedDatabaseOptions) {}

  /** Opens (or creates) the database on a new worker thread. */
  static async open(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
    const database = new EmbeddedDatabase(options);
    database.loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    await database.start();
    return database;
  }

  get closed(): boolean {
    return this.closedFlag;
  }

  query(sql: string, params: readonly unknown[] = []): Promise<EmbeddedResults> {
    return this.inTurn('query', { sql, params }) as Promise<EmbeddedResults>;
  }

  exec(sql: string): Promise<EmbeddedResults[]> {
    return this.inTurn('exec', { sql }) as Promise<EmbeddedResults[]>;
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.inTurn('dump', {})) as ArrayBuffer]);
  }

  /**
   * Resolves when the engine is alive: its thread answers between two statements; while a
   * statement runs under the time limit, at once — it ends within the limit or the engine is
   * stopped and opened again (a probe never waits for a request's statement).
   */
  async ping(): Promise<void> {
    await this.start();
    if (this.running && this.limit() > 0) return;
    await this.send('ping', {});
  }

  async close(): Promise<void> {
    if (this.closedFlag) return;
    this.closedFlag = true;
    await this.queue.catch(() => undefined);
    const worker = this.worker;
    if (!worker) return;
    await this.send('close', {}).catch(() => undefined);
    this.worker = null;
    await worker.terminate();
  }

  private start(): Promise<void> {
    if (this.worker) return Promise.resolve();
    this.starting ??= this.spawn().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private spawn(): Promise<void> {
    const { dataDir, startParams } = this.options;
    // A dump is read once: a restart after a stopped statement opens the files (data dir only).
    const loadDataDir = this.loadDataDir;
    this.loadDataDir = undefined;
    const worker = new Worker(WORKER_URL, {
      workerData: { dataDir, loadDataDir, startParams: [...startParams] },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => {
        this.failAll(error);
        if (this.worker === worker) this.worker = null;
        reject(error);
      };
      worker.on('message', (message: Answer | { ready: true }) => {
        if ('ready' in message) {
          this.worker = worker;
          this.idle();
          resolve();
          return;
        }
        const waiting = this.waiting.get(message.id);
        if (!waiting) return;
        this.waiting.delete(message.id);
        this.idle();
        if (message.ok) waiting.resolve(message.value);
        else waiting.reject(rebuiltError(message.error));
      });
      worker.on('error', failed);
      worker.on('exit', () => {
        if (this.worker === worker) this.worker = null;
        this.failAll(new Error('La base embarquée s’est arrêtée.'));
      });
    });
  }

  /** The worker keeps the process alive only while something waits for it (as PGlite in-thread did not). */
  private idle() {
    if (this.waiting.size === 0) this.worker?.unref();
    else this.worker?.ref();
  }

  private failAll(error: Error) {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const entry of waiting) entry.reject(error);
  }

  private send(op: Operation, body: OperationBody): Promise<unknown> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('La base embarquée est fermée.'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.idle();
      worker.postMessage({ id, op, ...body });
    });
  }

  /** Runs an operation after the ones before it, under the time limit. */
  private inTurn(op: Operation, body: OperationBody): Promise<unknown> {
    if (this.closedFlag && op !== 'close') return Promise.reject(new Error('La base embarquée est fermée.'));
    const run = async () => {
      await this.start();
      const answer = this.send(op, body);
      this.running = true;
      void answer.then(
        () => (this.running = false),
        () => (this.running = false),
      );
      const limit = this.limit();
      if (limit <= 0 || op === 'dump') return answer;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(timeoutError()), limit);
      });
      try {
        return await Promise.race([answer, late]);
      } catch (error) {
        if ((error as { code?: unknown }).code === STATEMENT_TIMEOUT_CODE) await this.restart();
        throw error;
      } finally {
        clearTimeout(timer);
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** The time limit in force: only a database in files can be opened again after a stop. */
  private limit(): number {
    return this.options.dataDir ? this.statementTimeoutMs : 0;
  }

  /**
   * Ends the worker in the middle of its statement and opens the database again from its files
   * (2–3 s; everything else waits). A first statement, without a limit, warms the new engine:
   * the next one — often the stopped transaction's rollback — is not the one stopped.
   */
  private async restart(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(timeoutError());
    if (worker) await worker.terminate();
    if (this.closedFlag) return;
    await this.start();
    await this.send('query', { sql: 'select 1', params: [] });
  }
}
