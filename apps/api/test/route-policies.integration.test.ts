import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { assertPolicy } from '../src/http/policy.ts';
import { ACTION_ROUTES } from '../src/requests/workflow/action-routes.ts';
import { createRequest, createUser } from './requests-factory.ts';
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

describe('one vocabulary of actions: none advertised without its route', () => {
  test('every action the API may offer has its route registered', () => {
    const registered = new Set(t.ctx.routes.map((r) => `${r.method} ${r.url}`));
    for (const [action, route] of Object.entries(ACTION_ROUTES)) {
      expect(registered.has(`${route.method} ${route.url}`), `${action}: ${route.method} ${route.url}`).toBe(true);
    }
  });

  test("GET request/{id} lists only routed actions (an admin on works in progress: no 'extend' before its route exists)", async () => {
    const admin = await createUser(t, ['ROLE_ADMIN']);
    const owner = await createUser(t, ['ROLE_DEMANDEUR']);
    const created = await createRequest(t.database.db, { owner, state: 4, kind: 1 });
    const res = await t.app.inject({ method: 'GET', url: `/api/request/${created.publicId}`, headers: admin.headers });
    const actions = res.json<{ data: { actions: string[] } }>().data.actions;
    expect(actions).toContain('updateRequest');
    for (const action of actions) expect(Object.keys(ACTION_ROUTES), action).toContain(action);
    expect(actions).not.toContain('extend');
  });
});
