import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { ApiApp } from '../src/http/types.ts';
import { createRequest, createUser } from './requests-factory.ts';
import { createTestApp, secondInstance, type TestApp, writeWebDist } from './test-app.ts';

// Security headers: CSP with frame-ancestors, Referrer-Policy, nosniff,
// HSTS over https, on the web app's pages, the API's answers and the API documentation.

const webDist = path.resolve('.tmp/web-dist-security-headers');
let t: TestApp;
let overHttps: ApiApp;
beforeAll(async () => {
  await writeWebDist(
    webDist,
    '<!doctype html><html lang="fr"><title>Portail voirie</title><script type="module" src="/assets/app-1.js"></script></html>',
  );
  t = await createTestApp({ WEB_DIST: webDist });
  const config = loadConfig({
    ...process.env,
    PUBLIC_URL: 'https://voirie.exemple.fr',
    WEB_DIST: webDist,
    DATA_DIR: t.config.dataDir,
    LOG_LEVEL: 'silent',
  });
  overHttps = await secondInstance(t, { config });
});
afterAll(async () => {
  await overHttps?.close();
  await t?.close();
});

/** The CSP's directives by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  test('the web app page: a CSP that lets the map, its tiles and workers work, and nothing else', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dossiers' });
    expect(page.headers['content-type']).toContain('text/html');
    expectCommonHeaders(page.headers);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    // The online base layers of map_layer (OSM, IGN Géoplateforme).
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'data:',
        'blob:',
        'https://tile.openstreetmap.org',
        'https://data.geopf.fr',
      ]),
    );
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // Plain http: no HSTS, no upgrade of the site's own http requests.
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(csp.has('upgrade-insecure-requests')).toBe(false);

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expectCommonHeaders(asset.headers);
    expect(asset.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });

  test('an API answer carries them too', async () => {
    for (const url of ['/api/health', '/api/config', '/api/inconnu']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expectCommonHeaders(answer.headers);
      expect(directives(answer.headers['content-security-policy']).get('frame-ancestors'), url).toEqual([
        "'none'",
      ]);
    }
  });

  test('the API documentation works under the CSP: only script files of its own', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expectCommonHeaders(docs.headers);
    const csp = directives(docs.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    const scripts = [...docs.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)![1]!;
      const script = await t.app.inject({
        method: 'GET',
        url: new URL(src, 'http://portail.test/api/docs/').pathname,
      });
      expect(script.statusCode, src).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  test('over https: HSTS for a year, and insecure sub-resources upgraded', async () => {
    const page = await overHttps.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(page.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    expect(
      (await overHttps.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'],
    ).toBe('max-age=31536000; includeSubDomains');
  });

  test('a PDF answer (the cerfa print) carries them too', async () => {
    const alice = await createUser(t, ['ROLE_DEMANDEUR']);
    const { id } = await createRequest(t.database.db, { owner: alice, state: 3 });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/request/${String(id)}/pdf/14023/file`,
      headers: alice.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expectCommonHeaders(pdf.headers);
    expect(directives(pdf.headers['content-security-policy']).get('object-src')).toEqual(["'none'"]);
  });
});
