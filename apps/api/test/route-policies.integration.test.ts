import { describe, expect, test } from 'vitest';
import Fastify from 'fastify';
import { assertPolicy } from '../src/http/policy.ts';
import { SYSTEM_ACTIONS, WORKFLOW_ACTIONS } from '@voirie/domain';
import { ACTION_ROUTES } from '../src/requests/workflow/action-routes.ts';
import { createRequest, createUser } from './requests-factory.ts';
import { testAppForFile } from './test-app.ts';

const t = testAppForFile();

describe('every route declares its authorization policy', () => {
  test('the catalogue routes all carry a policy; public ones say why', () => {
    const urls = t.ctx.routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'GET /api/userConnected',
        'POST /api/register',
        'PUT /api/user/:id/password',
      ]),
    );
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
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('one vocabulary of actions: none advertised without its route', () => {
  test('every action the API may offer has its route registered', () => {
    const registered = new Set(t.ctx.routes.map((r) => `${r.method} ${r.url}`));
    for (const [action, route] of Object.entries(ACTION_ROUTES)) {
      expect(registered.has(`${route.method} ${route.url}`), `${action}: ${route.method} ${route.url}`).toBe(
        true,
      );
    }
  });

  test('and the reverse: every action of the workflow a user may take has its route', () => {
    const userActions = WORKFLOW_ACTIONS.filter((action) => !SYSTEM_ACTIONS.includes(action));
    expect(Object.keys(ACTION_ROUTES).sort()).toEqual([...userActions].sort());
  });

  test('GET request/{id} lists only routed actions (an admin on works awaiting reception)', async () => {
    const admin = await createUser(t, ['ROLE_ADMIN']);
    const owner = await createUser(t, ['ROLE_DEMANDEUR']);
    const created = await createRequest(t.database.db, { owner, state: 4, kind: 1 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/request/${created.publicId}`,
      headers: admin.headers,
    });
    const actions = res.json<{ data: { actions: string[] } }>().data.actions;
    expect(actions).toEqual(
      expect.arrayContaining([
        'updateRequest',
        'requestReception',
        'recordReception',
        'extend',
        'cancelWorks',
      ]),
    );
    for (const action of actions) expect(Object.keys(ACTION_ROUTES), action).toContain(action);
  });
});

describe('one contract: every operation of the OpenAPI document declares its schemas', () => {
  interface Content {
    schema?: Record<string, unknown>;
  }
  interface Operation {
    requestBody?: { content?: Record<string, Content> };
    responses?: Record<string, { content?: Record<string, Content> } | undefined>;
  }

  /** Writes that take nothing but their path: each was read to have no body. */
  const BODYLESS = new Set([
    'POST /api/logout',
    'PUT /api/user/validate-email/{token}',
    'DELETE /api/contacts/{id}',
    'POST /api/modele/{id}/reset',
    'POST /api/request/{id}/cancel',
    'DELETE /api/request/{id}',
    'POST /api/mails/{mailLogId}/resend',
    'POST /api/invitation/{token}/accept',
    'POST /api/request/{id}/signature',
    'POST /api/request/{id}/appointments/decline',
    'POST /api/request/{id}/cancel-works',
    'POST /api/document/elise/{id}',
    'DELETE /api/document/{id}',
    'DELETE /api/stduser/{id}',
    'POST /api/stduser/{id}/reset-link',
    'PUT /api/user/confirm-email/{token}',
    'DELETE /api/perimeter/{id}',
    'DELETE /api/perimeter/{id}/mandates/{mandateId}',
    'DELETE /api/library/{id}',
    'DELETE /api/drafts/{id}',
    'DELETE /api/acts/seal',
    'POST /api/acts/{number}/opening',
    'POST /api/acts/{number}/publication',
  ]);

  const described = (content: Record<string, Content> | undefined) =>
    Object.values(content ?? {}).some(
      (entry) => entry.schema !== undefined && Object.keys(entry.schema).length > 0,
    );

  test('a success answer (200 or 201) with its schema, and a body schema (JSON or multipart) on every write that takes a body', () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        operations += 1;
        const success = operation.responses?.['200'] ?? operation.responses?.['201'];
        if (!described(success?.content)) missing.push(`${name}: no 200/201 response schema`);
        const writes = ['post', 'put', 'patch', 'delete'].includes(method);
        if (writes && !BODYLESS.has(name) && !described(operation.requestBody?.content))
          missing.push(`${name}: no request body schema`);
      }
    }
    // Every registered route is in the document.
    expect(operations).toBe(
      t.ctx.routes.filter(
        (route) =>
          route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
      ).length,
    );
    expect(missing, `Routes without their contract:\n${missing.join('\n')}`).toEqual([]);
  });

  test('the no-body list names only registered writes without a body schema', () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    for (const name of BODYLESS) {
      const [method, path] = name.split(' ') as [string, string];
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(
        operation?.requestBody,
        `${name} declares a body: remove it from the no-body list`,
      ).toBeUndefined();
    }
  });
});
