import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { assertPolicy } from '../src/http/policy.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('every route declares its authorization policy', () => {
  test('the catalogue routes all carry a policy; public ones say why', () => {
    const urls = t.ctx.routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['POST /api/login', 'GET /api/userConnected', 'POST /api/register', 'PUT /api/user/:id/password']));
    for (const route of t.ctx.routes) {
      expect(route.policy, `${route.method} ${route.url}`).toBeDefined();
      if (route.policy.kind === 'public') expect(route.policy.reason.length).toBeGreaterThan(3);
    }
    const signedIn = t.ctx.routes.filter((r) => r.policy.kind !== 'public').map((r) => r.url);
    expect(signedIn).toContain('/api/userConnected');
  });

  test('a route without a policy cannot be registered', async () => {
    const app = Fastify();
    app.addHook('onRoute', (route) => assertPolicy(route));
    expect(() => app.get('/api/oubli', () => 'x')).toThrow(/ne déclare pas de politique/);
    await app.close();
  });

  test('signed-in routes refuse anonymous calls with 401', async () => {
    for (const route of t.ctx.routes.filter((r) => r.policy.kind !== 'public')) {
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url.replace(/:(\w+)/g, '1') });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
