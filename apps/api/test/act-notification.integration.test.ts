import { describe, expect, test } from 'vitest';
import {
  appealDeadline,
  shiftDays,
  type ActNotification,
  type ActRegisterPage,
  type NotifiedAct,
} from '@voirie/domain';
import { runDailyClock } from '../src/jobs/daily-clock.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { withoutLibreOfficeInFile, postSignedOrders } from './orders-helpers.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';

// The notification of individual decisions and its proof (docs/acts.md « Notification »): the
// decision mail, accepted by the local SMTP server, links to the act's personal page; the first
// opening by its addressee — not by staff — is the proven date, from which the appeal delay runs
// and which the register shows. A bounced mail tells the instructor, who records the registered
// letter within the rules.

withoutLibreOfficeInFile();
const t = testAppForFile({}, { dataDir: 'act-notification' });
const { applicant, bounced, instructor } = accountsForFile(t, {
  applicant: ['ROLE_DEMANDEUR'],
  bounced: { roles: ['ROLE_DEMANDEUR'], email: 'boite.pleine@exemple.fr' },
  instructor: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Paul', lastName: 'Darrigade' },
});
const db = () => t.database.db;
const today = parisToday();

/** A favourable permission of `owner` in signature, then signed: its act's number. */
async function signedPermission(owner: TestUser): Promise<{ id: number; number: string }> {
  const created = await createRequest(db(), {
    owner,
    kind: 1,
    state: 3,
    sendToSign: true,
    instructeurId: instructor.id,
    city: 'Capbreton',
  });
  const { id } = await db()
    .insertInto('cerfa14023')
    .values({ isAccessDevelopment: false, isFavorable: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('request').set({ cerfa14023Id: id }).where('id', '=', created.id).execute();
  expect((await postSignedOrders(t, created.id, instructor, ['file'])).statusCode).toBe(200);
  const act = await db()
    .selectFrom('actRegister')
    .select('number')
    .where('requestId', '=', created.id)
    .executeTakeFirstOrThrow();
  return { id: created.id, number: act.number };
}

const call = async <T>(method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json<{ data: T; message: string }>() };
};

const notificationsOf = async (id: number, user: TestUser = instructor) =>
  (await call<ActNotification[]>('GET', `/api/request/${String(id)}/notifications`, user)).body.data;

/** Waits until the sender recorded the mail's outcome (the outbox is flushed after commit). */
async function settledNotification(id: number): Promise<ActNotification> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await t.mail.flush();
    const [act] = await notificationsOf(id);
    if (act && act.mailStatus !== 'queued') return act;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the notification mail was never sent');
}

describe('notification through the portal', () => {
  test('the mail links to the act; staff opening proves nothing; the addressee’s first opening is the proven date', async () => {
    const { id, number } = await signedPermission(applicant);
    const mail = await t.smtp.waitForSubject(applicant.email, 'Arrêté signé');
    expect(mail.text).toContain(`/notification/${number}`);
    expect(mail.text).toContain('tribunal administratif de Pau');
    expect(mail.text).toContain('Télérecours citoyens');

    // SMTP accepted it: the notification keeps the delivery, not yet a proof.
    const sent = await settledNotification(id);
    expect(sent).toMatchObject({
      number,
      status: 'pending',
      mailStatus: 'sent',
      notifiedAt: null,
      alert: false,
    });
    expect(sent.appealUntil).toBeNull();

    const staff = await call<NotifiedAct>('POST', `/api/acts/${number}/opening`, instructor);
    expect(staff.status).toBe(200);
    expect(staff.body.data).toMatchObject({ acknowledgedNow: false, notifiedAt: null, appealUntil: null });
    // Who signed: the account recording the signature, no signatory having been chosen.
    expect(staff.body.data).toMatchObject({ signatoryName: 'Paul Darrigade', signatoryTitle: null });

    const opened = await call<NotifiedAct>('POST', `/api/acts/${number}/opening`, applicant);
    expect(opened.body.data).toMatchObject({
      acknowledgedNow: true,
      mode: 'portal',
      appealUntil: appealDeadline(today),
    });
    const notifiedAt = opened.body.data.notifiedAt!;
    const again = await call<NotifiedAct>('POST', `/api/acts/${number}/opening`, applicant);
    expect(again.body.data).toMatchObject({ acknowledgedNow: false, notifiedAt });

    const [proven] = await notificationsOf(id);
    expect(proven).toMatchObject({ status: 'notified', mode: 'portal', notifiedAt, alert: false });
    expect(proven!.openedBy).not.toBeNull();
    expect(proven!.abilities.recordPostal).toBe(false);
    // The applicant sees its appeal delay, not who opened it.
    expect((await notificationsOf(id, applicant))[0]).toMatchObject({
      openedBy: null,
      appealUntil: appealDeadline(today),
    });

    const register = await call<ActRegisterPage>('GET', '/api/acts', instructor);
    expect(register.body.data.data.find((act) => act.number === number)).toMatchObject({
      notifiedAt,
      notificationMode: 'portal',
    });
    // Someone who does not see the request learns nothing from the number.
    expect((await call('POST', `/api/acts/${number}/opening`, bounced)).status).toBe(404);
  });
});

describe('notification by registered letter', () => {
  test('a bounced mail: the instructor is told once, then records the letter; the delay runs from its receipt', async () => {
    t.smtp.refuse.add(bounced.email);
    const { id, number } = await signedPermission(bounced);
    const failed = await settledNotification(id);
    expect(failed).toMatchObject({ status: 'bounced', alert: true, abilities: { recordPostal: true } });

    const deps = { db: db(), publicUrl: 'http://portail.test' };
    expect((await runDailyClock(deps, today)).notificationReminders).toBe(1);
    expect((await runDailyClock(deps, today)).notificationReminders).toBe(0);
    await t.mail.flush();
    const told = await t.smtp.waitForSubject(instructor.email, `notification de l'acte n° ${number}`);
    expect(told.text).toContain('lettre recommandée');

    // Signed twenty days ago: the receipt three days ago is the proven date, not the signature.
    const signedOn = shiftDays(today, -20);
    await db()
      .updateTable('actRegister')
      .set({ signedAt: `${signedOn}T10:00:00+01:00` })
      .where('number', '=', number)
      .execute();
    const postal = (user: TestUser, body: object) =>
      call<ActNotification[]>(
        'POST',
        `/api/request/${String(id)}/notifications/${number}/postal`,
        user,
        body,
      );
    expect((await postal(bounced, { letterNumber: '1A 123 456 7890 1', receivedOn: today })).status).toBe(
      403,
    );
    const future = await postal(instructor, {
      letterNumber: '1A 123 456 7890 1',
      receivedOn: shiftDays(today, 1),
    });
    expect(future.status).toBe(400);
    expect(future.body.message).toContain('ne peut pas être dans le futur');
    const early = await postal(instructor, {
      letterNumber: '1A 123 456 7890 1',
      receivedOn: shiftDays(signedOn, -1),
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('ne peut pas précéder la signature');
    expect((await postal(instructor, { letterNumber: '<script>', receivedOn: today })).status).toBe(400);

    const receivedOn = shiftDays(today, -3);
    const recorded = await postal(instructor, { letterNumber: '1A 123 456 7890 1', receivedOn });
    expect(recorded.status).toBe(200);
    expect(recorded.body.data[0]).toMatchObject({
      status: 'notified',
      mode: 'postal',
      letterNumber: '1A 123 456 7890 1',
      appealUntil: appealDeadline(receivedOn),
      abilities: { recordPostal: false },
    });
    expect((await postal(instructor, { letterNumber: '1A 999', receivedOn })).status).toBe(409);
    // Opening it afterwards changes nothing: the letter proved it first.
    const opened = await call<NotifiedAct>('POST', `/api/acts/${number}/opening`, bounced);
    expect(opened.body.data).toMatchObject({ acknowledgedNow: false, mode: 'postal' });

    const history = await db()
      .selectFrom('historyLog')
      .select('context')
      .where('entityId', '=', id)
      .where('context', 'like', '%lettre recommandée n° 1A 123 456 7890 1%')
      .execute();
    expect(history).toHaveLength(1);
  });
});
