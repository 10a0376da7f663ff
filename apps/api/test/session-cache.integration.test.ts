import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'kysely';
import { SESSION_CACHE_MS, SessionManager } from '../src/auth/sessions.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The sign-in check is cached a few seconds per session (it runs on every request): a sign-out
// in this process ends the session at once; a revocation made elsewhere (another instance)
// takes effect within SESSION_CACHE_MS.

let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ id: userId } = await t.ctx.db
    .insertInto('stdUser')
    .values({ email: 'cache@exemple.fr', passwordHash: 'x', emailValidatedAt: sql`now()` })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const whoAmI = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/userConnected', headers: { authorization: `Bearer ${token}` } });

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
});
