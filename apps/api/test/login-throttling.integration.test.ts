import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '@voirie/domain';
import { hashPassword } from '../src/auth/passwords.ts';
import { RateLimitCounters } from '../src/auth/rate-limit-store.ts';
import type { ApiApp } from '../src/http/types.ts';
import { createTestApp, secondInstance, type TestApp } from './test-app.ts';

// Sign-in throttling (docs/decisions/0002-login-throttling.md): per account
// + address and per address, growing delays, successes never count, counts shared by every
// instance through the database.

const PER_ACCOUNT = 3;
const PER_ADDRESS = 6;
/** Long enough that a loaded machine's slow argon2 never outlasts it between two attempts. */
const FIRST_DELAY_SECONDS = 5;
const PASSWORD = 'Demo-2026!';
const WRONG = 'Pas-le-bon-2026!';

let t: TestApp;
let second: ApiApp;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
    RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
    RATE_LIMIT_FIRST_DELAY_SECONDS: String(FIRST_DELAY_SECONDS),
  });
  second = await secondInstance(t);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

let sequence = 0;
/** A validated account whose password is PASSWORD. */
async function account(label: string): Promise<{ id: number; email: string }> {
  sequence += 1;
  const email = `${label}.${String(sequence)}@exemple.fr`;
  const { id } = await t.database.db
    .insertInto('stdUser')
    .values({ email, passwordHash, emailValidatedAt: sql`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email };
}

function login(username: string, password: string, remoteAddress: string, app: ApiApp = t.app) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
}

/** Lets `seconds` pass for every counter (their last attempt moves back in time). */
async function timePasses(seconds: number): Promise<void> {
  await sql`UPDATE rate_limit_hit SET last_at = last_at - make_interval(secs => ${seconds})`.execute(
    t.database.db,
  );
}

describe('sign-in throttling', () => {
  test('wrong passwords from one address never keep the owner out at another address', async () => {
    const owner = await account('cible');
    const statuses = [];
    for (let i = 0; i < PER_ACCOUNT + 3; i++)
      statuses.push((await login(owner.email, WRONG, '203.0.113.10')).statusCode);
    expect(statuses.slice(0, PER_ACCOUNT)).toEqual(Array(PER_ACCOUNT).fill(401));
    expect(statuses.slice(PER_ACCOUNT)).toEqual([429, 429, 429]);
    // The stranger's address waits, even with the right password…
    const stranger = await login(owner.email, PASSWORD, '203.0.113.10');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // …the owner at home does not.
    expect((await login(owner.email, PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  test('successful sign-ins never count: 40 in a row from one address all succeed', async () => {
    const user = await account('assidu');
    for (let i = 0; i < 40; i++)
      expect((await login(user.email, PASSWORD, '198.51.100.30')).statusCode).toBe(200);
  });

  test('a success clears the account and address counter', async () => {
    const user = await account('distrait');
    // 2 × (PER_ACCOUNT - 1) failures: past PER_ACCOUNT unless the success in between cleared them
    // (and under PER_ADDRESS, which a success does not clear: they were failures).
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PER_ACCOUNT - 1; i++)
        expect((await login(user.email, WRONG, '198.51.100.40')).statusCode).toBe(401);
      expect((await login(user.email, PASSWORD, '198.51.100.40')).statusCode).toBe(200);
    }
  });

  test('the wait grows with each further failure', async () => {
    const user = await account('tenace');
    const address = '203.0.113.50';
    for (let i = 0; i < PER_ACCOUNT; i++)
      expect((await login(user.email, WRONG, address)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let step = 0; step < 3; step++) {
      const refused = await login(user.email, WRONG, address);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      // Still refused just before the end of the wait…
      await timePasses(wait - 2);
      expect((await login(user.email, WRONG, address)).statusCode).toBe(429);
      // …once it is over, one more try is allowed (and fails again).
      await timePasses(2);
      expect((await login(user.email, WRONG, address)).statusCode).toBe(401);
    }
    expect(waits).toEqual([FIRST_DELAY_SECONDS, 2 * FIRST_DELAY_SECONDS, 4 * FIRST_DELAY_SECONDS]);
  });

  test('an address trying many accounts is slowed down, the accounts elsewhere are not', async () => {
    const address = '203.0.113.60';
    const victims = await Promise.all(Array.from({ length: PER_ADDRESS + 1 }, () => account('pulverise')));
    const statuses = [];
    for (const victim of victims) statuses.push((await login(victim.email, WRONG, address)).statusCode);
    expect(statuses).toEqual([...Array(PER_ADDRESS).fill(401), 429]);
    expect((await login(victims[0]!.email, PASSWORD, '198.51.100.60')).statusCode).toBe(200);
  });

  test('a burst of parallel guesses is counted: only the free attempts get an answer', async () => {
    const user = await account('rafale');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(user.email, WRONG, '203.0.113.65', i % 2 ? second : t.app)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(PER_ACCOUNT).fill(401), ...Array(10 - PER_ACCOUNT).fill(429)]);
  });

  test('two API instances share the counts', async () => {
    const user = await account('partage');
    const address = '203.0.113.70';
    for (let i = 0; i < PER_ACCOUNT; i++) {
      // Alternating instances, as a load balancer would.
      expect((await login(user.email, WRONG, address, i % 2 ? second : t.app)).statusCode).toBe(401);
    }
    expect((await login(user.email, PASSWORD, address, second)).statusCode).toBe(429);
    expect((await login(user.email, PASSWORD, address, t.app)).statusCode).toBe(429);
  });

  test('an IPv6 subscriber counts as one address (its /64)', async () => {
    const user = await account('ipv6');
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await login(user.email, WRONG, `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(401);
    }
    expect((await login(user.email, WRONG, '2001:db8:1:2::ffff')).statusCode).toBe(429);
    // Another subscriber (another /64) is not held back by them.
    expect((await login(user.email, WRONG, '2001:db8:1:3::1')).statusCode).toBe(401);
  });
});

describe('reset requests and password changes', () => {
  test('reset requests are throttled per account and address; another address still asks', async () => {
    const user = await account('oublieux');
    const ask = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/password', payload: { email: user.email }, remoteAddress });
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await ask('203.0.113.80')).statusCode).toBe(200);
    const refused = await ask('203.0.113.80');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask('198.51.100.80')).statusCode).toBe(200);
  });

  test('wrong current passwords are throttled like sign-in', async () => {
    const user = await account('voleur');
    const token = (await login(user.email, PASSWORD, '198.51.100.90')).json().data.token as string;
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${user.id}/password`,
        headers: { authorization: `Bearer ${token}` },
        payload: { password: 'Nouveau-2026!', passwordConfirm: 'Nouveau-2026!', currentPassword },
        remoteAddress: '203.0.113.90',
      });
    for (let i = 0; i < PER_ACCOUNT; i++)
      expect((await change(WRONG)).json().message).toBe(ACCOUNT_MESSAGES.currentPasswordWrong);
    const refused = await change(PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-ups', () => {
  test('are limited per address and window, in French, with Retry-After', async () => {
    const signUp = (i: number, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: `inscrit.${String(i)}@exemple.fr`, password: PASSWORD, passwordConfirm: PASSWORD },
        remoteAddress,
      });
    for (let i = 0; i < PER_ADDRESS; i++) expect((await signUp(i, '203.0.113.95')).statusCode).toBe(201);
    const refused = await signUp(PER_ADDRESS, '203.0.113.95');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: ACCOUNT_MESSAGES.tooManyAttempts,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signUp(PER_ADDRESS, '198.51.100.95')).statusCode).toBe(201);
  });
});

describe('the shared store', () => {
  test('keeps no address or e-mail in clear and sweeps expired counters', async () => {
    const keys = await t.database.db.selectFrom('rateLimitHit').select('key').execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter(({ key }) => /@|\d+\.\d+\.\d+\.\d+/.test(key))).toEqual([]);

    await t.database.db
      .insertInto('rateLimitHit')
      .values({
        key: 'expired-counter',
        count: 9,
        lastAt: sql`now() - interval '2 hours'`,
        expiresAt: sql`now() - interval '1 hour'`,
        refused: false,
      })
      .execute();
    // A fresh process sweeps on its first count.
    await new RateLimitCounters(t.database.db).hit('sweep-trigger', {
      max: 5,
      windowMs: 60_000,
      growing: false,
    });
    const left = await t.database.db
      .selectFrom('rateLimitHit')
      .select('key')
      .where('key', '=', 'expired-counter')
      .execute();
    expect(left).toEqual([]);
  });

  test('a plain window refuses past its limit until the window ends', async () => {
    const counters = new RateLimitCounters(t.database.db);
    const states = [];
    for (let i = 0; i < 4; i++)
      states.push(await counters.hit('plain-window', { max: 3, windowMs: 60_000, growing: false }));
    expect(states.map((s) => s.current)).toEqual([1, 2, 3, 4]);
    expect(states[3]!.ttl).toBeGreaterThan(55_000);
    expect(states[3]!.ttl).toBeLessThanOrEqual(60_000);
  });
});
