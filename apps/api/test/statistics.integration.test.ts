import { beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_LEGAL_RULES, deadlineStanding, startClock, type Statistics } from '@voirie/domain';
import { clockColumnsOf } from '../src/legal-clock/clock-writes.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { computeStatistics } from '../src/statistics/statistics-service.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';

// GET statistics (docs/statistics.md): the figures computed in SQL on a small
// set whose answers are worked out by hand below, the filters, the legal deadlines (the stored
// clocks) against the domain's rule, and who may read them.

const t = testAppForFile();
const { admin, instructor, applicant, guichet } = accountsForFile(t, {
  admin: ['ROLE_ADMIN'],
  instructor: ['ROLE_INSTRUCTEUR'],
  applicant: ['ROLE_DEMANDEUR'],
  guichet: ['ROLE_GUICHET'],
});
const TODAY = '2025-06-20';
const DAY = 86_400_000;
const db = () => t.database.db;

interface Seed {
  name: string;
  kind: 1 | 2 | 3;
  city: string;
  filed: string;
  state: number;
  sendToSign?: boolean;
  /** Days from filing to the signed decision, and whether it was favourable. */
  decided?: { days: number; favourable: boolean };
  /** Days from the signed decision to the accepted reception. */
  receivedDays?: number;
  /** When the missing pieces were received (the 'complete' transition). */
  completed?: string;
}

// Filing days are Paris days: C, filed at 22:30 UTC on 31 March, is an April request.
const SEEDS: Seed[] = [
  {
    name: 'A',
    kind: 1,
    city: 'Capbreton',
    filed: '2025-01-10T09:00:00Z',
    state: 2,
    decided: { days: 10, favourable: true },
    receivedDays: 40,
  },
  {
    name: 'B',
    kind: 1,
    city: 'Capbreton',
    filed: '2025-02-05T09:00:00Z',
    state: 4,
    decided: { days: 20, favourable: true },
  },
  {
    name: 'C',
    kind: 3,
    city: 'Tosse',
    filed: '2025-03-31T22:30:00Z',
    state: 5,
    decided: { days: 30, favourable: false },
  },
  {
    name: 'D',
    kind: 2,
    city: 'SEIGNOSSE',
    filed: '2025-04-15T09:00:00Z',
    state: 5,
    decided: { days: 40, favourable: true },
  },
  { name: 'E', kind: 1, city: 'Capbreton', filed: '2025-05-01T09:00:00Z', state: 3 },
  { name: 'F', kind: 1, city: 'Capbreton', filed: '2024-12-20T09:00:00Z', state: 3 },
  { name: 'G', kind: 1, city: 'Bayonne', filed: '2025-06-01T09:00:00Z', state: 1 },
  {
    name: 'H',
    kind: 1,
    city: 'capbreton',
    filed: '2025-03-01T09:00:00Z',
    state: 9,
    completed: '2025-04-25T10:00:00Z',
  },
  { name: 'I', kind: 1, city: 'Tosse', filed: '2025-04-10T09:00:00Z', state: 3, sendToSign: true },
  { name: 'J', kind: 1, city: 'Capbreton', filed: '2025-01-01T09:00:00Z', state: 8 },
  { name: 'K', kind: 3, city: 'Tosse', filed: '2025-04-20T09:00:00Z', state: 999 },
];
const publicIds = new Map<string, string>();

async function history(requestId: number, at: Date, data: Record<string, unknown>) {
  await db()
    .insertInto('historyLog')
    .values({
      entity: 'request',
      entityId: requestId,
      context: 'test',
      data: JSON.stringify(data),
      loggedAt: at,
    })
    .execute();
}

async function seed(spec: Seed) {
  const request = await createRequest(db(), {
    kind: spec.kind,
    city: spec.city,
    state: spec.state,
    sendToSign: spec.sendToSign ?? false,
    depositDate: spec.filed,
  });
  publicIds.set(spec.name, request.publicId);
  // The clock as the filing (or the receipt of the pieces) started it, for the requests whose
  // delay runs; J, suspended in completeness (8), has none running.
  if ([3, 9, 999].includes(spec.state)) {
    const startedOn = parisToday(new Date(spec.completed ?? spec.filed));
    const { clock } = startClock(DEFAULT_LEGAL_RULES.permission, startedOn);
    await db().updateTable('request').set(clockColumnsOf(clock)).where('id', '=', request.id).execute();
  }
  const filed = new Date(spec.filed).getTime();
  await history(request.id, new Date(filed), { action: 'file', to: 3 });
  if (spec.completed)
    await history(request.id, new Date(spec.completed), { action: 'complete', from: 8, to: 9 });
  if (!spec.decided) return;
  if (spec.kind === 2) {
    const { id } = await db()
      .insertInto('individualAlignmentRequest')
      .values({ isFavorable: spec.decided.favourable })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('request').set({ alignmentId: id }).where('id', '=', request.id).execute();
  } else {
    const { id } = await db()
      .insertInto('cerfa14023')
      .values({ isAccessDevelopment: spec.kind === 3, isFavorable: spec.decided.favourable })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('request').set({ cerfa14023Id: id }).where('id', '=', request.id).execute();
  }
  const decidedAt = filed + spec.decided.days * DAY;
  // A refused signature before the signed order: only the signed decision counts.
  await history(request.id, new Date(decidedAt - DAY), { action: 'submitForSignature', from: 3, to: 3 });
  await history(request.id, new Date(decidedAt), {
    action: 'signatureReturned',
    from: 3,
    to: spec.state === 5 ? 5 : 4,
  });
  if (spec.receivedDays !== undefined) {
    const receivedAt = decidedAt + spec.receivedDays * DAY;
    // A first refusal (to 12) is not the reception; the acceptance (to 2) is.
    await history(request.id, new Date(receivedAt - 5 * DAY), { action: 'recordReception', from: 4, to: 12 });
    await history(request.id, new Date(receivedAt), { action: 'recordReception', from: 12, to: 2 });
  }
}

const YEAR_2025 = { from: '2025-01-01', to: '2025-12-31' };
const compute = (query: Parameters<typeof computeStatistics>[1]) =>
  computeStatistics(db(), query, { today: TODAY });
const months = (stats: Statistics) =>
  Object.fromEntries(stats.byMonth.filter((row) => row.count > 0).map((row) => [row.month, row.count]));

beforeAll(async () => {
  for (const spec of SEEDS) await seed(spec);
});

describe('figures on a small set', () => {
  test('requests filed in the period per month (Paris), kind, state and town', async () => {
    const stats = await compute(YEAR_2025);
    expect(stats.total).toBe(10);
    expect(stats.byMonth).toHaveLength(12);
    expect(stats.byMonth[0]).toEqual({ month: '2025-01', count: 2 });
    expect(months(stats)).toEqual({
      '2025-01': 2,
      '2025-02': 1,
      '2025-03': 1,
      '2025-04': 4,
      '2025-05': 1,
      '2025-06': 1,
    });
    expect(stats.byKind.map((row) => [row.type, row.count])).toEqual([
      [1, 7],
      [2, 1],
      [3, 2],
    ]);
    expect(stats.byState.map((row) => [row.stateId, row.count])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 1],
      [5, 2],
      [8, 1],
      [9, 1],
      [999, 1],
    ]);
    expect(stats.byTown).toEqual([
      { insee: '40065', name: 'Capbreton', count: 5 },
      { insee: '40296', name: 'Seignosse', count: 1 },
      { insee: '40317', name: 'Tosse', count: 3 },
      { insee: null, name: 'Autre localité', count: 1 },
    ]);
  });

  test('median and 90th percentile from filing to decision and from order to reception; favourable share', async () => {
    const stats = await compute(YEAR_2025);
    // Decisions after 10, 20, 30 and 40 days: median 25, 90th percentile 30 + 0.7 × 10.
    expect(stats.durations.filingToDecision).toEqual({ count: 4, median: 25, p90: 37 });
    expect(stats.durations.orderToReception).toEqual({ count: 1, median: 40, p90: 40 });
    expect(stats.decisions).toEqual({ total: 4, favourable: 3, share: 0.75 });
  });

  test('the filters: a town (whatever the spelling of its locality) and a kind', async () => {
    const capbreton = await compute({ ...YEAR_2025, insee: '40065' });
    expect(capbreton.total).toBe(5);
    expect(capbreton.byTown).toEqual([{ insee: '40065', name: 'Capbreton', count: 5 }]);
    expect(capbreton.durations.filingToDecision).toEqual({ count: 2, median: 15, p90: 19 });
    expect(capbreton.decisions).toEqual({ total: 2, favourable: 2, share: 1 });
    expect(capbreton.deadlines).toMatchObject({ overdue: 1, near: 1, running: 1 });
    expect(capbreton.deadlines.items.map((item) => item.publicId)).toEqual([
      publicIds.get('F'),
      publicIds.get('H'),
    ]);

    const access = await compute({ ...YEAR_2025, type: 3 });
    expect(access.total).toBe(2);
    expect(access.durations.filingToDecision).toEqual({ count: 1, median: 30, p90: 30 });
    expect(access.decisions).toEqual({ total: 1, favourable: 0, share: 0 });
    expect(access.deadlines.items.map((item) => item.publicId)).toEqual([publicIds.get('K')]);

    const spring = await compute({ from: '2025-04-01', to: '2025-04-30' });
    expect(spring.total).toBe(4);
    expect(spring.byMonth).toEqual([{ month: '2025-04', count: 4 }]);
  });

  test('requests near or past their legal deadline: the stored clocks, the domain rule, whatever the period', async () => {
    const stats = await compute({ from: '2025-06-01', to: '2025-06-30' });
    // K's deadline is today: the implicit decision is born today, so it is past ('Dépassée').
    expect(stats.deadlines).toMatchObject({ today: TODAY, overdue: 3, near: 1, running: 1 });
    expect(
      stats.deadlines.items.map((item) => [item.publicId, item.deadline, item.daysLeft, item.status]),
    ).toEqual([
      [publicIds.get('F'), '2025-02-20', -120, 'overdue'],
      [publicIds.get('I'), '2025-06-10', -10, 'overdue'],
      [publicIds.get('K'), '2025-06-20', 0, 'overdue'],
      [publicIds.get('H'), '2025-06-25', 5, 'near'],
    ]);
    // The SQL agrees with the stored deadline and the domain's deadlineStanding, request by request.
    for (const item of stats.deadlines.items) {
      const spec = SEEDS.find((seed) => publicIds.get(seed.name) === item.publicId)!;
      const { clockDeadlineOn } = await db()
        .selectFrom('request')
        .select('clockDeadlineOn')
        .where('publicId', '=', item.publicId)
        .executeTakeFirstOrThrow();
      expect(item.deadline).toBe(clockDeadlineOn);
      expect({ daysLeft: item.daysLeft, status: item.status }).toEqual(
        deadlineStanding(item.deadline, TODAY),
      );
      expect(item.filedOn).toBe(parisToday(new Date(spec.filed)));
    }
    expect(stats.deadlines.items.find((item) => item.publicId === publicIds.get('I'))?.town).toBe('Tosse');
  });

  test('an empty period answers zeros, not errors', async () => {
    const stats = await compute({ from: '2030-01-01', to: '2030-02-28' });
    expect(stats.total).toBe(0);
    expect(stats.byMonth).toEqual([
      { month: '2030-01', count: 0 },
      { month: '2030-02', count: 0 },
    ]);
    expect(stats.durations.filingToDecision).toEqual({ count: 0, median: null, p90: null });
    expect(stats.decisions.share).toBeNull();
  });
});

describe('GET statistics', () => {
  const get = (query: string, user: TestUser | null) =>
    t.app.inject({ method: 'GET', url: `/api/statistics${query}`, headers: user?.headers ?? {} });

  test('instructors and administrators read it; others are refused', async () => {
    for (const user of [instructor, admin]) {
      const res = await get('?from=2025-01-01&to=2025-12-31&insee=40317', user);
      expect(res.statusCode, res.body).toBe(200);
      const stats = res.json<{ data: Statistics }>().data;
      expect(stats.total).toBe(3);
      expect(stats.byKind.map((row) => row.count)).toEqual([1, 0, 2]);
    }
    expect((await get('', null)).statusCode).toBe(401);
    for (const user of [applicant, guichet]) {
      const res = await get('', user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  test('bad filters are refused in French', async () => {
    const res = await get('?from=2025-06-01&to=2025-01-01&type=7&insee=75056', instructor);
    expect(res.statusCode).toBe(400);
    const messages = res.json<{ errors: { message: string }[] }>().errors.map((error) => error.message);
    expect(messages).toEqual([
      'Type de demande inconnu. (type)',
      "Cette commune n'est pas membre de la communauté. (insee)",
    ]);
    const order = await get('?from=2025-06-01&to=2025-01-01', instructor);
    expect(order.statusCode).toBe(400);
    expect(order.body).toContain('La date de début doit précéder la date de fin.');
  });
});
