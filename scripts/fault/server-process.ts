import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_SOURCE = path.join(ROOT, 'apps/api/src/server.ts');

/**
 * The server's sources bundled once for the run, as `npm start` runs it (scripts/build.mjs,
 * same entries and options: the server, the demo geography's worker and the embedded database's
 * beside it), into a folder of the run's own under <repo>/.tmp (its packages resolve from the
 * repository's node_modules): a restart then costs what a production restart costs, not tsx's
 * compilation of every source. Returns the server's bundle and its removal.
 */
export async function bundleServer(): Promise<{ entry: string; remove: () => Promise<void> }> {
  const dir = path.join(ROOT, '.tmp', `fault-server-${randomBytes(4).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  const { build } = await import('esbuild');
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'apps/api/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    entryPoints: {
      server: SERVER_SOURCE,
      'demo-geo-worker': path.join(ROOT, 'apps/api/src/geo/demo/generate-worker.ts'),
      'pglite-worker': path.join(ROOT, 'apps/api/src/db/pglite-worker.mjs'),
    },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@voirie/')),
    loader: { '.geojson': 'json' },
    logLevel: 'warning',
  });
  return { entry: path.join(dir, 'server.mjs'), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The real API server (apps/api/src/server.ts, run by tsx) in a child process, as production
 * runs it: its JSON log lines are kept, it can be stopped (SIGTERM) or killed (SIGKILL).
 */
export class ServerProcess {
  readonly lines: string[] = [];
  private readonly waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  private readonly exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly origin: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => this.onLine(line));
    }
  }

  /**
   * Starts the server (a bundle from `bundleServer`, else the sources through tsx) with this
   * environment and waits for its 'demoPrepared' message (IPC): it answers, and a first start's
   * demo data are in (docs/operations.md « Premier démarrage »).
   */
  static async start(
    env: NodeJS.ProcessEnv,
    options: { entry?: string; timeoutMs?: number } = {},
  ): Promise<ServerProcess> {
    const port = await freePort();
    const child = fork(options.entry ?? SERVER_SOURCE, [], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      // execArgv: [] for the bundle — fork would otherwise pass on this process's flags (tsx's loader).
      execArgv: options.entry ? [] : ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${String(port)}`);
    const timeoutMs = options.timeoutMs ?? 120_000;
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`server not ready after ${String(timeoutMs)} ms:\n${server.tail()}`)),
        timeoutMs,
      );
      child.on('message', (message: { demoPrepared?: boolean }) => {
        if (message.demoPrepared === undefined) return;
        clearTimeout(timer);
        if (message.demoPrepared) resolve();
        else reject(new Error(`demo data preparation failed:\n${server.tail()}`));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${String(code)}) before it was ready:\n${server.tail()}`));
      });
    });
    await ready;
    return server;
  }

  private onLine(line: string): void {
    this.lines.push(line);
    for (const waiter of [...this.waiters]) {
      if (!waiter.match(line)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  }

  /** The first log line (already seen or to come) that `match` accepts. */
  async waitForLine(match: (line: string) => boolean, timeoutMs = 60_000): Promise<string> {
    const seen = this.lines.find(match);
    if (seen) return seen;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`log line not seen in ${String(timeoutMs)} ms:\n${this.tail()}`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  }

  /** kill -9: no shutdown, no cleanup, mid-request. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** The normal stop (SIGTERM): in-flight requests end, the database closes. */
  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await this.exited;
  }

  /** The last log lines, for an error message. */
  tail(count = 20): string {
    return this.lines.slice(-count).join('\n');
  }
}
