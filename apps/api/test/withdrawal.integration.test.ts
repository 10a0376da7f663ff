import { describe, expect, test } from 'vitest';
import { addMonths } from '@voirie/domain';
import { parisToday } from '../src/requests/french-date.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';

// `DELETE request/{id}`: the applicant (or an admin for it) withdraws a request not yet
// decided. The request goes to 14 'Retirée' (the Archivé tab), its legal clock stops, the
// instructor and the applicant are mailed and the history says who and when — all or nothing.
// The role and state matrix is in instruction-matrix.integration.test.ts.

const t = testAppForFile({}, { dataDir: 'withdrawal' });
const { alice, instructor, otherInstructor, admin } = accountsForFile(t, {
  alice: { roles: ['ROLE_DEMANDEUR'], email: 'alice.retrait@exemple.fr' },
  instructor: { roles: ['ROLE_INSTRUCTEUR'], email: 'instructeur.retrait@exemple.fr' },
  otherInstructor: { roles: ['ROLE_INSTRUCTEUR'], email: 'autre.retrait@exemple.fr' },
  admin: { roles: ['ROLE_ADMIN'], email: 'admin.retrait@exemple.fr' },
});

const db = () => t.database.db;
const withdraw = (id: number, user: TestUser) =>
  t.app.inject({ method: 'DELETE', url: `/api/request/${String(id)}`, headers: user.headers });

/** A request of alice in `state` whose clock runs (or is suspended, in completeness). */
async function clocked(state: 3 | 4 | 8 | 9, instructeurId: number | null = instructor.id) {
  const created = await createRequest(db(), { owner: alice, state, instructeurId });
  const today = parisToday();
  await db()
    .updateTable('request')
    .set({
      legalRule: 'permission',
      clockStartedOn: today,
      clockDeadlineOn: state === 8 ? null : addMonths(today, 2),
      clockSuspendedOn: state === 8 ? today : null,
    })
    .where('id', '=', created.id)
    .execute();
  return created.id;
}

const stored = (id: number) =>
  db()
    .selectFrom('request')
    .select(['stateId', 'exState', 'clockDeadlineOn', 'clockStoppedOn'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const mailsOf = (id: number) =>
  db()
    .selectFrom('mailOutbox')
    .select(['toAddress', 'subject', 'textBody', 'context'])
    .where('requestId', '=', id)
    .orderBy('id')
    .execute();
const historyOf = (id: number) =>
  db()
    .selectFrom('historyLog')
    .select(['userId', 'context', 'loggedAt'])
    .where('entity', '=', 'request')
    .where('entityId', '=', id)
    .orderBy('id')
    .execute();
const clockEventsOf = (id: number) =>
  db().selectFrom('legalClockEvent').select(['kind', 'onDate']).where('requestId', '=', id).execute();

describe('an applicant withdraws a request not yet decided', () => {
  test('in completeness: Retirée, the clock stopped, the instructor told, the history kept', async () => {
    const id = await clocked(8);
    const before = Date.now();
    const res = await withdraw(id, alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Demande retirée',
      data: { id, stateId: 14, state: { id: 14, name: 'Retirée' } },
    });
    const today = parisToday();
    expect(await stored(id)).toEqual({
      stateId: 14,
      exState: 8,
      clockDeadlineOn: null,
      clockStoppedOn: today,
    });
    expect(await clockEventsOf(id)).toEqual([{ kind: 'stopped', onDate: today }]);

    const [entry] = await historyOf(id);
    expect(entry).toMatchObject({ userId: alice.id, context: 'Retrait de la demande' });
    expect(new Date(entry!.loggedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const mails = await mailsOf(id);
    const toInstructor = mails.find((mail) => mail.toAddress === instructor.email);
    expect(toInstructor).toMatchObject({
      subject: `Demande n° ${String(id)} retirée par le demandeur`,
      context: 'Retrait de la demande',
    });
    expect(toInstructor!.textBody).toContain(
      `Le demandeur a retiré le ${today.split('-').reverse().join('/')}`,
    );
    expect(toInstructor!.textBody).toContain("son délai d'instruction est arrêté");
    expect(mails.find((mail) => mail.toAddress === alice.email)?.subject).toBe(
      `Votre demande n° ${String(id)} a été retirée`,
    );
    // Only the request's own instructor, not every instructor.
    expect(mails.some((mail) => mail.toAddress === otherInstructor.email)).toBe(false);
    // The mail history names each mail's recipient account, not the applicant's for all.
    const history = await t.app.inject({ url: `/api/mails/${String(id)}`, headers: instructor.headers });
    expect(history.statusCode, history.body).toBe(200);
    const recipients = (history.json().data as { to: string; stdUser: { email: string } }[]).map((mail) => [
      mail.to,
      mail.stdUser.email,
    ]);
    expect(recipients).toEqual(
      expect.arrayContaining([
        [instructor.email, instructor.email],
        [alice.email, alice.email],
      ]),
    );

    // The detail offers nothing more to the applicant; the request is in the Archivé tab.
    const detail = await t.app.inject({ url: `/api/request/${String(id)}`, headers: alice.headers });
    expect(detail.json().data.actions).not.toContain('withdraw');
    const archived = await t.app.inject({
      url: `/api/request?tab=6&numItemsPerPage=250`,
      headers: instructor.headers,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.map((row: { id: number }) => row.id)).toContain(id);
  });

  test('an admin withdraws for the applicant; with no instructor set, every instructor is told', async () => {
    const id = await clocked(3, null);
    const detail = await t.app.inject({ url: `/api/request/${String(id)}`, headers: admin.headers });
    expect(detail.json().data.actions).toContain('withdraw');
    const res = await withdraw(id, admin);
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsOf(id);
    const told = mails.filter((mail) => mail.subject.endsWith('retirée par le demandeur'));
    expect(told.map((mail) => mail.toAddress)).toEqual(
      expect.arrayContaining([instructor.email, otherInstructor.email]),
    );
    expect(told[0]!.textBody).toContain('Un administrateur, pour le demandeur, a retiré');
    expect((await historyOf(id))[0]).toMatchObject({ userId: admin.id, context: 'Retrait de la demande' });
  });
});

describe('what cannot be withdrawn changes nothing', () => {
  const WITHDRAW_REFUSED = "Seule une demande qui n'est pas encore décidée peut être retirée.";

  test('a decided request (works under way), one in signature, one already withdrawn: 409 in French', async () => {
    const granted = await clocked(4);
    const inSignature = await clocked(3);
    await db().updateTable('request').set({ sendToSign: true }).where('id', '=', inSignature).execute();
    for (const id of [granted, inSignature]) {
      const before = await stored(id);
      const res = await withdraw(id, alice);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: WITHDRAW_REFUSED });
      expect(await stored(id)).toEqual(before);
      expect(await mailsOf(id)).toEqual([]);
      expect(await historyOf(id)).toEqual([]);
    }
    const completed = await clocked(9);
    expect((await withdraw(completed, alice)).statusCode).toBe(200);
    const again = await withdraw(completed, alice);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WITHDRAW_REFUSED);
  });

  test('an instructor may not (403), another applicant does not see it (404), signed out: 401', async () => {
    const id = await clocked(3);
    const other = await createUser(t, ['ROLE_DEMANDEUR']);
    expect((await withdraw(id, instructor)).statusCode).toBe(403);
    expect((await withdraw(id, other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/request/${String(id)}` })).statusCode).toBe(
      401,
    );
    expect((await stored(id)).stateId).toBe(3);
    expect(await historyOf(id)).toEqual([]);
  });
});
