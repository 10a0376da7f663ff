import { beforeAll, describe, expect, test } from 'vitest';
import {
  clockAfterStateChange,
  daysBetween,
  DEFAULT_LEGAL_RULES,
  LEGAL_RULE_IDS,
  shiftDays,
  startClock,
  type ClockChange,
  type LegalRuleView,
  type RequestDetail,
  type RequestRow,
} from '@voirie/domain';
import { clockColumnsOf } from '../src/legal-clock/clock-writes.ts';
import { loadLegalRules } from '../src/legal-clock/legal-rules-store.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { filtersOf } from '../src/requests/list-filters.ts';
import { listCondition, pageQuery } from '../src/requests/list-query.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';

// The legal clock on the screens (docs/legal-deadlines.md): the list's days left, its
// deadline sort and its quick filters ('Échéance < 7 jours', 'Dépassée') on deadlines crafted
// around today — with the counts and the export following —, the request's clock and its history
// on its page, and the rules' screen: read by instructors, adjusted by administrators, traced.

const t = testAppForFile();
const { admin, instructor, owner, stranger } = accountsForFile(t, {
  admin: ['ROLE_ADMIN'],
  instructor: ['ROLE_INSTRUCTEUR'],
  owner: ['ROLE_DEMANDEUR'],
  stranger: ['ROLE_DEMANDEUR'],
});
const TODAY = parisToday();
const db = () => t.database.db;

/** The requests of the list, by their days left (null: no clock running). */
const DAYS: Record<string, number | null> = {
  late: -5,
  dueToday: 0,
  tomorrow: 1,
  sixDays: 6,
  sevenDays: 7,
  far: 30,
  suspended: null,
};
const ids: Record<string, number> = {};

beforeAll(async () => {
  for (const [name, days] of Object.entries(DAYS)) {
    const created = await createRequest(db(), {
      owner,
      state: days === null ? 8 : 3,
      kind: 1,
      numaffaire: name,
    });
    ids[name] = created.id;
    if (days !== null)
      await db()
        .updateTable('request')
        .set({
          legalRule: 'permission',
          clockStartedOn: shiftDays(TODAY, days - 60),
          clockDeadlineOn: shiftDays(TODAY, days),
        })
        .where('id', '=', created.id)
        .execute();
  }
});

const get = (url: string, user: TestUser | null) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const listUrl = (filter: Record<string, unknown>, sort = 'id', dir = 'asc') =>
  `/api/request?${new URLSearchParams({ searchSort: sort, searchDir: dir, searchFilter: JSON.stringify(filter) }).toString()}`;
const namesOf = (rows: readonly { id: number }[]) =>
  rows.map((row) => Object.keys(ids).find((name) => ids[name] === row.id));

describe('the list: days left, deadline sort, quick filters', () => {
  test('each row carries its deadline, its days left from today (Paris) and its status', async () => {
    const res = await get(listUrl({}), instructor);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: RequestRow[] }>().data;
    const byName = Object.fromEntries(rows.map((row) => [namesOf([row])[0], row]));
    expect(byName.late).toMatchObject({
      deadlineOn: shiftDays(TODAY, -5),
      daysLeft: -5,
      deadlineStatus: 'overdue',
    });
    // The deadline day itself: the implicit decision is born that day.
    expect(byName.dueToday).toMatchObject({ daysLeft: 0, deadlineStatus: 'overdue' });
    expect(byName.tomorrow).toMatchObject({ daysLeft: 1, deadlineStatus: 'near' });
    expect(byName.sixDays).toMatchObject({ daysLeft: 6, deadlineStatus: 'near' });
    expect(byName.sevenDays).toMatchObject({ daysLeft: 7, deadlineStatus: 'running' });
    expect(byName.suspended).toMatchObject({ deadlineOn: null, daysLeft: null, deadlineStatus: null });
  });

  test("'Dépassée' and 'Échéance < 7 jours' keep their requests; the counts and the export follow", async () => {
    const overdue = await get(listUrl({ deadline: 'overdue' }), instructor);
    expect(namesOf(overdue.json<{ data: RequestRow[] }>().data)).toEqual(['late', 'dueToday']);
    const near = await get(listUrl({ deadline: 'near' }), instructor);
    expect(namesOf(near.json<{ data: RequestRow[] }>().data)).toEqual(['tomorrow', 'sixDays']);
    expect(near.json<{ pagination: { total: number } }>().pagination.total).toBe(2);

    const counts = await get(
      `/api/request/count?searchFilter=${encodeURIComponent('{"deadline":"near"}')}`,
      instructor,
    );
    expect(counts.json<{ data: Record<string, number> }>().data).toMatchObject({
      aTraiter: 2,
      enInstruction: 0,
    });

    const exported = await get(
      `/api/export/admin?searchSort=id&searchDir=asc&searchFilter=${encodeURIComponent('{"deadline":"overdue"}')}`,
      instructor,
    );
    const lines = exported.body.split('\r\n').filter(Boolean);
    expect(lines[0]?.endsWith(';Opérateur;Échéance')).toBe(true);
    expect(lines).toHaveLength(3);
    const french = (iso: string) => iso.split('-').reverse().join('/');
    expect(lines[1]?.endsWith(`;${french(shiftDays(TODAY, -5))}`)).toBe(true);
  });

  test('an applicant filters its own requests the same way; an unknown filter is a 400 in French', async () => {
    const mine = await get(listUrl({ deadline: 'near' }), owner);
    expect(namesOf(mine.json<{ data: RequestRow[] }>().data)).toEqual(['tomorrow', 'sixDays']);
    expect((await get(listUrl({ deadline: 'near' }), stranger)).json<{ data: unknown[] }>().data).toEqual([]);
    const bad = await get(listUrl({ deadline: 'bientot' }), instructor);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Filtre d'échéance inconnu");
  });

  test('sorted on the deadline: the running clocks by deadline, the others last, either way', async () => {
    const asc = await get(listUrl({}, 'deadline', 'asc'), instructor);
    expect(namesOf(asc.json<{ data: RequestRow[] }>().data)).toEqual([
      'late',
      'dueToday',
      'tomorrow',
      'sixDays',
      'sevenDays',
      'far',
      'suspended',
    ]);
    const desc = await get(listUrl({}, 'deadline', 'desc'), instructor);
    expect(namesOf(desc.json<{ data: RequestRow[] }>().data)).toEqual([
      'far',
      'sevenDays',
      'sixDays',
      'tomorrow',
      'dueToday',
      'late',
      'suspended',
    ]);
  });

  test('the deadline sort pages the same as one sort: pages of two, across the end of the running clocks', async () => {
    const viewer = { id: instructor.id, email: instructor.email, roles: ['ROLE_INSTRUCTEUR'] };
    const where = listCondition(viewer, filtersOf({}));
    for (const dir of ['asc', 'desc'] as const) {
      const whole = (await pageQuery(where, { sort: 'deadline', dir, limit: 50, offset: 0 }).execute(db()))
        .rows;
      const paged = [];
      for (let offset = 0; offset < whole.length; offset += 2)
        paged.push(
          ...(await pageQuery(where, { sort: 'deadline', dir, limit: 2, offset }).execute(db())).rows,
        );
      expect(paged.map((row) => row.id)).toEqual(whole.map((row) => row.id));
    }
  });
});

describe("the request's page: its clock and the clock's history", () => {
  /** Writes a request's clock and its events as the workflow would have. */
  async function withClock(requestId: number, changes: ClockChange[], implicitDecisionOn?: string) {
    const { clock } = changes.at(-1)!;
    await db()
      .updateTable('request')
      .set({ ...clockColumnsOf(clock), ...(implicitDecisionOn ? { implicitDecisionOn } : {}) })
      .where('id', '=', requestId)
      .execute();
    const events = changes.map(({ event }) => ({ requestId, ...event }));
    if (implicitDecisionOn)
      events.push({
        requestId,
        kind: 'implicitDecision',
        onDate: implicitDecisionOn,
        deadlineOn: implicitDecisionOn,
        ruleId: 'permission',
      });
    await db().insertInto('legalClockEvent').values(events).execute();
  }

  test('the applicant reads its clock: started, suspended, restarted, then run out with an implicit refusal', async () => {
    const rule = DEFAULT_LEGAL_RULES.permission;
    const filed = shiftDays(TODAY, -80);
    const started = startClock(rule, filed);
    const suspended = clockAfterStateChange(started.clock, {
      from: 3,
      to: 8,
      today: shiftDays(filed, 2),
      rule,
    })!;
    const restarted = clockAfterStateChange(suspended.clock, {
      from: 8,
      to: 9,
      today: shiftDays(filed, 9),
      rule,
    })!;
    const created = await createRequest(db(), { owner, state: 9, kind: 1 });
    const deadline = restarted.clock.deadlineOn!;
    await withClock(created.id, [started, suspended, restarted], deadline);

    const res = await get(`/api/request/${created.publicId}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{ data: RequestDetail }>().data;
    const french = (iso: string) => iso.split('-').reverse().join('/');
    expect(detail.clock).toEqual({
      ruleId: 'permission',
      ruleLabel: 'Permission de voirie',
      status: 'overdue',
      statusLabel: 'Dépassée',
      startedOn: shiftDays(filed, 9),
      deadlineOn: deadline,
      daysLeft: daysBetween(TODAY, deadline),
      implicitDecisionOn: deadline,
      implicitDecisionText: `Décision implicite de rejet le ${french(deadline)}`,
    });
    expect(detail.clock!.daysLeft).toBeLessThan(0);
    expect(detail.clockEvents).toEqual([
      {
        kind: 'started',
        label: 'Délai démarré (dossier déposé)',
        onDate: filed,
        deadlineOn: started.clock.deadlineOn,
      },
      {
        kind: 'suspended',
        label: 'Délai suspendu (pièces demandées)',
        onDate: shiftDays(filed, 2),
        deadlineOn: null,
      },
      {
        kind: 'restarted',
        label: 'Délai redémarré (pièces reçues)',
        onDate: shiftDays(filed, 9),
        deadlineOn: deadline,
      },
      { kind: 'implicitDecision', label: 'Délai expiré', onDate: deadline, deadlineOn: deadline },
    ]);
    // The row's fields of the detail say the same.
    expect(detail).toMatchObject({ deadlineOn: deadline, deadlineStatus: 'overdue' });
    // Another applicant does not see the request at all.
    expect((await get(`/api/request/${created.publicId}`, stranger)).statusCode).toBe(404);
  });

  test('a suspended clock says so; a request that never had one has no clock', async () => {
    const rule = DEFAULT_LEGAL_RULES.alignment;
    const started = startClock(rule, shiftDays(TODAY, -10));
    const suspended = clockAfterStateChange(started.clock, {
      from: 3,
      to: 8,
      today: shiftDays(TODAY, -3),
      rule,
    })!;
    const created = await createRequest(db(), { owner, state: 8, kind: 2 });
    await withClock(created.id, [started, suspended]);
    const detail = (await get(`/api/request/${created.publicId}`, instructor)).json<{ data: RequestDetail }>()
      .data;
    expect(detail.clock).toMatchObject({
      ruleLabel: "Arrêté d'alignement individuel",
      status: 'suspended',
      statusLabel: 'Délai suspendu',
      deadlineOn: null,
      daysLeft: null,
      implicitDecisionText: null,
    });
    expect(detail.clockEvents.map((event) => event.kind)).toEqual(['started', 'suspended']);

    const none = (await get(`/api/request/${ids.suspended!}`, instructor)).json<{ data: RequestDetail }>()
      .data;
    expect(none).toMatchObject({ clock: null, clockEvents: [] });
  });
});

describe("the rules' screen: GET legal-rules, PUT legal-rules/{id}", () => {
  const put = (id: string, user: TestUser | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/legal-rules/${id}`,
      headers: user?.headers ?? {},
      payload: payload as object,
    });

  test('instructors and administrators read the rules with their delays; others are refused', async () => {
    for (const user of [instructor, admin]) {
      const res = await get('/api/legal-rules', user);
      expect(res.statusCode, res.body).toBe(200);
      const rules = res.json<{ data: LegalRuleView[] }>().data;
      expect(rules.map((rule) => rule.id)).toEqual([...LEGAL_RULE_IDS]);
      expect(rules[0]).toMatchObject({
        label: 'Permission de voirie',
        silence: 'implicitRefusal',
        months: 2,
        days: 0,
        delayText: '2 mois',
        default: { months: 2, days: 0, extendToWorkingDay: false },
      });
      expect(rules[0]!.references).toContain('L231-4');
    }
    expect((await get('/api/legal-rules', null)).statusCode).toBe(401);
    expect((await get('/api/legal-rules', owner)).statusCode).toBe(403);
  });

  test('an administrator adjusts a delay, traced in the history; it is the rule in force from then on', async () => {
    const before = await db()
      .selectFrom('request')
      .select(['id', 'clockDeadlineOn'])
      .where('id', '=', ids.far!)
      .executeTakeFirstOrThrow();
    expect(
      (await put('permission', instructor, { months: 3, days: 0, extendToWorkingDay: true })).statusCode,
    ).toBe(403);
    const res = await put('permission', admin, { months: 3, days: 10, extendToWorkingDay: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Délai enregistré. Il s’applique aux délais qui démarrent à partir de maintenant.',
      data: {
        id: 'permission',
        months: 3,
        days: 10,
        extendToWorkingDay: true,
        delayText: '3 mois et 10 jours',
      },
    });
    expect((await loadLegalRules(db())).permission).toMatchObject({
      months: 3,
      days: 10,
      extendToWorkingDay: true,
    });
    const listed = (await get('/api/legal-rules', instructor)).json<{ data: LegalRuleView[] }>().data;
    expect(listed[0]).toMatchObject({ months: 3, default: { months: 2 } });
    const history = await db()
      .selectFrom('historyLog')
      .select(['entity', 'userId', 'context', 'data'])
      .where('entity', '=', 'legalRule')
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      userId: admin.id,
      context:
        'Délai légal modifié : Permission de voirie (2 mois → 3 mois et 10 jours, prolongé au jour ouvré suivant)',
    });
    // A running clock keeps the deadline it was given.
    const after = await db()
      .selectFrom('request')
      .select('clockDeadlineOn')
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(after.clockDeadlineOn).toBe(before.clockDeadlineOn);
    // Back to the law's delay.
    expect(
      (await put('permission', admin, { months: 2, days: 0, extendToWorkingDay: false })).statusCode,
    ).toBe(200);
  });

  test('bad delays are refused in French, an unknown rule is a 404, and nothing is written', async () => {
    const count = async () =>
      (await db().selectFrom('historyLog').select('id').where('entity', '=', 'legalRule').execute()).length;
    const written = await count();
    const negative = await put('alignment', admin, { months: -1, days: 400, extendToWorkingDay: false });
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain('Nombre de mois invalide');
    expect(negative.body).toContain('365 jours au plus');
    const zero = await put('alignment', admin, { months: 0, days: 0, extendToWorkingDay: false });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain("Le délai doit être d'au moins un jour.");
    const extra = await put('alignment', admin, {
      months: 1,
      days: 0,
      extendToWorkingDay: false,
      silence: 'x',
    });
    expect(extra.statusCode).toBe(400);
    const unknown = await put('inconnue', admin, { months: 1, days: 0, extendToWorkingDay: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: "Cette règle de délai n'existe pas." });
    expect(await count()).toBe(written);
    expect((await loadLegalRules(db())).alignment.months).toBe(2);
  });
});
