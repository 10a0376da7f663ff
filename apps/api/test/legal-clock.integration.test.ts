import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { addMonths, shiftDays } from '@voirie/domain';
import { fromPostgresUrl, type DatabaseHandle } from '../src/db/database.ts';
import { runDailyClock } from '../src/jobs/daily-clock.ts';
import { STATE_COUNTS_QUEUE, startScheduler, type Scheduler } from '../src/jobs/scheduler.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { MANDATORY, filingParts, filingPayload, multipart, type Part } from './filing-helpers.ts';

// The legal clock: started at the filing with its acknowledgement of receipt,
// suspended by a completeness request, started again (with a new acknowledgement) by the pieces,
// stopped by the request leaving instruction; the daily run records implicit decisions, mails
// the digests and the reminders once — also with two instances on one database.

const t = testAppForFile({}, { dataDir: 'legal-clock', geo: true });
const { alice, instructor, otherInstructor } = accountsForFile(t, {
  alice: { roles: ['ROLE_DEMANDEUR'], email: 'alice.delais@exemple.fr' },
  instructor: { roles: ['ROLE_INSTRUCTEUR'], email: 'instructeur.delais@exemple.fr' },
  otherInstructor: { roles: ['ROLE_INSTRUCTEUR'], email: 'autre.instructeur@exemple.fr' },
});

const db = () => t.database.db;
const deps = () => ({ db: db(), publicUrl: 'http://portail.test' });
const send = (method: 'PUT' | 'POST', url: string, user: TestUser, parts: readonly Part[]) => {
  const body = multipart(parts);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...user.headers } });
};
const call = (url: string, user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });

const clockOf = (id: number) =>
  db()
    .selectFrom('request')
    .select([
      'legalRule',
      'clockStartedOn',
      'clockDeadlineOn',
      'clockSuspendedOn',
      'clockStoppedOn',
      'implicitDecisionOn',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const eventsOf = async (id: number) =>
  (
    await db()
      .selectFrom('legalClockEvent')
      .select(['kind', 'onDate', 'deadlineOn'])
      .where('requestId', '=', id)
      .orderBy('id')
      .execute()
  ).map((event) => ({ ...event, onDate: String(event.onDate), deadlineOn: event.deadlineOn }));
const mailsTo = (address: string, requestId?: number) =>
  db()
    .selectFrom('mailOutbox')
    .select(['subject', 'textBody', 'context'])
    .where('toAddress', '=', address)
    .$if(requestId !== undefined, (query) => query.where('requestId', '=', requestId!))
    .orderBy('id')
    .execute();

/** A request of alice in `state` whose clock runs out on `deadlineOn`. */
async function clocked(spec: {
  state?: number;
  deadlineOn: string;
  rule?: string;
  instructeurId?: number | null;
}) {
  const created = await createRequest(db(), {
    owner: alice,
    state: spec.state ?? 3,
    instructeurId: spec.instructeurId ?? null,
    ...(spec.rule === 'operatorWorks' ? { kind: 1 as const } : {}),
  });
  await db()
    .updateTable('request')
    .set({
      legalRule: spec.rule ?? 'permission',
      clockStartedOn: addMonths(spec.deadlineOn, -2),
      clockDeadlineOn: spec.deadlineOn,
    })
    .where('id', '=', created.id)
    .execute();
  return created;
}

describe('the clock follows the request', () => {
  test('filing starts it (two months) and the acknowledgement of receipt states delay, day, silence and appeal', async () => {
    const res = await send('POST', '/api/request', alice, filingParts(filingPayload(1), MANDATORY[1]));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ data: { id: number } }>().data;
    const today = parisToday();
    const deadline = addMonths(today, 2);
    expect(await clockOf(id)).toEqual({
      legalRule: 'permission',
      clockStartedOn: today,
      clockDeadlineOn: deadline,
      clockSuspendedOn: null,
      clockStoppedOn: null,
      implicitDecisionOn: null,
    });
    expect(await eventsOf(id)).toEqual([{ kind: 'started', onDate: today, deadlineOn: deadline }]);
    const [ack] = await mailsTo(alice.email, id);
    expect(ack!.subject).toBe(`Accusé de réception de votre demande n° ${String(id)}`);
    const french = (day: string) => day.split('-').reverse().join('/');
    expect(ack!.textBody).toContain(`Date de réception du dossier complet : ${french(today)}.`);
    expect(ack!.textBody).toContain("Délai d'instruction : 2 mois (Permission de voirie).");
    expect(ack!.textBody).toContain(
      `Sans décision expresse au ${french(deadline)}, le silence gardé vaudra décision implicite de rejet de votre demande`,
    );
    expect(ack!.textBody).toContain('tribunal administratif de Pau');
  });

  test('completeness suspends it; the pieces restart the whole delay with a new acknowledgement; cancelling stops it', async () => {
    const res = await send('POST', '/api/request', alice, filingParts(filingPayload(1), MANDATORY[1]));
    const { id, publicId } = res.json<{ data: { id: number; publicId: string } }>().data;
    const today = parisToday();
    const asked = await call(`/api/request/${String(id)}/completeness`, instructor, {
      missingDocuments: [85, 101],
      comment: 'Pièces manquantes',
      date: today,
      transferBack: true,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await clockOf(id)).toMatchObject({ clockDeadlineOn: null, clockSuspendedOn: today });
    const completed = await send(
      'PUT',
      `/api/request/${publicId}`,
      alice,
      filingParts(filingPayload(1), [85, 101]),
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await clockOf(id)).toMatchObject({
      clockStartedOn: today,
      clockDeadlineOn: addMonths(today, 2),
      clockSuspendedOn: null,
    });
    const pieces = (await mailsTo(alice.email, id)).find((mail) => mail.context === 'Accusé de réception');
    expect(pieces?.subject).toBe(`Accusé de réception des pièces de votre demande n° ${String(id)}`);
    expect(pieces?.textBody).toContain('le délai courra de leur réception');
    const cancelled = await call(`/api/request/${String(id)}/cancel`, instructor, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await clockOf(id)).toMatchObject({ clockDeadlineOn: null, clockStoppedOn: today });
    expect((await eventsOf(id)).map((event) => event.kind)).toEqual([
      'started',
      'suspended',
      'restarted',
      'stopped',
    ]);
  });
});

describe('the daily run', () => {
  test('records an implicit refusal once, dated by the deadline, in history, and tells the applicant how to appeal', async () => {
    const { id } = await clocked({ deadlineOn: '2026-01-10' });
    await runDailyClock(deps(), '2026-01-09');
    expect((await clockOf(id)).implicitDecisionOn).toBeNull();
    await runDailyClock(deps(), '2026-01-12');
    await runDailyClock(deps(), '2026-01-13');
    expect((await clockOf(id)).implicitDecisionOn).toBe('2026-01-10');
    expect((await eventsOf(id)).filter((event) => event.kind === 'implicitDecision')).toEqual([
      { kind: 'implicitDecision', onDate: '2026-01-10', deadlineOn: '2026-01-10' },
    ]);
    const history = await db()
      .selectFrom('historyLog')
      .select('context')
      .where('entity', '=', 'request')
      .where('entityId', '=', id)
      .execute();
    expect(history.map((entry) => entry.context)).toEqual(['Décision implicite de rejet le 10/01/2026']);
    const mails = await mailsTo(alice.email, id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Décision implicite de rejet le 10/01/2026 — demande n° ${String(id)}`);
    expect(mails[0]!.textBody).toContain('votre demande est réputée rejetée');
    expect(mails[0]!.textBody).toContain('recours gracieux');
  });

  test("an operator's networks permission: works may start at the requested date, no refusal", async () => {
    const { id } = await clocked({ deadlineOn: '2026-01-20', rule: 'operatorWorks' });
    await runDailyClock(deps(), '2026-01-20');
    const [mail] = await mailsTo(alice.email, id);
    expect(mail!.subject).toBe(
      `Sans décision expresse le 20/01/2026 : travaux possibles à la date demandée — demande n° ${String(id)}`,
    );
    expect(mail!.textBody).toContain('L115-1');
    expect(mail!.textBody).not.toContain('réputée rejetée');
  });

  test("each instructor's digest: theirs and the unassigned, overdue and within seven days, once a day", async () => {
    const day = '2026-03-02';
    const mine = await clocked({ deadlineOn: '2026-03-05', instructeurId: instructor.id });
    const unassigned = await clocked({ deadlineOn: '2026-03-08' });
    const others = await clocked({ deadlineOn: '2026-03-04', instructeurId: otherInstructor.id });
    const far = await clocked({ deadlineOn: '2026-03-09', instructeurId: instructor.id });
    const late = await clocked({ deadlineOn: '2026-03-01', instructeurId: instructor.id });
    await runDailyClock(deps(), day);
    await runDailyClock(deps(), day);
    const digestsOf = async (user: TestUser) =>
      (await mailsTo(user.email)).filter((mail) =>
        mail.subject.startsWith('Échéances légales du 02/03/2026'),
      );
    const digests = await digestsOf(instructor);
    expect(digests).toHaveLength(1);
    const text = digests[0]!.textBody;
    expect(digests[0]!.subject).toMatch(
      /^Échéances légales du 02\/03\/2026 : \d+ dépassée\(s\), 2 à moins de 7 jours$/,
    );
    expect(text).toContain(`n° ${String(mine.id)} `);
    expect(text).toContain(`n° ${String(unassigned.id)} `);
    expect(text).toContain(`n° ${String(late.id)} `);
    expect(text).toContain('(sans instructeur)');
    expect(text).not.toContain(`n° ${String(others.id)} `);
    expect(text).not.toContain(`n° ${String(far.id)} `);
    const theirs = await digestsOf(otherInstructor);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.textBody).toContain(`n° ${String(others.id)} `);
    expect(theirs[0]!.textBody).not.toContain(`n° ${String(mine.id)} `);
  });

  test('works ended without a reception request: the applicant is reminded once, after the delay', async () => {
    const { id } = await createRequest(db(), {
      owner: alice,
      state: 4,
      dateStart: '2026-04-01',
      dateEnd: '2026-04-10',
    });
    // Seven days after 10/04/2026 is Friday 17/04: the reminder goes that day, not before.
    await runDailyClock(deps(), '2026-04-16');
    expect(await mailsTo(alice.email, id)).toHaveLength(0);
    await runDailyClock(deps(), '2026-04-17');
    await runDailyClock(deps(), '2026-04-20');
    const mails = await mailsTo(alice.email, id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Demande n° ${String(id)} : pensez à demander la réception des travaux`,
    ]);
    expect(mails[0]!.textBody).toContain("devaient s'achever le 10/04/2026");
  });

  test("a refused reception not presented again within the formal notice's delay: the instructor is reminded once", async () => {
    const late = await createRequest(db(), { owner: alice, state: 12, instructeurId: instructor.id });
    const redone = await createRequest(db(), { owner: alice, state: 12, instructeurId: instructor.id });
    await db()
      .insertInto('reception')
      .values([
        { requestId: late.id, avis: 'refusé', remedyDueOn: '2026-05-04' },
        { requestId: redone.id, avis: 'refusé', remedyDueOn: '2026-05-04' },
        // A newer reception: the works were presented again.
        { requestId: redone.id, option: 'Photos' },
      ])
      .execute();
    await runDailyClock(deps(), '2026-05-03');
    expect(await mailsTo(instructor.email, late.id)).toHaveLength(0);
    await runDailyClock(deps(), '2026-05-04');
    await runDailyClock(deps(), '2026-05-05');
    const mails = await mailsTo(instructor.email, late.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Demande n° ${String(late.id)} : délai de la mise en demeure expiré`,
    ]);
    expect(await mailsTo(instructor.email, redone.id)).toHaveLength(0);
  });
});

describe('two instances on one database, a simulated clock', () => {
  let second: DatabaseHandle | null = null;
  const schedulers: Scheduler[] = [];
  const logger = { info: () => {}, error: () => {} };
  afterAll(async () => {
    for (const scheduler of schedulers) await scheduler.stop();
    await second?.close();
  });

  test('the daily job queued by both instances runs once: one implicit decision, one digest', async () => {
    // On PostgreSQL the second instance has its own pool; the embedded database is one process's.
    second = t.database.url ? await fromPostgresUrl(t.database.url, { max: 4 }) : null;
    const day = '2027-06-15';
    const { id } = await clocked({ deadlineOn: shiftDays(day, -1), instructeurId: instructor.id });
    const runs: string[] = [];
    for (const database of [t.database, second ?? t.database]) {
      const scheduler = await startScheduler({
        database,
        databaseUrl: t.database.url,
        publicUrl: 'http://portail.test',
        logger,
        onMailQueued: () => {},
        now: () => new Date(`${day}T07:00:00+02:00`),
        pollingIntervalSeconds: 0.5,
      });
      scheduler.onRun((run) => runs.push(run.day));
      schedulers.push(scheduler);
    }
    // Scheduled beside it, in the database: the fold of the kept request counts, every 10 minutes.
    const schedules = await sql<{
      name: string;
      cron: string;
    }>`SELECT name, cron FROM pgboss.schedule`.execute(db());
    expect(schedules.rows).toEqual(
      expect.arrayContaining([{ name: STATE_COUNTS_QUEUE, cron: '*/10 * * * *' }]),
    );
    await Promise.all(schedulers.map((scheduler) => scheduler.queueDailyClock()));
    await expect.poll(() => runs.length, { timeout: 15_000, interval: 100 }).toBe(1);
    // Queued again once it has run (a later start-up's catch-up): the day is not queued twice.
    expect(await Promise.all(schedulers.map((scheduler) => scheduler.queueDailyClock()))).toEqual([
      null,
      null,
    ]);
    // Both workers keep polling: still one run a few polls later.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(runs).toEqual([day]);
    expect((await clockOf(id)).implicitDecisionOn).toBe(shiftDays(day, -1));
    expect(await mailsTo(alice.email, id)).toHaveLength(1);
    const digests = (await mailsTo(instructor.email)).filter((mail) => mail.subject.includes('15/06/2027'));
    expect(digests).toHaveLength(1);
  });

  test('the steps themselves run once when both instances run the same day at the same time', async () => {
    const day = '2027-09-01';
    const { id } = await clocked({ deadlineOn: '2027-08-30', instructeurId: instructor.id });
    const reports = await Promise.all(
      [t.database.db, (second ?? t.database).db].map((database) =>
        runDailyClock({ db: database, publicUrl: 'http://portail.test' }, day),
      ),
    );
    expect(reports.reduce((sum, report) => sum + report.digests, 0)).toBeGreaterThanOrEqual(1);
    expect((await mailsTo(alice.email, id)).length).toBe(1);
    const digests = (await mailsTo(instructor.email)).filter((mail) => mail.subject.includes('01/09/2027'));
    expect(digests).toHaveLength(1);
    const decided = await db()
      .selectFrom('legalClockEvent')
      .select(sql<number>`count(*)`.as('count'))
      .where('requestId', '=', id)
      .where('kind', '=', 'implicitDecision')
      .executeTakeFirstOrThrow();
    expect(Number(decided.count)).toBe(1);
  });
});
