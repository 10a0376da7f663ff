import { fork, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

interface ServerStart {
  /** Spawn to the 'ready' message: the sign-in answers. */
  readyMs: number;
  /** Spawn to the 'demoPrepared' message: a first start's demo data all in. */
  preparedMs: number;
  /** The slowest GET config (it reads the database) between the two, polled every 100 ms. */
  slowestAnswerMs: number;
}

/** Times a start from spawning the server (it reports over IPC), then stops it. */
function timeServerStart(dataDir: string, port: number): Promise<ServerStart> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    // execArgv: [] — fork would otherwise pass on this process's flags, and under tsx those
    // load the TypeScript loader into the built server, which the bare open does not pay.
    const child = fork(path.join(ROOT, 'apps/api/dist/server.mjs'), [], {
      cwd: ROOT,
      env,
      execArgv: [],
      stdio: 'ignore',
    });
    let readyMs = 0;
    let slowestAnswerMs = 0;
    let polling = false;
    const poll = async () => {
      while (polling) {
        const sent = performance.now();
        await fetch(`http://127.0.0.1:${port}/api/config`).then((response) => response.arrayBuffer());
        slowestAnswerMs = Math.max(slowestAnswerMs, performance.now() - sent);
        await new Promise((wait) => setTimeout(wait, 100));
      }
    };
    let polled: Promise<void> = Promise.resolve();
    child.on('message', (message: { ready?: boolean; demoPrepared?: boolean }) => {
      if (message.ready) {
        readyMs = performance.now() - started;
        polling = true;
        polled = poll();
        return;
      }
      if (message.demoPrepared === undefined) return;
      if (!message.demoPrepared) reject(new Error('demo data preparation failed'));
      const preparedMs = performance.now() - started;
      polling = false;
      void polled.then(() => {
        child.once('exit', () => resolve({ readyMs, preparedMs, slowestAnswerMs }));
        child.kill('SIGTERM');
      }, reject);
    });
    child.on('error', reject);
  });
}

/** Time for a bare process to open the same PGlite + PostGIS data dir and answer a query. */
function timeBareOpen(dataDir: string): Promise<number> {
  const script = `
    import { PGlite } from '@electric-sql/pglite';
    import { postgis } from '@electric-sql/pglite-postgis';
    const db = await PGlite.create({ dataDir: ${JSON.stringify(path.join(dataDir, 'pglite'))}, extensions: { postgis } });
    await db.query('select 1');
    await db.close();`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.join(ROOT, 'apps/api'),
      stdio: 'inherit',
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`bare open exited ${code}`)),
    );
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Start-up with existing data vs a bare PGlite+PostGIS open of the same data dir (target <= 1.3). */
export async function benchStartup(runs = 5) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voirie-bench-'));
  try {
    const first = await timeServerStart(dataDir, 3390);
    const server: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(await timeBareOpen(dataDir));
      server.push((await timeServerStart(dataDir, 3390)).readyMs);
    }
    return {
      firstStartMs: first.readyMs,
      firstPreparedMs: first.preparedMs,
      firstSlowestAnswerMs: first.slowestAnswerMs,
      serverMs: median(server),
      bareMs: median(bare),
      ratio: median(server) / median(bare),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
