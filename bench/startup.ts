import { fork, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Time from spawning the server to its 'ready' message (it reports over IPC). */
function timeServerStart(dataDir: string, port: number): Promise<number> {
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
    child.on('message', (message: { ready?: boolean }) => {
      if (!message.ready) return;
      const ms = performance.now() - started;
      child.once('exit', () => resolve(ms));
      child.kill('SIGTERM');
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

/** Start-up with existing data vs a bare PGlite+PostGIS open of the same data dir (target <= 1.5). */
export async function benchStartup(runs = 5) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voirie-bench-'));
  try {
    const first = await timeServerStart(dataDir, 3390);
    const server: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(await timeBareOpen(dataDir));
      server.push(await timeServerStart(dataDir, 3390));
    }
    return {
      firstStartMs: first,
      serverMs: median(server),
      bareMs: median(bare),
      ratio: median(server) / median(bare),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
