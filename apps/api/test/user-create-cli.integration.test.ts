import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { fromPglite } from '../src/db/database.ts';
import { openPglite } from '../src/db/pglite.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from '../src/users/demo-accounts.ts';
import { productionStartRefusal } from '../src/users/demo-password-guard.ts';
import { USER_CREATE_USAGE, createOrPromoteUser, parseUserCreateArgs } from '../src/users/first-admin.ts';
import { choosePassword, signIn, testAppForFile } from './test-app.ts';
import { createUser } from './requests-factory.ts';
import { tempDataDir } from './filing-helpers.ts';
import { postgresTarget } from './test-target.ts';

// The first admin of a new installation (`npm run user:create`), and production mode
// refusing demo data and the demo password.

const t = testAppForFile();

const deps = () => ({
  db: t.database.db,
  publicUrl: 'http://portail.test',
  communityName: 'CC Test',
  linkTtlSeconds: undefined,
});
const tokenOf = (link: string) => link.split('/password/')[1]!;

describe('the command’s arguments', () => {
  test('an address and a role (admin by default, short or full name)', () => {
    expect(parseUserCreateArgs(['--email', 'Chef@Exemple.fr'])).toEqual({
      email: 'chef@exemple.fr',
      role: 'ROLE_ADMIN',
      firstName: null,
      lastName: null,
    });
    expect(
      parseUserCreateArgs([
        '--email',
        'a@b.fr',
        '--role',
        'instructeur',
        '--first-name',
        'Ana',
        '--last-name',
        'Lopez',
      ]),
    ).toMatchObject({ role: 'ROLE_INSTRUCTEUR', firstName: 'Ana', lastName: 'Lopez' });
    expect(parseUserCreateArgs(['--email', 'a@b.fr', '--role', 'ROLE_GUICHET'])).toMatchObject({
      role: 'ROLE_GUICHET',
    });
  });

  test('wrong ones are told in French, with the usage', () => {
    for (const argv of [
      [],
      ['--email', 'pas-une-adresse'],
      ['--email', 'a@b.fr', '--role', 'chef'],
      ['--role', 'user', '--email', 'a@b.fr'],
      ['--inconnu'],
    ]) {
      const parsed = parseUserCreateArgs(argv);
      expect('error' in parsed && parsed.error).toContain(USER_CREATE_USAGE);
    }
  });
});

describe('createOrPromoteUser', () => {
  test('a new admin: the printed link sets its password once, then it signs in and administers', async () => {
    const done = await createOrPromoteUser(deps(), {
      email: 'premier.admin@exemple.fr',
      role: 'ROLE_ADMIN',
      firstName: 'Premier',
      lastName: 'Admin',
      mail: false,
    });
    expect(done).toMatchObject({ created: true, validHours: 48 });
    expect(done.link).toMatch(/^http:\/\/portail\.test\/password\/[A-Za-z0-9_-]{43}$/);
    // No SMTP asked: no mail queued.
    const queued = await t.database.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('userId', '=', done.userId)
      .execute();
    expect(queued).toEqual([]);
    const set = await choosePassword(t, done.userId, 'Premier-2026!', tokenOf(done.link));
    expect(set.statusCode).toBe(200);
    const login = await signIn(t, 'premier.admin@exemple.fr', 'Premier-2026!');
    expect(login.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/stduser',
      headers: { authorization: `Bearer ${String(login.json().data.token)}` },
    });
    expect(list.statusCode).toBe(200);
  });

  test('an existing (even disabled) account is promoted and enabled again; with mail, the link is queued', async () => {
    const existing = await createUser(t, ['ROLE_DEMANDEUR']);
    await t.database.db
      .updateTable('stdUser')
      .set({ isActive: false })
      .where('id', '=', existing.id)
      .execute();
    const done = await createOrPromoteUser(deps(), {
      email: existing.email.toUpperCase(),
      role: 'ROLE_ADMIN',
      firstName: null,
      lastName: null,
      mail: true,
    });
    expect(done).toMatchObject({ userId: existing.id, created: false });
    const row = await t.database.db
      .selectFrom('stdUser')
      .select('isActive')
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(row.isActive).toBe(true);
    const roles = await t.database.db
      .selectFrom('userRole')
      .select('roleCode')
      .where('userId', '=', existing.id)
      .orderBy('roleCode')
      .execute();
    expect(roles.map((r) => r.roleCode)).toEqual(['ROLE_ADMIN', 'ROLE_DEMANDEUR']);
    await t.mail.flush();
    const mail = await t.smtp.waitFor(existing.email);
    expect(mail.text).toContain(done.link);
    // Twice: nothing doubled.
    await createOrPromoteUser(deps(), {
      email: existing.email,
      role: 'ROLE_ADMIN',
      firstName: null,
      lastName: null,
      mail: false,
    });
    const again = await t.database.db
      .selectFrom('userRole')
      .select('roleCode')
      .where('userId', '=', existing.id)
      .execute();
    expect(again).toHaveLength(2);
  });
});

describe('production mode (NODE_ENV=production)', () => {
  test('refuses demo data, then the demo password on an active demo or staff account', async () => {
    expect(await productionStartRefusal(t.database.db, { seedDemo: true })).toContain('SEED_DEMO=0');
    const staff = await createUser(t, ['ROLE_INSTRUCTEUR']);
    await t.database.db
      .updateTable('stdUser')
      .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
      .where('id', '=', staff.id)
      .execute();
    await seedDemoAccounts(t.database.db);
    const refusal = await productionStartRefusal(t.database.db, { seedDemo: false });
    expect(refusal).toContain('Démarrage refusé (NODE_ENV=production)');
    expect(refusal).toContain('admin@exemple.fr');
    expect(refusal).toContain(staff.email);
    // Changed or disabled: nothing left to refuse.
    await t.database.db
      .updateTable('stdUser')
      .set({ passwordHash: await hashPassword('Autre-Secret-2026!') })
      .where('id', '=', staff.id)
      .execute();
    await t.database.db
      .updateTable('stdUser')
      .set({ isActive: false })
      .where('email', 'like', '%@exemple.fr')
      .where('id', '!=', staff.id)
      .execute();
    expect(await productionStartRefusal(t.database.db, { seedDemo: false })).toBeNull();
  });
});

// The command itself, as `npm run user:create` runs it, on an embedded database (a copy of the
// migrated template). On PostgreSQL the same code runs through createOrPromoteUser above.
describe.skipIf(postgresTarget() !== null)('npm run user:create on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDataDir('user-create');
    const dump = await readFile(inject('pgliteTemplate'));
    const handle = fromPglite(
      await openPglite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([dump]) }),
    );
    await handle.close();
  }, 60_000);
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('prints the link; wrong arguments exit with 2', { timeout: 60_000 }, async () => {
    const run = promisify(execFile);
    const root = path.resolve(import.meta.dirname, '../../..');
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://voirie.example.fr',
      SMTP_URL: '',
      DATABASE_URL: '',
    };
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const { stdout } = await run(
      tsx,
      ['apps/api/src/cli/user-create.ts', '--email', 'chef@cc.test', '--role', 'admin'],
      { cwd: root, env },
    );
    expect(stdout).toContain('Compte chef@cc.test créé avec le rôle ROLE_ADMIN.');
    expect(stdout).toMatch(/https:\/\/voirie\.example\.fr\/password\/[A-Za-z0-9_-]{43}/);
    const failed = await run(tsx, ['apps/api/src/cli/user-create.ts', '--email', 'x'], {
      cwd: root,
      env,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('--email : adresse e-mail valide attendue.');
  });
});
