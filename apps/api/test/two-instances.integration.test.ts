import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { fromPostgresUrl, type DatabaseHandle } from '../src/db/database.ts';
import { FileStore } from '../src/files/file-store.ts';
import type { ApiApp } from '../src/http/types.ts';
import { createMailSender } from '../src/mail/create-sender.ts';
import { filingParts, filingPayload, MANDATORY, multipart, pdfNamed } from './filing-helpers.ts';
import { withoutLibreOfficeInFile } from './orders-helpers.ts';
import { createUser } from './requests-factory.ts';
import { testAppForFile } from './test-app.ts';

// Two API instances on one database, as behind a load balancer — on PostgreSQL (npm
// run test:pg) each with its own connection pool, mail sender and caches. The main journey
// alternates between them call after call: signed in on one and used on the other, a request
// filed on one and instructed across both to its signed order, a sign-out ending the session on
// both within a second, a sign-in throttle counting the attempts made on both, and each mail sent
// once though both instances send the outbox. (Each daily job run once by two schedulers:
// legal-clock.integration.test.ts.)

const PASSWORD = 'Demo-2026!';
const WRONG = 'Pas-le-bon-2026!';

// Orders merged, not converted: LibreOffice's time is orders.integration.test.ts's.
withoutLibreOfficeInFile();
const t = testAppForFile({ RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_FIRST_DELAY_SECONDS: '5' }, { geo: true });
let second: ApiApp;
let secondDatabase: DatabaseHandle | null = null;
let secondMail: ReturnType<typeof createMailSender>;

beforeAll(async () => {
  // On PostgreSQL the second instance has its own pool; the embedded database is one process's.
  secondDatabase = t.database.url ? await fromPostgresUrl(t.database.url, { max: 4 }) : null;
  const database = secondDatabase ?? t.database;
  secondMail = createMailSender(database.db, t.config, {
    logger: pino({ level: 'silent' }),
    files: new FileStore(t.config.dataDir),
  });
  second = (
    await buildApp({
      config: t.config,
      database,
      logger: false,
      onMailQueued: () => void secondMail.flush(),
    })
  ).app;
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await secondMail?.stop();
  await secondDatabase?.close();
});

/** The instance of the n-th call: A, B, A, B… */
let calls = 0;
const next = (): ApiApp => (calls++ % 2 === 0 ? t.app : second);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(app: ApiApp, username: string, password = PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
}

async function account(email: string): Promise<void> {
  await t.database.db
    .insertInto('stdUser')
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Marie',
      lastName: 'Durand',
      emailValidatedAt: sql`now()`,
    })
    .execute();
}

describe('two API instances on one database', () => {
  test('the main journey, its calls alternating between the two', { timeout: 120_000 }, async () => {
    const email = 'deux-instances.demandeur@exemple.fr';
    await account(email);
    const login = await signIn(next(), email);
    expect(login.statusCode, login.body).toBe(200);
    const applicant = bearer(login.json<{ data: { token: string } }>().data.token);
    const me = await next().inject({ method: 'GET', url: '/api/userConnected', headers: applicant });
    expect(me.json<{ data: { email: string } }>().data.email).toBe(email);

    // Filed on one, read on the other.
    const body = multipart(filingParts(filingPayload(1), MANDATORY[1]));
    const filed = await next().inject({
      method: 'POST',
      url: '/api/request',
      payload: body.payload,
      headers: { ...body.headers, ...applicant },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { id, publicId } = filed.json<{ data: { id: number; publicId: string } }>().data;
    const read = await next().inject({ method: 'GET', url: `/api/request/${publicId}`, headers: applicant });
    expect(read.statusCode).toBe(200);

    // Instructed across both: decision, order, signature, signed order.
    const instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
    const steps: [string, string, object | undefined][] = [
      [
        'PUT',
        `/api/request/${String(id)}/decision`,
        { isFavorable: true, commentDecision: 'Accord', mailArreteSignes: [] },
      ],
      ['POST', `/api/request/${String(id)}/order`, undefined],
      ['POST', `/api/request/${String(id)}/signature`, undefined],
    ];
    for (const [method, url, payload] of steps) {
      const res = await next().inject({
        method: method as 'PUT' | 'POST',
        url,
        headers: instructor.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url} : ${res.body}`).toBe(200);
    }
    const signedBody = multipart([
      { name: 'file', content: pdfNamed('signé'), filename: 'signe.pdf', type: 'application/pdf' },
    ]);
    const signed = await next().inject({
      method: 'POST',
      url: `/api/request/${String(id)}/signature/signed`,
      payload: signedBody.payload,
      headers: { ...signedBody.headers, ...instructor.headers },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<{ data: { stateId: number } }>().data.stateId).toBe(4);

    // Both instances send the outbox, again and at once: each queued mail arrives once.
    await t.smtp.waitForSubject(email, `Accusé de réception de votre demande n° ${String(id)}`);
    await Promise.all([t.mail.flush(), secondMail.flush(), t.mail.flush(), secondMail.flush()]);
    const queued = await t.database.db
      .selectFrom('mailOutbox')
      .select(['toAddress', 'subject', 'status'])
      .where('requestId', '=', id)
      .execute();
    expect(queued.length).toBeGreaterThan(1);
    for (const mail of queued) {
      expect(mail.status, mail.subject).toBe('sent');
      const arrived = t.smtp.mailsTo(mail.toAddress).filter((received) => received.subject === mail.subject);
      expect(arrived, `${mail.toAddress} : ${mail.subject}`).toHaveLength(1);
    }

    // Signed out on one instance: refused by the other within a second.
    const out = await next().inject({ method: 'POST', url: '/api/logout', headers: applicant });
    expect(out.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const app of [t.app, second])
      expect(
        (await app.inject({ method: 'GET', url: '/api/userConnected', headers: applicant })).statusCode,
      ).toBe(401);
  });

  test('a sign-in throttle counts the attempts made on both instances', async () => {
    const email = 'deux-instances.cible@exemple.fr';
    await account(email);
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push((await signIn(next(), email, WRONG)).statusCode);
    // Three failures allowed per account and address, whichever instance saw them; then waits.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
