import { sql } from 'kysely';
import { beforeAll, expect, test } from 'vitest';
import { filtersOf } from '../src/requests/list-filters.ts';
import { parseIds } from '../src/requests/list-query.ts';
import { EXPORT_BATCH, exportRows } from '../src/requests/list-service.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { createRequest } from './requests-factory.ts';

// The export reads its rows by batches of EXPORT_BATCH: across the batch boundaries every row
// comes once, in list order — the deadline sort's two parts too —, and dates keep their Paris
// day. Half-way through, it holds no connection other requests need (PGlite has but one).

const t = testAppForFile();
const { admin, other } = accountsForFile(t, {
  admin: { roles: ['ROLE_ADMIN'], firstName: 'Claire', lastName: 'Dubois' },
  other: { roles: ['ROLE_DEMANDEUR'], firstName: 'Bob', lastName: 'Secret' },
});
const TOTAL = 2 * EXPORT_BATCH + 7;
/** Each request's id and legal deadline (null: no running clock), in creation order. */
const created: { id: number; deadline: string | null }[] = [];

beforeAll(async () => {
  const db = t.database.db;
  for (let i = 0; i < TOTAL; i++) {
    // Deposits one day apart at 23:30 UTC: the next day in Paris (winter, UTC+1).
    const day = new Date(Date.UTC(2025, 0, 1 + i, 23, 30));
    const { id } = await createRequest(db, {
      owner: i % 2 === 0 ? admin : other,
      state: 3,
      numaffaire: `LOT-${String(i).padStart(4, '0')}`,
      depositDate: day.toISOString(),
    });
    created.push({ id, deadline: null });
  }
  // Two requests in three with a running clock (more than a batch), deadlines shuffled with ties.
  for (const [i, request] of created.entries()) {
    if (i % 3 === 0) continue;
    request.deadline = new Date(Date.UTC(2026, 0, 1 + ((i * 37) % 50))).toISOString().slice(0, 10);
    await db
      .updateTable('request')
      .set({ legalRule: 'permission', clockStartedOn: '2025-11-01', clockDeadlineOn: request.deadline })
      .where('id', '=', request.id)
      .execute();
  }
}, 120_000);

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

test('by deadline, both ways: the running clocks by deadline then id, then the others by id', async () => {
  const timed = created.filter((request) => request.deadline !== null);
  const untimed = created.filter((request) => request.deadline === null);
  expect(timed.length).toBeGreaterThan(EXPORT_BATCH);
  const byDeadline = (a: (typeof created)[number], b: (typeof created)[number]) =>
    a.deadline! < b.deadline! ? -1 : a.deadline! > b.deadline! ? 1 : a.id - b.id;
  const ascending = [...timed.sort(byDeadline), ...untimed.sort((a, b) => a.id - b.id)].map((request) =>
    String(request.id),
  );
  const descending = [...timed.reverse(), ...untimed.reverse()].map((request) => String(request.id));
  const ids = (lines: string[]) => lines.map((line) => line.split(';')[0]);
  expect(ids(await exportLines('searchSort=deadline&searchDir=asc'))).toEqual(ascending);
  expect(ids(await exportLines('searchSort=deadline&searchDir=desc'))).toEqual(descending);
});

test('half-way, the export holds nothing others need; left there, it gives its connection back', async () => {
  const viewer = { id: admin.id, email: admin.email, roles: ['ROLE_USER', 'ROLE_ADMIN'] };
  const batches = exportRows(
    t.database.db,
    viewer,
    filtersOf({}),
    { searchSort: 'id', searchDir: 'asc' },
    t.database.kind,
  );
  const first = await batches.next();
  expect(first.done).toBe(false);
  expect(first.value).toHaveLength(EXPORT_BATCH);
  // Another request while the export waits for its consumer (PGlite: one connection for all).
  const list = t.app.inject({ method: 'GET', url: '/api/request', headers: admin.headers });
  const served = await Promise.race([
    list.then((res) => res.statusCode),
    new Promise((resolve) => setTimeout(() => resolve('blocked'), 10_000)),
  ]);
  expect(served).toBe(200);
  await batches.return(undefined);
  if (t.database.kind === 'postgres') {
    const { rows } = await sql<{ open: number }>`SELECT count(*)::int AS open FROM pg_stat_activity
      WHERE datname = current_database() AND state LIKE 'idle in transaction%'`.execute(t.database.db);
    expect(rows[0]!.open).toBe(0);
  }
  // And the next export runs whole.
  expect(await exportLines('searchSort=id&searchDir=asc')).toHaveLength(TOTAL);
});

test('five exports waiting for their clients hold at most three connections; each gives every row', async () => {
  const viewer = { id: admin.id, email: admin.email, roles: ['ROLE_USER', 'ROLE_ADMIN'] };
  const exports = Array.from({ length: 5 }, () =>
    exportRows(t.database.db, viewer, filtersOf({}), { searchSort: 'id', searchDir: 'asc' }, t.database.kind),
  );
  const firsts = [];
  for (const batches of exports) firsts.push(await batches.next());
  if (t.database.kind === 'postgres') {
    const { rows } = await sql<{ open: number }>`SELECT count(*)::int AS open FROM pg_stat_activity
      WHERE datname = current_database() AND state LIKE 'idle in transaction%'`.execute(t.database.db);
    expect(rows[0]!.open).toBe(3);
  }
  for (const [i, batches] of exports.entries()) {
    const ids = (firsts[i]!.value as { id: number }[]).map((row) => row.id);
    for await (const batch of batches) ids.push(...batch.map((row) => row.id));
    expect(ids).toEqual(created.map((request) => request.id));
  }
});

test('parseIds reads the ids text of idsQuery', () => {
  expect(Array.from(parseIds(null))).toEqual([]);
  expect(Array.from(parseIds(''))).toEqual([]);
  expect(Array.from(parseIds('7'))).toEqual([7]);
  expect(Array.from(parseIds('12,3,999999999,40'))).toEqual([12, 3, 999999999, 40]);
});
