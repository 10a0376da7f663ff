import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './test-app.ts';
import { createUser, type TestUser } from './requests-factory.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';
import { MANDATORY, filingParts, filingPayload, multipart } from './filing-helpers.ts';

// Filings per account are rate-limited: FILING_MAX_PER_HOUR.

const MAX = 2;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ FILING_MAX_PER_HOUR: String(MAX) }, { dataDir: 'filing-limit' });
  await insertGeoFixtures(t.database.db);
  alice = await createUser(t, ['ROLE_DEMANDEUR']);
  bob = await createUser(t, ['ROLE_DEMANDEUR']);
});
afterAll(() => t?.close());

function file(user: TestUser) {
  const body = multipart(filingParts(filingPayload(2), MANDATORY[2]));
  return t.app.inject({
    method: 'POST',
    url: '/api/request',
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
}

const filedBy = async (user: TestUser) =>
  Number(
    (
      await t.database.db
        .selectFrom('request')
        .select(sql<number>`count(*)`.as('n'))
        .where('ownerUserId', '=', user.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

test('an account files at most FILING_MAX_PER_HOUR requests an hour; other accounts are not held back', async () => {
  for (let i = 0; i < MAX; i++) {
    const filed = await file(alice);
    expect(filed.statusCode, filed.body).toBe(201);
  }
  const refused = await file(alice);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({
    success: false,
    code: 'TOO_MANY_ATTEMPTS',
    message: 'Vous avez déposé trop de demandes en une heure. Veuillez réessayer plus tard.',
  });
  const wait = Number(refused.headers['retry-after']);
  expect(wait).toBeGreaterThan(3500);
  expect(wait).toBeLessThanOrEqual(3600);
  expect(await filedBy(alice)).toBe(MAX);

  const other = await file(bob);
  expect(other.statusCode, other.body).toBe(201);
});
