import { beforeAll, describe, expect, test } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, createUser, type RequestSpec } from './requests-factory.ts';

// The list's deposit date range (searchFilter.depositDateFrom / depositDateTo): Paris days,
// inclusive, in the list, the tab counts and both exports (docs/api-requests.md).

const t = testAppForFile();
const { admin } = accountsForFile(t, {
  admin: { roles: ['ROLE_ADMIN'], firstName: 'Claire', lastName: 'Dubois' },
});
const ids: Record<string, number> = {};

beforeAll(async () => {
  const owner = await createUser(t, ['ROLE_DEMANDEUR'], { firstName: 'Alice', lastName: 'Martin' });
  const db = t.database.db;
  // A networks request of Capbreton to handle unless said otherwise, by its number, deposit and start.
  const filed = (numaffaire: string, depositDate: string, dateStart: string, spec: RequestSpec = {}) =>
    createRequest(db, {
      owner,
      state: 3,
      kind: 1,
      numaffaire,
      depositDate,
      dateStart,
      city: 'Capbreton',
      ...spec,
    });
  // 2026-03-09 23:30 UTC is already 10 March in Paris (UTC+1); 2026-03-14 22:59 UTC is still the 14th.
  ids.before = (await filed('D-0001', '2026-03-09T22:30:00Z', '2026-04-01')).id;
  ids.first = (await filed('D-0002', '2026-03-09T23:30:00Z', '2026-04-02')).id;
  ids.middle = (
    await filed('D-0003', '2026-03-12T10:00:00Z', '2026-05-01', {
      state: 4,
      kind: 3,
      city: 'Soustons',
      insee: '40310',
    })
  ).id;
  ids.last = (await filed('D-0004', '2026-03-14T22:59:00Z', '2026-06-01')).id;
  ids.after = (await filed('D-0005', '2026-03-14T23:00:00Z', '2026-06-02')).id;
});

const filterQuery = (filter: Record<string, unknown>) =>
  'searchFilter=' + encodeURIComponent(JSON.stringify(filter));

async function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: admin.headers });
}
async function listIds(filter: Record<string, unknown>): Promise<number[]> {
  const res = await get(`/api/request?searchSort=id&searchDir=asc&${filterQuery(filter)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((row) => row.id);
}

describe('the deposit date range', () => {
  test('filters the list on Paris days, bounds included, alone or open-ended', async () => {
    const range = { depositDateFrom: '2026-03-10', depositDateTo: '2026-03-14' };
    expect(await listIds(range)).toEqual([ids.first, ids.middle, ids.last]);
    expect(await listIds({ depositDateFrom: '2026-03-12' })).toEqual([ids.middle, ids.last, ids.after]);
    expect(await listIds({ depositDateTo: '2026-03-09' })).toEqual([ids.before]);
    expect(await listIds({ depositDateFrom: '2026-03-12', depositDateTo: '2026-03-12' })).toEqual([
      ids.middle,
    ]);
    // With the works start range and a column filter.
    expect(
      await listIds({
        ...range,
        dateStartFrom: '2026-04-02',
        dateStartTo: '2026-05-31',
        addressCity: 'capbreton',
      }),
    ).toEqual([ids.first]);
    const res = await get(`/api/request?${filterQuery(range)}`);
    expect(res.json().pagination).toMatchObject({ total: 3 });
  });

  test('filters the tab counts', async () => {
    const res = await get(
      `/api/request/count?${filterQuery({ depositDateFrom: '2026-03-10', depositDateTo: '2026-03-14' })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ aTraiter: 2, enInstruction: 0, enTravaux: 1 });
    const all = await get('/api/request/count');
    expect(all.json().data).toMatchObject({ aTraiter: 4, enTravaux: 1 });
  });

  test('filters both exports', async () => {
    for (const url of ['/api/export', '/api/export/admin']) {
      const res = await get(
        `${url}?${filterQuery({ depositDateFrom: '2026-03-10', depositDateTo: '2026-03-14' })}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const lines = res.body.split('\r\n').slice(1, -1);
      expect(lines).toHaveLength(3);
      for (const number of ['D-0002', 'D-0003', 'D-0004'])
        expect(lines.some((line) => line.includes(`;${number};`))).toBe(true);
    }
  });

  test('a bad date is a 400 in French', async () => {
    for (const filter of [
      { depositDateFrom: '2026-02-30' },
      { depositDateTo: '14/03/2026' },
      { depositDateFrom: 20260310 },
    ]) {
      const res = await get(`/api/request?${filterQuery(filter)}`);
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().message).toMatch(/Date invalide|invalide/);
    }
    const count = await get(`/api/request/count?${filterQuery({ depositDateTo: 'hier' })}`);
    expect(count.statusCode).toBe(400);
    expect(count.json().message).toContain('Date invalide');
    expect((await get(`/api/export?${filterQuery({ depositDateFrom: '2026-13-01' })}`)).statusCode).toBe(400);
  });
});
