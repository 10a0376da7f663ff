import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  MAIL_CAP_MESSAGE,
  MAIL_CAP_PER_ACCOUNT_PER_DAY,
  MAIL_STATUS_TEXTS,
  USER_ADMIN_MESSAGES,
} from '@voirie/domain';
import type { ApiApp } from '../src/http/types.ts';
import { createTestApp, secondInstance, type TestApp } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';
import { mailStatusTo } from './smtp-peer.ts';
import { MANDATORY, filingParts, filingPayload, multipart } from './filing-helpers.ts';

// One daily cap per account over every path that mails an address the account
// does not own — a filing's party, a cancellation's notice, the confirmation of a new address
// typed in « Mon compte » (which had none: 55 outside addresses mailed in seconds) — counted in
// the database, so that two API instances share it. Past the cap the new address is refused with
// a French 429 and Retry-After, nothing written; a mail that only goes with another change is
// dropped and logged, the change goes on.

const CAP = MAIL_CAP_PER_ACCOUNT_PER_DAY;
let t: TestApp;
let second: ApiApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { dataDir: 'mail-cap' });
  await insertGeoFixtures(t.database.db);
  // Its mails go out as the first instance's do.
  second = await secondInstance(t, { onMailQueued: () => void t.mail.flush() });
  alice = await createUser(t, ['ROLE_DEMANDEUR'], { email: 'alice.plafond@exemple.fr' });
  bob = await createUser(t, ['ROLE_DEMANDEUR'], { email: 'bob.plafond@exemple.fr' });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const db = () => t.database.db;

/** « Mon compte » saved with a new address, on one instance or the other. */
const changeEmail = (app: ApiApp, who: TestUser, email: string) =>
  app.inject({
    method: 'PUT',
    url: `/api/stduser/${String(who.id)}`,
    headers: who.headers,
    payload: {
      nature: 'Particulier',
      title: 'Madame',
      lastName: 'Plafond',
      firstName: 'Alice',
      email,
      phone: '0558000000',
    },
  });

const counted = async (who: TestUser) =>
  (
    await db()
      .selectFrom('mailOutbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('causedByUserId', '=', who.id)
      .where('countsTowardCap', '=', true)
      .executeTakeFirstOrThrow()
  ).n;

const statusTo = (address: string) => mailStatusTo(db(), address);

describe('one daily cap per account, whichever path mails an outside address', () => {
  test(`the outside address past ${String(CAP)} in 24 hours is refused, across paths and instances`, async () => {
    expect(t.config.mail.maxPerAccountPerDay).toBe(CAP);
    // 1. A filing whose petitioner is someone else: the invitation counts.
    const body = multipart(filingParts(filingPayload(1), MANDATORY[1]));
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/request',
      payload: body.payload,
      headers: { ...body.headers, ...alice.headers },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await counted(alice)).toBe(1);

    // 2. Cancellations tell each request's petitioner.
    for (let i = 0; i < 20; i++) {
      const request = await createRequest(db(), {
        owner: alice,
        state: 3,
        petitioner: { email: `petitionnaire${String(i)}@ailleurs.test`, stdUserId: null },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/request/${String(request.id)}/cancel`,
        headers: alice.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await counted(alice)).toBe(21);

    // 3. New addresses typed in « Mon compte », on both instances; an address that already has its
    // account is told too, and counts the same (the answer does not tell them apart).
    for (let i = 0; i < CAP - 21; i++) {
      const address = i === 0 ? bob.email : `inconnu${String(i)}@ailleurs.test`;
      const res = await changeEmail(i % 2 === 0 ? t.app : second, alice, address);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(USER_ADMIN_MESSAGES.emailChangePending(address));
    }
    expect(await counted(alice)).toBe(CAP);

    // The next outside address: 429 in French with Retry-After (a day, less the seconds elapsed),
    // on either instance; nothing written (no link, no history, the pending address unchanged).
    const historyBefore = await db()
      .selectFrom('historyLog')
      .select('id')
      .where('entityId', '=', alice.id)
      .execute();
    for (const app of [t.app, second]) {
      const refused = await changeEmail(app, alice, 'encore-une@ailleurs.test');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: MAIL_CAP_MESSAGE });
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(86_400 - 600);
      expect(wait).toBeLessThanOrEqual(86_400);
    }
    expect(
      await db()
        .selectFrom('authToken')
        .select('id')
        .where('newEmail', '=', 'encore-une@ailleurs.test')
        .execute(),
    ).toHaveLength(0);
    expect(
      await db().selectFrom('historyLog').select('id').where('entityId', '=', alice.id).execute(),
    ).toHaveLength(historyBefore.length);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/stduser/${String(alice.id)}`,
      headers: alice.headers,
    });
    expect(me.json().data.pendingEmail).toBe(`inconnu${String(CAP - 22)}@ailleurs.test`);

    // A cancellation past the cap still cancels; its notice to the petitioner is refused and shown so.
    const late = await createRequest(db(), {
      owner: alice,
      state: 3,
      petitioner: { email: 'petitionnaire.tardif@ailleurs.test', stdUserId: null },
    });
    const cancelled = await second.inject({
      method: 'POST',
      url: `/api/request/${String(late.id)}/cancel`,
      headers: alice.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await statusTo('petitionnaire.tardif@ailleurs.test')).toBe('refused');
    expect(MAIL_STATUS_TEXTS.refused).toContain('limite');
    expect(await counted(alice)).toBe(CAP);

    // Saving her account without a new address still works; another account is not concerned.
    expect((await changeEmail(t.app, alice, alice.email)).statusCode).toBe(200);
    expect((await changeEmail(t.app, bob, 'bob.nouveau@ailleurs.test')).statusCode).toBe(200);

    // A rolling 24 hours: Retry-After follows the oldest counted mail, and once they are older the
    // account may mail again.
    await db()
      .updateTable('mailOutbox')
      .set({ createdAt: sql`now() - interval '23 hours'` })
      .where('causedByUserId', '=', alice.id)
      .execute();
    const soon = await changeEmail(t.app, alice, 'encore-une@ailleurs.test');
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(3_000);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(3_600);
    await db()
      .updateTable('mailOutbox')
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where('causedByUserId', '=', alice.id)
      .execute();
    expect((await changeEmail(second, alice, 'encore-une@ailleurs.test')).statusCode).toBe(200);
  });
});
