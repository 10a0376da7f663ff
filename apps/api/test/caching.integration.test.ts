import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOKEN_COOKIE } from '../src/http/authenticate.ts';
import { attachStoredDocument, createRequest, createUser, type TestUser } from './requests-factory.ts';
import { createTestApp, type TestApp, writeWebDist } from './test-app.ts';

// Who may keep an answer. Every API answer is private and stays out of caches
// (`Cache-Control: no-store`) — signed-in JSON, files, a sign-in's token, refusals; open data
// says `public` and answers 304 to a client that has it; the web app's files keep their caching.

const webDist = path.resolve('.tmp/web-dist-caching');
let t: TestApp;
let instructor: TestUser;
let requestId: number;
let documentId: number;

beforeAll(async () => {
  await writeWebDist(webDist, '<!doctype html><html lang="fr"><title>Portail</title></html>');
  t = await createTestApp({ WEB_DIST: webDist });
  instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
  requestId = (await createRequest(t.database.db, { state: 3 })).id;
  documentId = await attachStoredDocument(t, { requestId, typeDocumentId: 1, name: 'piece.pdf' });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const withCookie = (user: TestUser) => ({ cookie: `${TOKEN_COOKIE}=${user.token}` });

describe('private answers: no-store', () => {
  test('signed-in JSON, a private document, an export, a refusal — by bearer or by cookie', async () => {
    for (const headers of [instructor.headers, withCookie(instructor)]) {
      for (const url of [
        '/api/userConnected',
        '/api/request',
        `/api/request/${String(requestId)}`,
        `/api/document/${String(documentId)}/file`,
        '/api/export',
        '/api/request/999999999',
      ]) {
        const res = await get(url, headers);
        expect(res.statusCode, `${url} ${res.body.slice(0, 100)}`).toBeLessThan(500);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
  });

  test('the answer to a sign-in (it carries the token) and to an anonymous caller', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'personne@exemple.fr', password: 'Mauvais-2026!' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await get('/api/request')).headers['cache-control']).toBe('no-store');
  });

  test("the web app's files keep their caching", async () => {
    expect((await get('/assets/app-1.js')).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('open data: public, with an ETag, 304 when the client has it', () => {
  test('the public works, the public map layers, the local map layers — anonymous or signed in', async () => {
    for (const url of [
      '/api/public/works.geojson',
      '/api/public/works.csv',
      '/api/public/map-layers',
      '/api/layers/communes',
    ]) {
      for (const headers of [{}, withCookie(instructor)]) {
        const first = await get(url, headers);
        expect(first.statusCode, url).toBe(200);
        expect(first.headers['cache-control'], url).toMatch(/^public, max-age=\d+$/);
        const etag = String(first.headers.etag);
        expect(etag, url).toMatch(/^"[\w-]+"$/);
        const again = await get(url, { ...headers, 'if-none-match': etag });
        expect(again.statusCode, url).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        const weak = await get(url, { ...headers, 'if-none-match': `"autre", W/${etag}` });
        expect(weak.statusCode, url).toBe(304);
        expect((await get(url, { ...headers, 'if-none-match': '"autre"' })).statusCode).toBe(200);
      }
    }
  });
});
