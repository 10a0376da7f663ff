import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, type TestUser } from './requests-factory.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Closed for maintenance (MAINTENANCE=1, docs/operations.md "Maintenance"): every API call but the
// health probe and the public configuration answers 503 MAINTENANCE, signed in or not; the web
// app's page is still served so that it can show /maintenance.

const webDist = path.resolve('.tmp/web-dist-maintenance');
let t: TestApp;
let instructor: TestUser;
beforeAll(async () => {
  await mkdir(webDist, { recursive: true });
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="fr"><title>Portail</title></html>',
  );
  t = await createTestApp({ MAINTENANCE: '1', WEB_DIST: webDist }, { dataDir: 'maintenance' });
  instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
});
afterAll(() => t?.close());

const MESSAGE = 'Le portail est en maintenance. Merci de réessayer dans quelques minutes.';

describe('closed for maintenance', () => {
  test('every call answers 503 MAINTENANCE, signed in or not, and changes nothing', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/request', headers: instructor.headers },
      { method: 'GET' as const, url: '/api/userConnected', headers: instructor.headers },
      { method: 'POST' as const, url: '/api/login', payload: { username: instructor.email, password: 'x' } },
      { method: 'POST' as const, url: '/api/password', payload: { email: instructor.email } },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'MAINTENANCE', message: MESSAGE });
    }
    const tokens = await t.database.db.selectFrom('authToken').select('id').execute();
    expect(tokens).toEqual([]);
  });

  test('the health probe, the public configuration and the web app stay open', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const config = await t.app.inject({ url: '/api/config' });
    expect(config.statusCode).toBe(200);
    // With the portal's version, the root package.json's, for the footer.
    const { version } = JSON.parse(
      await readFile(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    expect(config.json().data).toMatchObject({ maintenance: true, version });
    const page = await t.app.inject({ url: '/maintenance', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Portail</title>');
  });
});
