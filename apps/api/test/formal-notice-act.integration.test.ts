import { describe, expect, test } from 'vitest';
import {
  DEFAULT_LEGAL_RULES,
  deadlineFrom,
  FORMAL_NOTICE_TEXTS,
  shiftDays,
  type ActNotification,
  type ActRegisterPage,
  type FormalNoticeAct,
  type NotifiedAct,
  type Reception,
} from '@voirie/domain';
import { runDailyClock } from '../src/jobs/daily-clock.ts';
import { parisToday } from '../src/requests/french-date.ts';
import { multipart, PDF, PNG } from './filing-helpers.ts';
import { withoutLibreOfficeInFile } from './orders-helpers.ts';
import type { TestUser } from './requests-factory.ts';
import { accountsForFile, testAppForFile } from './test-app.ts';
import { createSignedPermission, RECEPTION_REFUSAL } from './works-helpers.ts';

// The formal notice as an act (docs/acts.md « Formal notice »): after a refused reception, the
// signed formal notice is numbered in the register (nature « Mise en demeure ») in the
// transaction that records it, with its notification row and its personal link mailed to the
// applicant; the delay to resume the works waits for its proven notification — the applicant's
// opening on the portal or the registered letter's receipt — and starts from it, never before.

withoutLibreOfficeInFile();
const t = testAppForFile({}, { dataDir: 'formal-notice-act' });
const { applicant, instructor } = accountsForFile(t, {
  applicant: ['ROLE_DEMANDEUR'],
  instructor: { roles: ['ROLE_INSTRUCTEUR'], firstName: 'Paul', lastName: 'Darrigade' },
});
const db = () => t.database.db;
const today = parisToday();
const rule = DEFAULT_LEGAL_RULES.formalNotice;

type Detail = { stateId: number; reception: Reception | null; formalNoticeAct: FormalNoticeAct };

const call = async <T>(method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, text: res.body, body: res.json<{ data: T; message: string }>() };
};
const detailOf = async (id: number, user: TestUser = instructor) =>
  (await call<Detail>('GET', `/api/request/${String(id)}`, user)).body.data;

/** POST letters/formalNotice/signed with these parts. */
async function postSigned(id: number, user: TestUser, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/request/${String(id)}/letters/formalNotice/signed`,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
  return { status: res.statusCode, body: res.json<{ data: Detail; message: string }>() };
}
const signedPdf = [
  { name: 'file', content: PDF, filename: 'mise-en-demeure-signee.pdf', type: 'application/pdf' },
];

/** A signed permission whose reception, asked on photos, is refused with its formal notice: state 12. */
async function refusedReception(): Promise<number> {
  const { id } = await createSignedPermission(db(), { applicant, instructor });
  const base = `/api/request/${String(id)}`;
  const body = multipart([
    { name: 'option', content: 'Photos' },
    { name: 'document-104', content: PNG, filename: 'photo.png', type: 'image/png' },
    { name: 'document-105', content: PNG, filename: 'photo2.png', type: 'image/png' },
  ]);
  const asked = await t.app.inject({
    method: 'POST',
    url: `${base}/reception`,
    payload: body.payload,
    headers: { ...body.headers, ...applicant.headers },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  expect((await call('POST', `${base}/letters/formalNotice`, instructor, RECEPTION_REFUSAL)).status).toBe(
    200,
  );
  const refused = await call<Detail>('POST', `${base}/reception/outcome`, instructor, RECEPTION_REFUSAL);
  expect(refused.status, refused.text).toBe(200);
  expect(refused.body.data.stateId).toBe(12);
  return id;
}

const receptionOf = (id: number) =>
  db()
    .selectFrom('reception')
    .select(['remedyDueOn', 'formalNoticeActId'])
    .where('requestId', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('the signed formal notice, an act of the register', () => {
  test('numbered with its notification row and mail; the delay waits for the applicant’s opening', async () => {
    const id = await refusedReception();
    // The refusal's mail no longer gives a delay: it will run from the notification.
    const refusal = await t.smtp.waitForSubject(
      applicant.email,
      `Réception des travaux refusée — demande n° ${String(id)}`,
    );
    expect(refusal.text).toContain(FORMAL_NOTICE_TEXTS.refusalMailLine);
    expect(refusal.text).not.toContain('délai expirant');
    expect(await receptionOf(id)).toMatchObject({ remedyDueOn: null, formalNoticeActId: null });
    expect((await detailOf(id)).formalNoticeAct).toEqual({ number: null, canRecordSigned: true });
    expect((await detailOf(id, applicant)).formalNoticeAct).toEqual({ number: null, canRecordSigned: false });

    // Refusals change nothing: the applicant, no file, a file that is no PDF.
    expect((await postSigned(id, applicant, signedPdf)).status).toBe(403);
    const none = await postSigned(id, instructor, [{ name: 'note', content: 'x' }]);
    expect(none.status).toBe(400);
    const png = await postSigned(id, instructor, [
      { name: 'file', content: PNG, filename: 'photo.png', type: 'image/png' },
    ]);
    expect(png.status).toBe(400);
    expect(await db().selectFrom('actRegister').select('id').where('requestId', '=', id).execute()).toEqual(
      [],
    );

    const recorded = await postSigned(id, instructor, signedPdf);
    expect(recorded.status).toBe(200);
    expect(recorded.body.message).toBe(FORMAL_NOTICE_TEXTS.recorded);
    const number = recorded.body.data.formalNoticeAct.number!;
    expect(number).toMatch(/^\d{4}_\d{5}$/);
    expect(recorded.body.data.formalNoticeAct.canRecordSigned).toBe(false);
    expect(recorded.body.data.stateId).toBe(12);
    // Waiting for its notification: no delay yet.
    expect(recorded.body.data.reception).toMatchObject({ formalNoticeAct: number, remedyDueOn: null });

    const act = await db()
      .selectFrom('actRegister as a')
      .innerJoin('document as d', 'd.id', 'a.documentId')
      .innerJoin('actNotification as n', 'n.actId', 'a.id')
      .select(['a.id', 'a.nature', 'a.subject', 'd.typeDocumentId', 'n.recipientUserId', 'n.mailOutboxId'])
      .where('a.number', '=', number)
      .executeTakeFirstOrThrow();
    expect(act).toMatchObject({
      nature: 'formalNotice',
      typeDocumentId: 1106,
      recipientUserId: applicant.id,
    });
    expect(act.subject).toContain('Mise en demeure');
    expect(act.mailOutboxId).not.toBeNull();

    // Once only: a second recording is refused and takes no number.
    const again = await postSigned(id, instructor, signedPdf);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(FORMAL_NOTICE_TEXTS.alreadySigned(number));
    expect(
      await db().selectFrom('actRegister').select('number').where('requestId', '=', id).execute(),
    ).toEqual([{ number }]);

    // The register: the nature, the ACTES transmission (an individual order).
    const register = await call<ActRegisterPage>('GET', '/api/acts?nature=formalNotice', instructor);
    expect(register.body.data.data.find((row) => row.number === number)).toMatchObject({
      nature: 'formalNotice',
      natureLabel: 'Mise en demeure',
      notifiedAt: null,
      transmission: { required: true },
    });

    // The mail: the signed PDF, the personal link, the appeal and the delay's start.
    const mail = await t.smtp.waitForSubject(applicant.email, `Mise en demeure — demande n° ${String(id)}`);
    expect(mail.text).toContain(`/notification/${number}`);
    expect(mail.text).toContain('tribunal administratif de Pau');
    expect(mail.text).toContain('30 jours');
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([
      `mise-en-demeure-signee-${String(id)}.pdf`,
    ]);

    // Staff reading it proves nothing: the delay still waits; the daily run reminds no one.
    await call('POST', `/api/acts/${number}/opening`, instructor);
    expect((await receptionOf(id)).remedyDueOn).toBeNull();
    const deps = { db: db(), publicUrl: 'http://portail.test' };
    expect((await runDailyClock(deps, shiftDays(today, 60))).formalNoticeReminders).toBe(0);

    // The applicant opens it: the proven date starts the delay.
    const opened = await call<NotifiedAct>('POST', `/api/acts/${number}/opening`, applicant);
    expect(opened.body.data).toMatchObject({
      acknowledgedNow: true,
      mode: 'portal',
      natureLabel: 'Mise en demeure',
    });
    const remedyDueOn = deadlineFrom(today, rule);
    expect((await receptionOf(id)).remedyDueOn).toBe(remedyDueOn);
    expect((await detailOf(id, applicant)).reception).toMatchObject({ remedyDueOn, formalNoticeAct: number });
    const history = await db()
      .selectFrom('historyLog')
      .select('context')
      .where('entityId', '=', id)
      .where('context', 'like', `Délai de la mise en demeure n° ${number} démarré%`)
      .execute();
    expect(history).toHaveLength(1);
    // The reminder once the delay has run out, not before.
    expect((await runDailyClock(deps, shiftDays(remedyDueOn, -1))).formalNoticeReminders).toBe(0);
    expect((await runDailyClock(deps, remedyDueOn)).formalNoticeReminders).toBe(1);
  });

  test('notified by registered letter: the delay runs from the receipt, not from the signature', async () => {
    const id = await refusedReception();
    const recorded = await postSigned(id, instructor, signedPdf);
    expect(recorded.status).toBe(200);
    const number = recorded.body.data.formalNoticeAct.number!;
    // Signed ten days ago, received three days ago.
    await db()
      .updateTable('actRegister')
      .set({ signedAt: `${shiftDays(today, -10)}T10:00:00+01:00` })
      .where('number', '=', number)
      .execute();
    expect((await receptionOf(id)).remedyDueOn).toBeNull();
    const receivedOn = shiftDays(today, -3);
    const postal = await call<ActNotification[]>(
      'POST',
      `/api/request/${String(id)}/notifications/${number}/postal`,
      instructor,
      { letterNumber: '1A 000 111 2222 3', receivedOn },
    );
    expect(postal.status, postal.text).toBe(200);
    expect(postal.body.data.find((act) => act.number === number)).toMatchObject({ mode: 'postal' });
    expect((await receptionOf(id)).remedyDueOn).toBe(deadlineFrom(receivedOn, rule));
  });

  test('no refused reception, no signed formal notice', async () => {
    const { id } = await createSignedPermission(db(), { applicant, instructor });
    const refused = await postSigned(id, instructor, signedPdf);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(FORMAL_NOTICE_TEXTS.notAfterRefusal);
  });
});
