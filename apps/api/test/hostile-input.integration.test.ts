import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { ID_MAX, ID_MESSAGE } from '@voirie/domain';
import { INPUT_MESSAGES, JSON_MAX_DEPTH } from '../src/errors/acceptable-input.ts';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { filingParts, filingPayload, MANDATORY, multipart, pdfNamed } from './filing-helpers.ts';

// The three kinds of input a fuzz turned into 500s — ids beyond 2^31 − 1,
// deeply nested JSON, a NUL character in a text — are French 400s (or 404s for a key that names
// nothing) and write nothing, on every route (the fuzz, fuzz-routes.integration.test.ts, probes
// each route; this file pins the calls the issue names, with bodies that are otherwise valid).

const t = testAppForFile({}, { dataDir: 'hostile-input', geo: true });
const { owner, admin } = accountsForFile(t, { owner: ['ROLE_DEMANDEUR'], admin: ['ROLE_ADMIN'] });
let request: { id: number; publicId: string };
let petitionerId: number;

beforeAll(async () => {
  // A request in completeness: its owner may update it (PUT request/{id}).
  request = await createRequest(t.database.db, { owner, state: 8, kind: 1 });
  petitionerId = (
    await t.database.db
      .selectFrom('request')
      .select('petitionerId')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow()
  ).petitionerId!;
});

type Method = 'GET' | 'POST' | 'PUT';

const send = (user: TestUser, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...user.headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });

/** A multipart form posted by the owner. */
const sendForm = (url: string, form: { payload: Buffer; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...owner.headers, ...form.headers },
    payload: form.payload,
  });

/** Rows of the tables a refused call must leave alone. */
const counts = async () =>
  (
    await sql<{
      n: string;
    }>`SELECT concat_ws(',', (SELECT count(*) FROM request), (SELECT count(*) FROM petitioner),
      (SELECT count(*) FROM request_draft), (SELECT count(*) FROM individual_alignment_request),
      (SELECT count(*) FROM cerfa14023), (SELECT count(*) FROM document)) AS n`.execute(t.database.db)
  ).rows[0]!.n;

/** A JSON text nesting `depth` objects: {"a":{"a":…1…}}. */
const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('ids: the integer the database holds', () => {
  test('beyond 2^31 − 1 in a path: 400 with the French message; the largest id: 404', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/city/2147483648', undefined],
      ['PUT', '/api/city/2147483648', { mairieEmail: 'mairie@exemple.fr' }],
      ['GET', '/api/perimeter/2147483648', undefined],
      ['GET', '/api/perimeter/99999999999999999999', undefined],
    ] as const) {
      const res = await send(admin, method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'VALIDATION' });
      expect(res.json<{ message: string }>().message).toContain(ID_MESSAGE);
    }
    expect((await send(admin, 'GET', `/api/city/${String(ID_MAX)}`)).statusCode).toBe(404);
    expect((await send(admin, 'GET', `/api/perimeter/${String(ID_MAX)}`)).statusCode).toBe(404);
  });

  test('a request, a user or a history named by its number: up to 2^31 − 1 found, beyond it 404 as any unknown key', async () => {
    // Ten digits used to be read as no number at all: a request numbered 2,147,483,647 was out of reach.
    const last = await createRequest(t.database.db, { owner, state: 3, kind: 1 });
    await t.database.db.updateTable('request').set({ id: ID_MAX }).where('id', '=', last.id).execute();
    const found = await send(admin, 'GET', `/api/request/${String(ID_MAX)}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<{ data: { publicId: string } }>().data.publicId).toBe(last.publicId);
    for (const url of ['/api/request/2147483648', '/api/stduser/3000000000', '/api/log/user/9999999999']) {
      const res = await send(admin, 'GET', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
  });

  test('in a JSON filter: 400 (the list search by number)', async () => {
    const filter = encodeURIComponent(JSON.stringify({ id: 2 ** 31 }));
    const res = await send(admin, 'GET', `/api/request?searchFilter=${filter}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(ID_MESSAGE);
  });
});

describe(`JSON nesting: ${String(JSON_MAX_DEPTH)} levels at most`, () => {
  test('5,000 levels on the calls of the issue: 400 « trop imbriqué », nothing written', async () => {
    const before = await counts();
    for (const [method, url] of [
      ['PUT', `/api/request/${String(request.id)}`],
      ['POST', '/api/petitioner'],
      ['POST', '/api/cerfa14023'],
      ['POST', '/api/individualAlignmentRequest'],
      ['PUT', `/api/petitioner/${String(petitionerId)}`],
      ['POST', '/api/drafts'],
    ] as const) {
      for (const body of [nested(5000), '['.repeat(5000) + ']'.repeat(5000)]) {
        const res = await send(
          method === 'PUT' && url.startsWith('/api/request') ? owner : admin,
          method,
          url,
          body,
        );
        expect(res.statusCode, `${method} ${url} ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'BAD_REQUEST',
          message: INPUT_MESSAGES.tooDeep,
        });
      }
    }
    expect(await counts()).toBe(before);
  });

  test(`at ${String(JSON_MAX_DEPTH)} levels the body reaches its schema; one more is refused`, async () => {
    const within = await send(admin, 'POST', '/api/petitioner', nested(JSON_MAX_DEPTH));
    expect(within.statusCode).toBe(400);
    expect(within.json<{ message: string }>().message).not.toBe(INPUT_MESSAGES.tooDeep);
    const beyond = await send(admin, 'POST', '/api/petitioner', nested(JSON_MAX_DEPTH + 1));
    expect(beyond.json<{ message: string }>().message).toBe(INPUT_MESSAGES.tooDeep);
  });

  test('a multipart filing whose JSON part nests 5,000 levels: 400, nothing written', async () => {
    const before = await counts();
    const body = multipart([{ name: 'request', content: nested(5000) }]);
    const res = await sendForm('/api/request', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(INPUT_MESSAGES.tooDeep);
    expect(await counts()).toBe(before);
  });
});

describe('NUL characters: refused in every text, in French', () => {
  const nulMessage = (path: string) => `${INPUT_MESSAGES.nul} (${path})`;

  test('JSON bodies otherwise valid: a draft, a filing, an alignment request — 400 naming the field, nothing written', async () => {
    const before = await counts();
    const filing = filingPayload(1);
    (filing.parties.petitioner as { lastName: string }).lastName = 'Du\u0000rand';
    for (const [url, body, path] of [
      ['/api/drafts', { kind: 1, step: 1, label: 'Rue\u0000des Pins', state: {} }, 'label'],
      ['/api/request', filing, 'parties.petitioner.lastName'],
      [
        '/api/individualAlignmentRequest',
        { reasonRequest: 'Autre', reasonRequestOther: 'x\u0000' },
        'reasonRequestOther',
      ],
      ['/api/drafts', { kind: 1, step: 1, label: 'Brouillon', state: { 'clé\u0000': 1 } }, 'state'],
    ] as const) {
      const res = await send(owner, 'POST', url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: nulMessage(path) });
    }
    expect(await counts()).toBe(before);
  });

  test('a multipart filing: in its JSON part (as text, escaped) or in a file name — 400, nothing written', async () => {
    const before = await counts();
    const filing = filingPayload(1);
    (filing.location as { addressName: string }).addressName = 'des\u0000Pins';
    const inJson = multipart(filingParts(filing, MANDATORY[1]));
    const parts = filingParts(filingPayload(1), MANDATORY[1]);
    const inFileName = multipart([...parts.slice(0, -1), { ...parts.at(-1)!, filename: 'piece\u0000.pdf' }]);
    for (const [body, path] of [
      [inJson, 'location.addressName'],
      [inFileName, parts.at(-1)!.name],
    ] as const) {
      const res = await sendForm('/api/request', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: nulMessage(path) });
    }
    const document = multipart([
      { name: 'requestId', content: String(request.id) },
      { name: 'typeDocumentId', content: '1\u0000' },
      { name: 'file', content: pdfNamed('x'), filename: 'x.pdf', type: 'application/pdf' },
    ]);
    const res = await sendForm('/api/document', document);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(nulMessage('typeDocumentId'));
    expect(await counts()).toBe(before);
  });

  test('a query or a path: 400 (a text search, a filter of the list)', async () => {
    for (const url of [
      '/api/perimeter?q=Cap%00breton',
      `/api/request?searchFilter=${encodeURIComponent(JSON.stringify({ demandeur: 'Du\u0000rand' }))}`,
      '/api/request/12%00',
    ]) {
      const res = await send(admin, 'GET', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(INPUT_MESSAGES.nul);
    }
  });
});
