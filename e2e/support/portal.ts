import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ENV, LOG_DIR, REPO_ROOT } from './paths.ts';

export interface PortalOptions {
  port: number;
  /** A fresh folder: the first start creates the embedded PostGIS database in it. */
  dataDir: string;
  smtpUrl: string;
  /** Name of the log file under e2e/.tmp/logs. */
  name: string;
  /** More variables (LINK_TTL_SECONDS…). */
  env?: Record<string, string>;
  /** How long the first start may take (database creation). */
  startTimeoutMs?: number;
}

export interface Portal {
  url: string;
  port: number;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

const HEALTH_POLL_MS = 250;

/**
 * Starts the portal as a user does — `node scripts/start.mjs` from the repository root, which
 * builds what is missing and serves the web app and the API on one port — on the embedded
 * database (DATABASE_URL and TEST_TARGET are removed from its environment), then waits for
 * GET /api/health.
 */
export async function startPortal(options: PortalOptions): Promise<Portal> {
  const { port, dataDir, smtpUrl, name, startTimeoutMs = 180_000 } = options;
  const url = `http://localhost:${port}`;
  await mkdir(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${name}.log`);
  const log = createWriteStream(logFile);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: url,
    RATE_LIMIT_PER_ADDRESS: '500',
    // The small demo geography (about 500 roads, 5,000 parcels) keeps each fresh start short.
    DEMO_GEO_SIZE: 'small',
    LOG_LEVEL: process.env.E2E_PORTAL_LOG_LEVEL ?? 'info',
    ...options.env,
  };
  // A fresh user's machine: the embedded database and the defaults, whatever the calling
  // shell has set (npm test may run with DATABASE_URL and TEST_TARGET for the API tests).
  delete env.DATABASE_URL;
  delete env.TEST_TARGET;
  delete env.SEED_DEMO;
  delete env.HOST;
  delete env.JWT_SECRET;
  delete env.WEB_DIST;
  delete env.NODE_OPTIONS;
  const webDist = process.env[ENV.webDist];
  if (webDist) env.WEB_DIST = webDist;

  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? '?')),
  );
  // The runner may die without teardown (an uncaught error): do not leave the portal behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => log.end(resolve));
  };

  try {
    await waitForHealth(url, port, child, exited, startTimeoutMs);
  } catch (error) {
    await stop();
    const tail = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-40).join('\n');
    throw new Error(`${(error as Error).message}\n--- ${logFile} (fin) ---\n${tail}`, { cause: error });
  }
  return { url, port, pid: child.pid!, logFile, stop };
}

async function waitForHealth(
  url: string,
  port: number,
  child: ChildProcess,
  exited: Promise<number | string>,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | string | undefined;
  void exited.then((code) => (exitCode = code));
  let lastError = '';
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`Le portail (pid ${child.pid}) s'est arrêté au démarrage (code ${exitCode}).`);
    let health: { status?: string; database?: string; demoPreparation?: unknown } | undefined;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) health = (await response.json()) as typeof health;
      else lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    // The journeys read the demo data: ready once its first start's preparation has ended.
    if (health?.status === 'ok' && !health.demoPreparation) {
      if (health.database !== 'pglite')
        throw new Error(`Base attendue : PGlite embarqué ; reçue : ${health.database}.`);
      return;
    }
    if (health?.demoPreparation) lastError = 'données de démonstration en cours de préparation';
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  throw new Error(`${url}/api/health ne répond pas après ${timeoutMs / 1000} s (${lastError}).`);
}
