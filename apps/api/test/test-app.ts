import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@voirie/domain';
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
import { insertGeoFixtures } from './geo-fixtures.ts';
import { createUser, type TestUser } from './requests-factory.ts';

export interface TestApp {
  app: ApiApp;
  ctx: RouteContext;
  database: DatabaseHandle & { url?: string };
  smtp: SmtpPeer;
  mail: MailSender;
  config: Config;
  close(): Promise<void>;
}

interface TestAppOptions {
  faults?: FilingFaults;
  mailClock?: () => Date;
  databaseDir?: string;
  dataDir?: string;
}

/**
 * The whole API on a cloned database, mailing to a real local SMTP server (`mailClock` drives the
 * sender's time). With `dataDir` (a label), its files go to a data directory of its own
 * (`config.dataDir`), removed at close.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
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

/**
 * Another API instance on `t`'s database, as behind a load balancer: its own caches and counters
 * in memory, `t`'s configuration unless told another, ready to inject into. The caller closes it.
 */
export async function secondInstance(
  t: TestApp,
  options: { config?: Config; onMailQueued?: () => void } = {},
): Promise<ApiApp> {
  const { app } = await buildApp({
    config: options.config ?? t.config,
    database: t.database,
    logger: false,
    ...(options.onMailQueued ? { onMailQueued: options.onMailQueued } : {}),
  });
  await app.ready();
  return app;
}

/**
 * The app a test file shares (createTestApp's, with the fixture geography when `geo`): built
 * before the file's first test, closed after its last. The object returned is filled in then, so
 * that the file names its app once, as a constant: read it in hooks and tests only.
 */
export function testAppForFile(
  env: Record<string, string> = {},
  options: TestAppOptions & { geo?: boolean } = {},
): TestApp {
  const { geo, ...appOptions } = options;
  const t = {} as TestApp;
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await createTestApp(env, appOptions);
    Object.assign(t, opened);
    if (geo) await insertGeoFixtures(t.database.db);
  });
  afterAll(() => opened?.close());
  return t;
}

/** One account of each role, named after the role in French (the matrices' rows, in their order). */
export const EACH_ROLE = {
  admin: ['ROLE_ADMIN'],
  instructeur: ['ROLE_INSTRUCTEUR'],
  demandeur: ['ROLE_DEMANDEUR'],
  guichet: ['ROLE_GUICHET'],
  gestionnaire: ['ROLE_GESTIONNAIRE'],
  operateur: ['ROLE_OPERATEUR'],
  soustraitant: ['ROLE_SOUSTRAITANT'],
} as const satisfies Record<string, readonly Role[]>;

/** An account of a test file: its roles, with the names or the address its tests read back. */
type AccountSpec =
  readonly Role[] | { roles: readonly Role[]; firstName?: string; lastName?: string; email?: string };

/**
 * The accounts a test file shares, created (in this order) on its app before its first test. As
 * testAppForFile's app, each is filled in then: read them in hooks and tests only.
 */
export function accountsForFile<const Name extends string>(
  t: TestApp,
  accounts: Record<Name, AccountSpec>,
): Record<Name, TestUser> {
  const names = Object.keys(accounts) as Name[];
  const users = Object.fromEntries(names.map((name) => [name, {}])) as Record<Name, TestUser>;
  beforeAll(async () => {
    for (const name of names) {
      const spec = accounts[name];
      const { roles, ...fields } = 'roles' in spec ? spec : { roles: spec };
      Object.assign(users[name], await createUser(t, [...roles], fields));
    }
  });
  return users;
}

/** POST login, as the sign-in page sends it. */
export function signIn(t: Pick<TestApp, 'app'>, username: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
}

/** PUT user/{id}/password with a link's token: the password chosen, typed twice alike. */
export function choosePassword(t: Pick<TestApp, 'app'>, userId: number, password: string, token: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/user/${String(userId)}/password`,
    payload: { password, passwordConfirm: password, token },
  });
}

/** A built web app in `dir` (the WEB_DIST a test serves): `indexHtml` and one hashed asset. */
export async function writeWebDist(dir: string, indexHtml: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), indexHtml);
  await writeFile(path.join(dir, 'assets/app-1.js'), 'console.log(1)');
}
