import { rm } from 'node:fs/promises';
import pino from 'pino';
import { openFileStore } from '../src/files/storage.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { buildApp } from '../src/app.ts';
import { createMailSender } from '../src/mail/create-sender.ts';
import type { MailSender } from '../src/mail/sender.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import type { ApiApp, RouteContext } from '../src/http/types.ts';
import type { FilingFaults } from '../src/requests/filing/filing-deps.ts';
import { createTestDatabase } from './test-db.ts';
import { SmtpPeer } from './smtp-peer.ts';
import { tempDataDir } from './filing-helpers.ts';

export interface TestApp {
  app: ApiApp;
  ctx: RouteContext;
  database: DatabaseHandle & { url?: string };
  smtp: SmtpPeer;
  mail: MailSender;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole API on a cloned database, mailing to a real local SMTP server (`mailClock` drives the
 * sender's time). With `dataDir` (a label), its files go to a data directory of its own
 * (`config.dataDir`), removed at close.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { faults?: FilingFaults; mailClock?: () => Date; databaseDir?: string; dataDir?: string } = {},
): Promise<TestApp> {
  const dataDir = options.dataDir === undefined ? undefined : await tempDataDir(options.dataDir);
  const smtp = new SmtpPeer();
  const smtpUrl = await smtp.start();
  const config = loadConfig({
    PORT: '3999',
    PUBLIC_URL: 'http://portail.test',
    SMTP_URL: smtpUrl,
    DATA_DIR: dataDir ?? '.tmp/test-data',
    WEB_DIST: '.tmp/no-web',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const created = await createTestDatabase(options.databaseDir ? { dataDir: options.databaseDir } : {});
  // The server's statement time limit when the test sets one.
  const database = env.DB_STATEMENT_TIMEOUT_MS
    ? {
        ...(await created.limitStatements(config.statementTimeoutMs)),
        ...(created.url ? { url: created.url } : {}),
      }
    : created;
  const logger = pino({ level: 'silent' });
  // One store for the API and the mail sender, as server.ts does (DATA_DIR, or S3_BUCKET's bucket).
  const store = await openFileStore(config);
  const mail = createMailSender(database.db, config, {
    logger,
    files: store,
    ...(options.mailClock ? { clock: options.mailClock } : {}),
  });
  const { app, ctx } = await buildApp({
    config,
    database,
    store,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    onMailQueued: () => void mail.flush(),
    ...(options.faults ? { faults: options.faults } : {}),
  });
  await app.ready();
  return {
    app,
    ctx,
    database,
    smtp,
    mail,
    config,
    close: async () => {
      await app.close();
      await mail.stop();
      await database.close();
      await smtp.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
