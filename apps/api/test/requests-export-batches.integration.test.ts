import { afterAll, beforeAll, expect, test } from 'vitest';
import { EXPORT_BATCH } from '../src/requests/list-service.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';

// The export reads its rows by batches of EXPORT_BATCH: across the batch boundaries every row
// comes once, in list order, and dates keep their Paris day.

let t: TestApp;
let admin: TestUser;
let other: TestUser;
const TOTAL = 2 * EXPORT_BATCH + 7;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, ['ROLE_ADMIN'], { firstName: 'Claire', lastName: 'Dubois' });
  other = await createUser(t, ['ROLE_DEMANDEUR'], { firstName: 'Bob', lastName: 'Secret' });
  const db = t.database.db;
  for (let i = 0; i < TOTAL; i++) {
    // Deposits one day apart at 23:30 UTC: the next day in Paris (winter, UTC+1).
    const day = new Date(Date.UTC(2025, 0, 1 + i, 23, 30));
    await createRequest(db, {
      owner: i % 2 === 0 ? admin : other,
      state: 3,
      numaffaire: `LOT-${String(i).padStart(4, '0')}`,
      depositDate: day.toISOString(),
    });
  }
}, 120_000);
afterAll(() => t?.close());

async function exportLines(query: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/export/admin?${query}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1);
}

test(`an export of ${String(TOTAL)} rows (three batches) has each row once, in the list's order`, async () => {
  const lines = await exportLines('searchSort=depositDate&searchDir=asc&numItemsPerPage=50');
  expect(lines).toHaveLength(TOTAL);
  const numbers = lines.map((line) => line.split(';')[5]);
  expect(numbers).toEqual(Array.from({ length: TOTAL }, (_, i) => `LOT-${String(i).padStart(4, '0')}`));
  // 2025-01-01 23:30 UTC is 2 January in Paris.
  expect(lines[0]!.split(';')[7]).toBe('02/01/2025');
  expect(lines[EXPORT_BATCH]!.split(';')[7]).toBe(
    new Date(Date.UTC(2025, 0, 2 + EXPORT_BATCH)).toLocaleDateString('fr-FR', { timeZone: 'UTC' }),
  );
});

test('descending: the same rows reversed', async () => {
  const lines = await exportLines('searchSort=depositDate&searchDir=desc');
  const numbers = lines.map((line) => line.split(';')[5]);
  expect(numbers).toEqual(
    Array.from({ length: TOTAL }, (_, i) => `LOT-${String(TOTAL - 1 - i).padStart(4, '0')}`),
  );
});
