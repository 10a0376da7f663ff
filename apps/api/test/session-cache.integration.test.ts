import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'kysely';
import { hashPassword } from '../src/auth/passwords.ts';
import { SESSION_CACHE_MS, SessionManager } from '../src/accounts/sessions.ts';
import type { ApiApp } from '../src/http/types.ts';
import { createTestApp, secondInstance, type TestApp } from './test-app.ts';

// The sign-in check is cached a second per session (it runs on every request): a sign-out
// in this process ends the session at once; a revocation made elsewhere (another instance)
// takes effect within SESSION_CACHE_MS.

let t: TestApp;
/** A second API instance on the same database, as behind a load balancer (its own session cache). */
let second: ApiApp;
let userId: number;
const PASSWORD = 'Demo-2026!';

beforeAll(async () => {
  t = await createTestApp();
  second = await secondInstance(t);
  ({ id: userId } = await t.ctx.db
    .insertInto('stdUser')
    .values({ email: 'cache@exemple.fr', passwordHash: 'x', emailValidatedAt: sql`now()` })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(async () => {
  vi.useRealTimers();
  await second?.close();
  await t?.close();
});

const whoAmI = (token: string, app: ApiApp = t.app) =>
  app.inject({ method: 'GET', url: '/api/userConnected', headers: { authorization: `Bearer ${token}` } });

describe('session check cache', () => {
  test('sign-out ends the session at once, even just after a cached check', async () => {
    const token = await t.ctx.sessions.issue(userId);
    expect((await whoAmI(token)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await whoAmI(token)).statusCode).toBe(401);
  });

  test('a revocation by another process is honoured once the cache delay has passed', async () => {
    // A sign-out on one instance ends the session on all within one second.
    expect(SESSION_CACHE_MS).toBeLessThanOrEqual(1_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await t.ctx.sessions.issue(userId);
    expect((await whoAmI(token)).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('userSession')
      .set({ revokedAt: sql`now()` })
      .where('userId', '=', userId)
      .execute();
    vi.setSystemTime(Date.now() + SESSION_CACHE_MS + 1);
    expect((await whoAmI(token)).statusCode).toBe(401);
    vi.useRealTimers();
  });

  test('forgetUser makes the next request read the account again (deactivated -> 401)', async () => {
    const token = await t.ctx.sessions.issue(userId);
    expect((await whoAmI(token)).statusCode).toBe(200);
    await t.ctx.db.updateTable('stdUser').set({ isActive: false }).where('id', '=', userId).execute();
    t.ctx.sessions.forgetUser(userId);
    expect((await whoAmI(token)).statusCode).toBe(401);
  });

  test('a cached token is never trusted past its own expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const shortLived = await SessionManager.create(t.ctx.db, {
      secret: 'secret-de-test-assez-long-pour-hs256',
      ttlSeconds: 2,
    });
    const token = await shortLived.issue(userId);
    await t.ctx.db.updateTable('stdUser').set({ isActive: true }).where('id', '=', userId).execute();
    expect(await shortLived.userOf(token)).not.toBeNull();
    vi.setSystemTime(Date.now() + 2_500);
    expect(await shortLived.userOf(token)).toBeNull();
    vi.useRealTimers();
  });

  test('two instances: signed in on one, used on the other; a sign-out on either ends it on both within a second', async () => {
    const email = 'deux-instances@exemple.fr';
    await t.ctx.db
      .insertInto('stdUser')
      .values({ email, passwordHash: await hashPassword(PASSWORD), emailValidatedAt: sql`now()` })
      .execute();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ data: { token: string } }>().data.token;
    // Used on the other instance, by its cookie as a browser would.
    const onSecond = await second.inject({
      method: 'GET',
      url: '/api/userConnected',
      cookies: { voirie_token: token },
    });
    expect(onSecond.statusCode).toBe(200);
    expect(onSecond.json<{ data: { email: string } }>().data.email).toBe(email);
    // The first instance has the session in its cache; the sign-out happens on the second.
    expect((await whoAmI(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    const out = await second.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await whoAmI(token, second)).statusCode).toBe(401);
    vi.setSystemTime(Date.now() + 1_001);
    const onFirst = await whoAmI(token);
    expect(onFirst.statusCode).toBe(401);
    expect(onFirst.json<{ message: string }>().message).toBe('Session expirée');
    vi.useRealTimers();
  });
});
