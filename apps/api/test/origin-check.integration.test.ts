import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { FOREIGN_ORIGIN_MESSAGE, TOKEN_COOKIE } from '../src/http/authenticate.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';

// A change (POST, PUT, PATCH, DELETE) made with the session cookie must come
// from the portal's own pages — its Origin, or else its Referer, is PUBLIC_URL's origin
// (http://portail.test here) or the host the request was sent to. SameSite=Strict already keeps
// the cookie from other sites' requests; this holds where it does not (a sibling sub-domain, an
// old browser). API clients (a bearer token) and the mail webhook (a shared secret) send no
// cookie and are not concerned; a client sending neither header is not a browser page.

const t = testAppForFile();
const { applicant } = accountsForFile(t, { applicant: ['ROLE_DEMANDEUR'] });

const DRAFT = { kind: 1, step: 1, label: 'Brouillon', state: {} };
const cookie = () => ({ cookie: `${TOKEN_COOKIE}=${applicant.token}` });

const drafts = async () =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM request_draft`.execute(t.database.db)).rows[0]!.n,
  );

const postDraft = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/drafts', headers, payload: DRAFT });

describe('a change with the session cookie', () => {
  test('from another site (Origin, or Referer without Origin, or Origin null): 403 in French, nothing written', async () => {
    const before = await drafts();
    const senders: Record<string, string>[] = [
      { origin: 'https://malveillant.exemple' },
      { origin: 'http://portail.test.malveillant.exemple' },
      { origin: 'null' },
      { referer: 'https://malveillant.exemple/page' },
      { origin: 'https://malveillant.exemple', referer: 'http://portail.test/dossiers' },
    ];
    for (const sender of senders) {
      const res = await postDraft({ ...cookie(), ...sender });
      expect(res.statusCode, JSON.stringify(sender)).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
        message: FOREIGN_ORIGIN_MESSAGE,
      });
    }
    const removal = await t.app.inject({
      method: 'DELETE',
      url: '/api/drafts/00000000-0000-4000-8000-000000000000',
      headers: { ...cookie(), origin: 'https://malveillant.exemple' },
    });
    expect(removal.statusCode).toBe(403);
    expect(await drafts()).toBe(before);
  });

  test("from the portal's pages (PUBLIC_URL or the host asked), or from a client sending neither header: done", async () => {
    const before = await drafts();
    const senders: Record<string, string>[] = [
      { origin: 'http://portail.test' },
      { referer: 'http://portail.test/demandes/nouvelle' },
      { host: 'localhost:5173', origin: 'http://localhost:5173' },
      {},
    ];
    for (const sender of senders) {
      const res = await postDraft({ ...cookie(), ...sender });
      expect(res.statusCode, `${JSON.stringify(sender)} ${res.body}`).toBe(201);
    }
    expect(await drafts()).toBe(before + 4);
  });

  test('reading with the cookie from another site is not a change: answered', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/drafts',
      headers: { ...cookie(), origin: 'https://malveillant.exemple' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('callers without the cookie are not concerned', () => {
  test('a bearer token from anywhere', async () => {
    const res = await postDraft({ ...applicant.headers, origin: 'https://outil-metier.exemple' });
    expect(res.statusCode, res.body).toBe(201);
  });

  test('the mail webhook (its shared secret)', async () => {
    process.env.MAIL_WEBHOOK_SECRET = 'secret-du-webhook';
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/mail',
        headers: { 'x-webhook-secret': 'secret-du-webhook', origin: 'https://prestataire.exemple' },
        payload: [{ event: 'sent', MessageID: 'inconnu' }],
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      delete process.env.MAIL_WEBHOOK_SECRET;
    }
  });
});
