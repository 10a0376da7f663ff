import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify, SignJWT } from 'jose';
import PizZip from 'pizzip';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';
import { docxText, pathWithoutLibreOffice } from './orders-helpers.ts';

// The optional ONLYOFFICE adapter (docs/templates.md « Editing a generated document »), tested
// offline: the test plays the Document Server — it checks the signed configuration as the server
// checks it, downloads the DOCX from the link it was given, serves the edited DOCX from a local
// HTTP server (loopback) and posts the signed callback. What a real Document Server does between
// (its editing, its JWT header variant, its conversion service) is not run here.

const SECRET = 'secret-partage-onlyoffice-de-test';
let t: TestApp;
let server: Server;
let serverUrl: string;
/** What the fake Document Server serves as the edited document. */
let served: Buffer = Buffer.alloc(0);
let instructor: TestUser;
let alice: TestUser;
const savedPath = process.env.PATH;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/cache/edited.docx') response.end(served);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  t = await createTestApp(
    { ONLYOFFICE_URL: `${serverUrl}/`, ONLYOFFICE_JWT_SECRET: SECRET },
    { dataDir: 'document-editor-onlyoffice' },
  );
  instructor = await createUser(t, ['ROLE_INSTRUCTEUR']);
  alice = await createUser(t, ['ROLE_DEMANDEUR']);
  // Merged without LibreOffice: the conversion is the portal editor's, tested there.
  process.env.PATH = await pathWithoutLibreOffice(savedPath);
});
afterAll(async () => {
  process.env.PATH = savedPath;
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});
afterEach(() => {
  served = Buffer.alloc(0);
});

const db = () => t.database.db;
const KEY = new TextEncoder().encode(SECRET);

/** A decided networks permission in state 3 with its generated order; the order's DOCX id. */
async function generatedOrder(): Promise<{ requestId: number; docxId: number }> {
  const created = await createRequest(db(), {
    owner: alice,
    kind: 1,
    state: 3,
    instructeurId: instructor.id,
  });
  const cerfa = await db()
    .insertInto('cerfa14023')
    .values({ isFavorable: true, isAccessDevelopment: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().updateTable('request').set({ cerfa14023Id: cerfa.id }).where('id', '=', created.id).execute();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/request/${String(created.id)}/order`,
    headers: instructor.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const docxId = res.json<{ data: { order: { docx: { id: number } } } }>().data.order.docx.id;
  return { requestId: created.id, docxId };
}

interface EditorConfig {
  document: { key: string; title: string; url: string; fileType: string };
  editorConfig: { callbackUrl: string; lang: string; user: { id: string }; customization: object };
  token: string;
}

/** The configuration the editor page hands to DocsAPI.DocEditor, and the page's CSP. */
async function openPage(docxId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/document/${String(docxId)}/onlyoffice`,
    headers: instructor.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const json = /<script type="application\/json" id="configuration-editeur">(.*?)<\/script>/s.exec(
    res.body,
  )?.[1];
  return {
    html: res.body,
    csp: String(res.headers['content-security-policy']),
    config: JSON.parse(json!) as EditorConfig,
  };
}

/** A link the Document Server calls, as a path on the portal (PUBLIC_URL is http://portail.test). */
const pathOf = (url: string) => url.replace('http://portail.test', '');

const callback = (url: string, body: object) =>
  t.app.inject({ method: 'POST', url: pathOf(url), payload: body });

async function signedCallback(fields: { status: number; url: string; key: string }) {
  return { ...fields, token: await new SignJWT(fields).setProtectedHeader({ alg: 'HS256' }).sign(KEY) };
}

function edited(docx: Buffer, sentence: string): Buffer {
  const zip = new PizZip(docx);
  const xml = zip.file('word/document.xml')!.asText();
  zip.file(
    'word/document.xml',
    xml.replace('</w:body>', `<w:p><w:r><w:t>${sentence}</w:t></w:r></w:p></w:body>`),
  );
  return zip.generate({ type: 'nodebuffer' });
}

const ordersOf = (requestId: number) =>
  db()
    .selectFrom('document')
    .select(['id', 'storageKey', 'stdUserId'])
    .where('requestId', '=', requestId)
    .where('typeDocumentId', '=', 93)
    .orderBy('id')
    .execute();

describe('ONLYOFFICE_URL set: the Document Server edits the order', () => {
  test('the editor answers the ONLYOFFICE page, its configuration signed with the shared secret', async () => {
    const { docxId } = await generatedOrder();
    const editor = await t.app.inject({
      method: 'GET',
      url: `/api/document/${String(docxId)}/editor`,
      headers: instructor.headers,
    });
    expect(editor.json<{ data: unknown }>().data).toMatchObject({
      editor: 'onlyoffice',
      onlyoffice: { pageUrl: `/api/document/${String(docxId)}/onlyoffice` },
    });

    const { html, csp, config } = await openPage(docxId);
    expect(html).toContain(`<script src="${serverUrl}/web-apps/apps/api/documents/api.js"></script>`);
    // The spec's call answers the same page.
    const spec = await t.app.inject({
      method: 'GET',
      url: `/api/onlyoffice/${String(docxId)}`,
      headers: instructor.headers,
    });
    expect(spec.statusCode, spec.body).toBe(200);
    expect(spec.body).toContain('<script src="/api/onlyoffice/editor.js" defer></script>');
    expect(String(spec.headers['content-security-policy'])).toBe(csp);
    expect(html).toContain('<script src="/api/onlyoffice/editor.js" defer></script>');
    expect(csp).toContain(`script-src 'self' ${serverUrl}`);
    expect(csp).toContain(`frame-src ${serverUrl}`);
    // What the Document Server checks: the token carries the very configuration.
    const { payload } = await jwtVerify(config.token, KEY, { algorithms: ['HS256'] });
    expect(payload).toMatchObject({
      document: config.document,
      editorConfig: config.editorConfig,
      documentType: 'word',
    });
    expect(config.document).toMatchObject({
      fileType: 'docx',
      title: expect.stringMatching(/^arrete-\d+\.docx$/),
    });
    expect(config.editorConfig).toMatchObject({
      lang: 'fr',
      user: { id: String(instructor.id) },
      customization: { forcesave: false },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/onlyoffice/editor.js' })).body).toContain(
      'DocsAPI.DocEditor',
    );

    // The applicant never gets the page.
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/document/${String(docxId)}/onlyoffice`,
      headers: alice.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  test('the Document Server downloads the DOCX with its link only, and saves the edit through the callback', async () => {
    const { requestId, docxId } = await generatedOrder();
    const { config } = await openPage(docxId);

    const file = await t.app.inject({ method: 'GET', url: pathOf(config.document.url) });
    expect(file.statusCode).toBe(200);
    const [original] = await ordersOf(requestId);
    expect(file.rawPayload.equals((await t.ctx.filing.store.read(original!.storageKey))!)).toBe(true);
    // Another document's link, a forged or missing token: refused.
    const forged = await new SignJWT({ doc: docxId, purpose: 'file' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(instructor.id))
      .sign(new TextEncoder().encode('un autre secret'));
    for (const url of [
      `/api/onlyoffice/${String(docxId)}/file?token=${forged}`,
      `/api/onlyoffice/${String(docxId)}/file`,
      pathOf(config.document.url).replace(
        `/onlyoffice/${String(docxId)}/`,
        `/onlyoffice/${String(docxId + 1)}/`,
      ),
      // The callback's token is not a download's.
      pathOf(config.editorConfig.callbackUrl).replace('/callback?', '/file?'),
    ]) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    }

    // Still being edited (1), closed without change (4), a forced save (6, turned off): nothing saved.
    served = edited(file.rawPayload, 'Jamais enregistré.');
    for (const status of [1, 4, 6]) {
      const res = await callback(
        config.editorConfig.callbackUrl,
        await signedCallback({ status, url: `${serverUrl}/cache/edited.docx`, key: config.document.key }),
      );
      expect(res.json()).toEqual({ error: 0 });
    }
    expect(await ordersOf(requestId)).toHaveLength(1);

    // An unsigned body, or a document from anywhere but the Document Server: refused, nothing saved.
    const unsigned = await callback(config.editorConfig.callbackUrl, {
      status: 2,
      url: `${serverUrl}/cache/edited.docx`,
    });
    expect(unsigned.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    const elsewhere = await callback(
      config.editorConfig.callbackUrl,
      await signedCallback({ status: 2, url: 'http://127.0.0.2:9/edited.docx', key: config.document.key }),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(await ordersOf(requestId)).toHaveLength(1);

    served = edited(file.rawPayload, 'Phrase modifiée dans ONLYOFFICE.');
    const saved = await callback(
      config.editorConfig.callbackUrl,
      await signedCallback({ status: 2, url: `${serverUrl}/cache/edited.docx`, key: config.document.key }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ error: 0 });
    const versions = await ordersOf(requestId);
    expect(versions).toHaveLength(2);
    expect(versions[1]!.stdUserId).toBe(instructor.id);
    expect(docxText((await t.ctx.filing.store.read(versions[1]!.storageKey))!)).toContain(
      'Phrase modifiée dans ONLYOFFICE.',
    );
    const history = await db()
      .selectFrom('historyLog')
      .select(['context', 'email'])
      .where('entity', '=', 'request')
      .where('entityId', '=', requestId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ context: "Arrêté modifié dans l'éditeur du portail", email: instructor.email });

    // The same link saving again, signed in the Authorization header this time (the body under
    // `payload`): the version it opened is no longer the latest.
    const fields = { status: 2, url: `${serverUrl}/cache/edited.docx`, key: config.document.key };
    const again = await t.app.inject({
      method: 'POST',
      url: pathOf(config.editorConfig.callbackUrl),
      payload: fields,
      headers: {
        authorization: `Bearer ${await new SignJWT({ payload: fields }).setProtectedHeader({ alg: 'HS256' }).sign(KEY)}`,
      },
    });
    expect(again.statusCode, again.body).toBe(409);
  });
});

describe('ONLYOFFICE settings', () => {
  test('off by default; a URL without its secret stops the start', () => {
    expect(loadConfig({}).onlyoffice).toBeNull();
    expect(() => loadConfig({ ONLYOFFICE_URL: 'https://docs.exemple.fr' })).toThrow(
      'ONLYOFFICE_JWT_SECRET est requis quand ONLYOFFICE_URL est défini.',
    );
    expect(
      loadConfig({ ONLYOFFICE_URL: 'https://docs.exemple.fr/', ONLYOFFICE_JWT_SECRET: 's' }).onlyoffice,
    ).toEqual({
      url: 'https://docs.exemple.fr',
      jwtSecret: 's',
    });
  });
});
