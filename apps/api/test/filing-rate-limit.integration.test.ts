import { expect, test } from 'vitest';
import { sql } from 'kysely';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { type TestUser } from './requests-factory.ts';
import { MANDATORY, filingParts, filingPayload, sendParts } from './filing-helpers.ts';

// Filings per account are rate-limited: FILING_MAX_PER_HOUR.

const MAX = 2;
const t = testAppForFile({ FILING_MAX_PER_HOUR: String(MAX) }, { dataDir: 'filing-limit', geo: true });
const { alice, bob } = accountsForFile(t, { alice: ['ROLE_DEMANDEUR'], bob: ['ROLE_DEMANDEUR'] });

function file(user: TestUser) {
  return sendParts(t, {
    method: 'POST',
    url: '/api/request',
    user,
    parts: filingParts(filingPayload(2), MANDATORY[2]),
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
