import { sql } from 'kysely';
import { beforeEach, describe, expect, test } from 'vitest';
import { MAIL_STATUS_TEXTS } from '@voirie/domain';
import { enqueueMail } from '../src/mail/outbox.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { mailStatusTo } from './smtp-peer.ts';
import {
  FILING_PETITIONER,
  MANDATORY,
  filingParts,
  filingPayload,
  type Part,
  sendParts,
} from './filing-helpers.ts';

// A filer cannot make the portal carry its own text to anyone. Free text is
// cut and escaped, subjects stay one line, a typed address gets only a neutral notice, and the
// mails an account causes to others are capped per day.

const CAP = 3;
const t = testAppForFile(
  { MAIL_MAX_PER_ACCOUNT_PER_DAY: String(CAP) },
  { dataDir: 'mail-content', geo: true },
);
const { alice, bob, instructor } = accountsForFile(t, {
  alice: { roles: ['ROLE_DEMANDEUR'], email: 'alice.compte@exemple.fr' },
  bob: { roles: ['ROLE_DEMANDEUR'], email: 'bob.compte@exemple.fr' },
  instructor: { roles: ['ROLE_INSTRUCTEUR'], email: 'instructeur.mails@exemple.fr' },
});

beforeEach(() => {
  t.smtp.mails.length = 0;
});

const db = () => t.database.db;
const file = (user: TestUser, parts: readonly Part[]) => {
  return sendParts(t, { method: 'POST', url: '/api/request', user, parts });
};
const call = (method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const mailsOf = (requestId: number) =>
  db()
    .selectFrom('mailOutbox')
    .select(['toAddress', 'subject', 'textBody', 'htmlBody', 'context'])
    .where('requestId', '=', requestId)
    .orderBy('id')
    .execute();

const HOSTILE_NAME = `des Pins <script>alert("x")</script>\r\nBcc: pirate@ailleurs.test ${'y'.repeat(180)}`;

describe('free text in mails', () => {
  test('an address of 240 characters with <script> and CR/LF is escaped, flattened and cut in every mail of the filing', async () => {
    const payload = filingPayload(1, {
      location: { addressName: HOSTILE_NAME },
      parties: { petitioner: { ...filingPayload(1).parties.petitioner, email: alice.email } },
    });
    const res = await file(alice, filingParts(payload, MANDATORY[1]));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { id: number } }>().data.id;
    const mails = await mailsOf(id);
    const ack = mails.find(
      (mail) => mail.toAddress === alice.email && mail.context === 'Dépôt de la demande',
    )!;
    const notice = mails.find((mail) => mail.toAddress === instructor.email)!;
    for (const mail of [ack, notice]) {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.textBody).toContain('des Pins <script>alert("x")</script> Bcc: pirate@ailleurs.test y');
      expect(mail.textBody).not.toMatch(/\nBcc:/);
      // Cut: the place is at most 200 characters, ended by an ellipsis.
      expect(mail.textBody).not.toContain('y'.repeat(180));
      expect(mail.textBody).toContain('y…');
      expect(mail.htmlBody).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(mail.htmlBody).not.toContain('<script>');
    }
    // As delivered: one recipient, no header of the filer's.
    const delivered = await t.smtp.waitFor(alice.email);
    expect(delivered.headers.has('bcc')).toBe(false);
    expect(delivered.html).not.toContain('<script>');
    expect(t.smtp.mailsTo('pirate@ailleurs.test')).toHaveLength(0);
  });

  test("the instructor's comment is escaped in the applicant's mail; a subject never carries a line break", async () => {
    const { id } = await createRequest(db(), { owner: alice, instructeurId: instructor.id });
    const comment = 'Plan <b onmouseover="x()">illisible</b>\r\n\r\n\r\n\r\nMerci';
    const res = await call('POST', `/api/request/${String(id)}/completeness`, instructor, {
      missingDocuments: [85, 101],
      comment,
      date: '2026-11-22',
      transferBack: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await mailsOf(id)).find((row) => row.context === 'Demande de complétude')!;
    expect(mail.toAddress).toBe(alice.email);
    expect(mail.textBody).toContain('Plan <b onmouseover="x()">illisible</b>\n\nMerci');
    expect(mail.htmlBody).toContain('Plan &lt;b onmouseover=&quot;x()&quot;&gt;illisible&lt;/b&gt;');
    expect(mail.htmlBody).not.toContain('<b ');

    // The outbox itself: a subject with CR/LF becomes one line; an address list is refused.
    await db()
      .transaction()
      .execute(async (trx) => {
        await enqueueMail(trx, {
          to: 'cible@exemple.fr',
          subject: 'Objet\r\nBcc: pirate@ailleurs.test',
          text: 'Corps',
          context: 'Test',
          requestId: id,
        });
        expect(
          await enqueueMail(trx, {
            to: 'cible@exemple.fr, pirate@ailleurs.test',
            subject: 'Objet',
            text: 'Corps',
            context: 'Test',
            requestId: id,
          }),
        ).toBeNull();
      });
    await t.mail.flush();
    const delivered = await t.smtp.waitFor('cible@exemple.fr');
    expect(delivered.subject).toBe('Objet Bcc: pirate@ailleurs.test');
    expect(delivered.headers.has('bcc')).toBe(false);
    expect(t.smtp.mailsTo('pirate@ailleurs.test')).toHaveLength(0);
    const refused = await db()
      .selectFrom('mailLog')
      .select(['status', 'outboxId'])
      .where('requestId', '=', id)
      .where('toAddress', 'like', '%pirate%')
      .execute();
    expect(refused).toEqual([{ status: 'refused', outboxId: null }]);
  });
});

describe('an address typed by the filer gets only a neutral notice', () => {
  const STRANGER = 'voisin.inconnu@ailleurs.test';
  /** Free text of the payload that must never reach the stranger. */
  const PAYLOAD_TEXT = [
    'Rue des Mimosas fleuris',
    'Durandal',
    'Ermengarde',
    'Capbreton-Plage',
    'Directrice générale',
    'Mon commentaire secret',
  ];

  test('POST request: the stranger gets one mail with none of the filing; the filer gets the full acknowledgement', async () => {
    const payload = filingPayload(1, {
      location: { addressName: 'Rue des Mimosas fleuris', project: 'Mon commentaire secret' },
      parties: {
        petitioner: { ...FILING_PETITIONER, lastName: 'Durandal', firstName: 'Ermengarde', email: STRANGER },
      },
    });
    payload.attestation = {
      ...payload.attestation,
      madeIn: 'Capbreton-Plage',
      madeFonction: 'Directrice générale',
    };
    const res = await file(alice, filingParts(payload, MANDATORY[1]));
    expect(res.statusCode, res.body).toBe(201);
    const { id, publicId } = res.json<{ data: { id: number; publicId: string } }>().data;

    const toStranger = (await mailsOf(id)).filter((mail) => mail.toAddress === STRANGER);
    expect(toStranger).toHaveLength(1);
    const [notice] = toStranger;
    for (const text of PAYLOAD_TEXT) {
      for (const part of [notice!.subject, notice!.textBody, notice!.htmlBody ?? ''])
        expect(part.toLowerCase()).not.toContain(text.toLowerCase());
    }
    expect(notice!.textBody).toContain(`n° ${String(id)}`);
    expect(notice!.textBody).toContain(`http://portail.test/`);

    const ack = (await mailsOf(id)).find((mail) => mail.toAddress === alice.email)!;
    expect(ack.subject).toBe(`Accusé de réception de votre demande n° ${String(id)}`);
    expect(ack.textBody).toContain('Rue des Mimosas fleuris');
    expect(ack.textBody).toContain(`http://portail.test/dossiers/${publicId}`);
  });

  test("workflow mails: the typed address gets the neutral notice, without the instructor's comment nor the place", async () => {
    const { id } = await createRequest(db(), {
      owner: alice,
      instructeurId: instructor.id,
      addressName: 'Rue des Mimosas fleuris',
      petitioner: { email: STRANGER, stdUserId: null },
    });
    const res = await call('POST', `/api/request/${String(id)}/completeness`, instructor, {
      missingDocuments: [85, 101],
      comment: 'Mon commentaire secret',
      date: '2026-11-22',
      transferBack: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await mailsOf(id)).filter((mail) => mail.context === 'Demande de complétude');
    const toStranger = mails.filter((mail) => mail.toAddress === STRANGER);
    expect(toStranger).toHaveLength(1);
    expect(toStranger[0]!.subject).toBe(
      `Une demande vous concernant a évolué sur le Portail voirie (n° ${String(id)})`,
    );
    for (const text of ['Mimosas', 'Mon commentaire secret'])
      expect(toStranger[0]!.textBody + (toStranger[0]!.htmlBody ?? '')).not.toContain(text);
    const toFiler = mails.find((mail) => mail.toAddress === alice.email)!;
    expect(toFiler.textBody).toContain('Mon commentaire secret');
    expect(toFiler.textBody).toContain('Mimosas');
  });
});

describe('mails per account are capped', () => {
  test(`beyond ${String(CAP)} mails a day to others, an account's mails are refused and logged; its own and the staff's still go`, async () => {
    const requests = [];
    for (let i = 0; i < CAP + 1; i++) {
      requests.push(
        await createRequest(db(), {
          owner: bob,
          state: 3,
          petitioner: { email: `cible${String(i)}@ailleurs.test`, stdUserId: null },
        }),
      );
    }
    for (const request of requests) {
      const res = await call('POST', `/api/request/${String(request.id)}/cancel`, bob);
      // The cancellation itself always succeeds.
      expect(res.statusCode, res.body).toBe(200);
    }
    const statusTo = (address: string) => mailStatusTo(db(), address);
    for (let i = 0; i < CAP; i++)
      expect(await statusTo(`cible${String(i)}@ailleurs.test`)).not.toBe('refused');
    expect(await statusTo(`cible${String(CAP)}@ailleurs.test`)).toBe('refused');
    expect(
      await db()
        .selectFrom('mailOutbox')
        .select('id')
        .where('toAddress', '=', `cible${String(CAP)}@ailleurs.test`)
        .execute(),
    ).toHaveLength(0);
    // Bob's own account keeps getting its mails, each cancellation told.
    expect(
      await db()
        .selectFrom('mailOutbox')
        .select('id')
        .where('toAddress', '=', bob.email)
        .where('context', '=', 'Annulation de la demande')
        .execute(),
    ).toHaveLength(CAP + 1);

    // The refusal is visible in the request's mail history.
    const last = requests[CAP]!;
    const history = await call('GET', `/api/mails/${String(last.id)}`, instructor);
    expect(history.json<{ data: { to: string; statusText: string; isError: boolean }[] }>().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: `cible${String(CAP)}@ailleurs.test`,
          statusText: MAIL_STATUS_TEXTS.refused,
          isError: true,
        }),
      ]),
    );

    // Another account is not affected; an instructor's mails to applicants are never capped.
    const alicesRequest = await createRequest(db(), {
      owner: alice,
      state: 3,
      petitioner: { email: 'cible.alice@ailleurs.test', stdUserId: null },
    });
    expect((await call('POST', `/api/request/${String(alicesRequest.id)}/cancel`, alice)).statusCode).toBe(
      200,
    );
    expect(await statusTo('cible.alice@ailleurs.test')).toBe('queued');

    // A rolling 24 hours: once the counted mails are older, Bob may cause mails again.
    await db()
      .updateTable('mailOutbox')
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where('causedByUserId', '=', bob.id)
      .execute();
    const again = await createRequest(db(), {
      owner: bob,
      state: 3,
      petitioner: { email: 'cible.demain@ailleurs.test', stdUserId: null },
    });
    expect((await call('POST', `/api/request/${String(again.id)}/cancel`, bob)).statusCode).toBe(200);
    expect(await statusTo('cible.demain@ailleurs.test')).not.toBe('refused');
  });

  test('instructors are not capped', async () => {
    for (let i = 0; i < CAP + 1; i++) {
      const { id } = await createRequest(db(), {
        owner: bob,
        state: 3,
        petitioner: { email: `suivi${String(i)}@ailleurs.test`, stdUserId: null },
      });
      expect((await call('POST', `/api/request/${String(id)}/cancel`, instructor)).statusCode).toBe(200);
    }
    const statuses = await db()
      .selectFrom('mailLog')
      .select('status')
      .where('toAddress', 'like', 'suivi%@ailleurs.test')
      .execute();
    expect(statuses).toHaveLength(CAP + 1);
    expect(statuses.every((row) => row.status !== 'refused')).toBe(true);
  });
});
