import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp, writeWebDist } from './test-app.ts';

const webDist = path.resolve('.tmp/web-dist-test');
let t: TestApp;
beforeAll(async () => {
  await writeWebDist(webDist, '<!doctype html><html lang="fr"><title>Portail voirie</title></html>');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(() => t?.close());

describe('the web app is served with the API', () => {
  test('app routes fall back to index.html (history mode)', async () => {
    for (const url of ['/', '/login', '/dossiers/abc', '/password/xyz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  test('existing assets are served; a missing asset is a 404, not the HTML page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1.js' })).statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
  });

  test('unknown API paths stay JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inconnu' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Cette route n'existe pas sur l'api");
  });
});
