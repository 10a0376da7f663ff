import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { recoverInterruptedGenerations } from './orders/recover-generations.ts';
import { openFileStore } from './files/storage.ts';
import { startFileSweeper } from './files/file-sweeper.ts';
import { startScheduler } from './jobs/scheduler.ts';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { loggerOptions } from './logger.ts';
import { createMailSender } from './mail/create-sender.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './users/demo-accounts.ts';
import { seedDemoPerimeters } from './seed/demo-geography.ts';
import { demoGeoSizeFromEnv, generateDemoGeographyInWorker } from './geo/demo/index.ts';
import { claimDemoPreparation, prepareDemoData, prepareDemoRoads } from './seed/demo-preparation.ts';
import { seedDemoRequests } from './seed/demo-requests.ts';
import { productionStartRefusal } from './users/demo-password-guard.ts';
import { warmUpAfterStart } from './warm-up.ts';

const startedAt = performance.now();

const config = loadConfig();
const logger = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);

/** A demo on a new embedded database: its geography will be generated (seed/demo-geography.ts). */
function firstDemoStart(): boolean {
  return config.seedDemo && !config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite'));
}

/**
 * The demo geography's files, written on a worker thread while this one opens and migrates the
 * database (the first start). Its failure is met where the files are awaited.
 */
function startDemoFiles() {
  const files = generateDemoGeographyInWorker({
    outDir: path.join(config.dataDir, 'demo-geo'),
    size: demoGeoSize,
  });
  files.catch(() => undefined);
  return files;
}

await mkdir(config.dataDir, { recursive: true });
const demoGeoSize = demoGeoSizeFromEnv();
const demoFiles = firstDemoStart() ? startDemoFiles() : undefined;
const startup = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
const applied = await migrateToLatest(startup.db);
if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
// Production never runs with demo data or the published demo password (README, « Production »).
const refusal = config.production ? await productionStartRefusal(startup.db, config) : null;
if (refusal) {
  console.error(refusal);
  await startup.close();
  process.exit(1);
}
const recovered = await recoverInterruptedGenerations(startup.db);
if (recovered > 0)
  logger.warn({ requests: recovered }, 'interrupted order generations returned to instruction');
const store = await openFileStore(config);
const demoOptions = {
  size: demoGeoSize,
  dataDir: config.dataDir,
  ...(demoFiles && { files: demoFiles }),
  log: (line: string) => console.log(line),
};
// Demo mode: the accounts and, when missing, the demo roads now; the rest of the demo geography
// and the demo requests once the server answers (seed/demo-preparation.ts), so that a first
// start is usable at once.
let demoPreparation: Awaited<ReturnType<typeof claimDemoPreparation>> = 'none';
if (config.seedDemo) {
  await seedDemoAccounts(startup.db);
  await seedDemoPerimeters(startup.db);
  demoPreparation = await claimDemoPreparation(startup.db, { exclusive: startup.kind === 'pglite' });
  if (demoPreparation === 'none') await seedDemoRequests(startup.db, { store });
  if (demoPreparation === 'claimed') await prepareDemoRoads(startup.db, demoOptions);
}

// What answers requests: every statement under the time limit; the start-up's work above had none.
const database =
  config.statementTimeoutMs > 0 ? await startup.limitStatements(config.statementTimeoutMs) : startup;
const mail = createMailSender(database.db, config, { logger, files: store });
const { app } = await buildApp({
  config,
  database,
  store,
  logger: loggerOptions(config.logLevel),
  onMailQueued: () => void mail.flush(),
});
await app.listen({ port: config.port, host: config.host });
mail.start();
// Temporary and unreferenced files a crash left: swept now, then hourly (one instance per hour).
const sweeper = startFileSweeper({
  db: database.db,
  store,
  graceSeconds: config.fileSweepGraceSeconds,
  onSwept: (report) => logger.info({ sweep: report }, 'file sweep done'),
  onError: (error) => logger.error({ err: error }, 'file sweep failed'),
});
// The legal clock's daily run (pg-boss, in the database): today's is caught up at start-up —
// after the demo requests when they are still to come (below).
const scheduler = await startScheduler({
  database,
  databaseUrl: config.databaseUrl,
  publicUrl: config.publicUrl,
  logger,
  onMailQueued: () => void mail.flush(),
  catchUp: demoPreparation !== 'claimed',
  publication: { store, config },
});

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
const lines = [
  '',
  `Portail voirie prêt en ${seconds} s : ${config.publicUrl}`,
  `Base de données : ${database.kind === 'pglite' ? `PGlite embarqué (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL'}`,
  `Courriels : ${config.smtpUrl ? 'SMTP' : `fichiers .eml dans ${path.join(config.dataDir, 'mail')}`}`,
];
if (config.seedDemo) {
  lines.push(`Comptes de démonstration (mot de passe ${DEMO_PASSWORD}) :`);
  for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.email.padEnd(26)} ${account.role}`);
}
console.log(lines.join('\n') + '\n');
// Read by the start-up benchmark and the fault scenarios.
process.send?.({ ready: true, ms: performance.now() - startedAt });
if (demoPreparation === 'claimed') {
  console.log('Données de démonstration en cours de préparation : le portail répond déjà.');
  void prepareDemoData(database.db, { ...demoOptions, store }).then(async ({ ok }) => {
    await scheduler
      .queueDailyClock()
      .catch((error: unknown) => logger.error({ err: error }, 'catch-up failed'));
    process.send?.({ demoPrepared: ok, ms: performance.now() - startedAt });
  });
} else process.send?.({ demoPrepared: true, ms: performance.now() - startedAt });
warmUpAfterStart();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  await app.close();
  await sweeper.stop();
  await scheduler.stop();
  await mail.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
