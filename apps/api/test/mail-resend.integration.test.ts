import { beforeAll, describe, expect, test } from 'vitest';
import { enqueueMail } from '../src/mail/outbox.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';

// A mail that could not be delivered for 48 hours is shown as failed
// ('échec') in the request's mail log, and an administrator sends it again ('Renvoyer').

interface MailItem {
  id: number;
  status: string;
  statusText: string;
  isError: boolean;
  to: string;
  abilities: { resend: boolean };
}

const ADDRESS = 'injoignable@exemple.fr';
let now = new Date();
const t = testAppForFile({ MAIL_RETRY_HOURS: '48' }, { mailClock: () => now });
const { admin, instructor, applicant } = accountsForFile(t, {
  admin: ['ROLE_ADMIN'],
  instructor: ['ROLE_INSTRUCTEUR'],
  applicant: ['ROLE_DEMANDEUR'],
});
let request: { id: number; publicId: string };

beforeAll(async () => {
  request = await createRequest(t.database.db, { owner: applicant });
});

const history = async (user: TestUser) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/mails/${request.publicId}`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MailItem[] }>().data;
};
const resend = (user: TestUser, id: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/mails/${String(id)}/resend`, headers: user.headers });
const outboxRow = (id: number) =>
  t.database.db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a mail failing for more than 48 hours', () => {
  test("becomes 'échec', an admin resends it and it is delivered; others may not", async () => {
    // The server answers 451 (try later) for this address, for more than two days.
    t.smtp.defer.add(ADDRESS);
    const outboxId = await t.database.db.transaction().execute((trx) =>
      enqueueMail(trx, {
        to: ADDRESS,
        subject: 'Arrêté signé',
        text: 'Corps',
        context: "Envoi de l'arrêté signé",
        requestId: request.id,
      }),
    );
    const start = Date.now();
    for (let row = await outboxRow(outboxId!); row.status === 'pending'; row = await outboxRow(outboxId!)) {
      // Just before the window ends the mail is still retried.
      if (row.attempts > 0 && row.nextAttemptAt.getTime() - start < 47 * 3600 * 1000)
        expect((await history(admin))[0]?.status).toBe('deferred');
      // +1 ms: the database keeps microseconds, a JavaScript date only milliseconds.
      now = new Date(Math.max(row.nextAttemptAt.getTime() + 1, now.getTime()));
      await t.mail.flush();
    }
    expect(now.getTime() - start).toBeGreaterThanOrEqual(48 * 3600 * 1000);

    const [failed] = await history(admin);
    expect(failed).toMatchObject({
      status: 'failed',
      isError: true,
      to: ADDRESS,
      abilities: { resend: true },
    });
    expect(failed!.statusText.toLowerCase()).toContain('échec');
    // Only administrators are offered 'Renvoyer', and only they may use it.
    expect((await history(instructor))[0]?.abilities.resend).toBe(false);
    expect((await history(applicant))[0]?.abilities.resend).toBe(false);
    expect((await resend(instructor, failed!.id)).statusCode).toBe(403);
    expect((await resend(applicant, failed!.id)).statusCode).toBe(403);
    expect((await outboxRow(outboxId!)).status).toBe('failed');

    // The server accepts it again; the admin resends: same content, attempts reset, history kept.
    t.smtp.defer.delete(ADDRESS);
    const res = await resend(admin, failed!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Le mail a été remis en file d'envoi.",
      data: { id: failed!.id, status: 'queued', abilities: { resend: false } },
    });
    const delivered = await t.smtp.waitFor(ADDRESS);
    expect(delivered.subject).toBe('Arrêté signé');
    await t.mail.flush();
    expect(await outboxRow(outboxId!)).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await history(admin))[0]).toMatchObject({ status: 'sent', abilities: { resend: false } });
    const log = await t.database.db
      .selectFrom('historyLog')
      .select(['context', 'userId'])
      .where('entity', '=', 'request')
      .where('entityId', '=', request.id)
      .execute();
    expect(log).toEqual([{ context: "Renvoi d'un mail", userId: admin.id }]);

    // Only a failed mail is resent: once sent, 409 in French; an unknown mail 404; a bad id 400.
    const again = await resend(admin, failed!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      message: 'Seul un mail en échec peut être renvoyé.',
    });
    expect(t.smtp.mailsTo(ADDRESS)).toHaveLength(1);
    expect((await resend(admin, 99_999_999)).statusCode).toBe(404);
    expect((await resend(admin, 'abc')).statusCode).toBe(400);
  });
});
