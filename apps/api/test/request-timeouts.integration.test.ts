import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TIMEOUT_MESSAGES } from '../src/http/timeouts.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { createRequest, createUser, type TestUser } from './requests-factory.ts';
import { multipart, pdfNamed } from './filing-helpers.ts';

// A request trickled a byte at a time held its connection past 95 s. Real
// sockets against the listening server, with short limits: 1 s for a request without files,
// 3 s for an upload (30 s and 10 minutes by default, README « Configuration »). Node checks its
// limits every second: a limit is met up to a second late.

const REQUEST_SECONDS = 1;
const UPLOAD_SECONDS = 3;

let t: TestApp;
let port: number;
let owner: TestUser;
let requestId: number;

beforeAll(async () => {
  t = await createTestApp(
    { REQUEST_TIMEOUT_SECONDS: String(REQUEST_SECONDS), UPLOAD_TIMEOUT_SECONDS: String(UPLOAD_SECONDS) },
    { dataDir: 'timeouts' },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await createUser(t, ['ROLE_DEMANDEUR']);
  requestId = (await createRequest(t.database.db, { state: 8, owner })).id;
});
afterAll(() => t?.close());

interface Exchange {
  /** What the server sent back. */
  response: string;
  /** Seconds from the first byte sent to the connection's end (by the server), or null if still open. */
  closedAfter: number | null;
}

/**
 * Sends `head`, then `chunks` one every `everyMs` (a slow sender), and waits for the server to
 * close the connection, at most `waitSeconds`.
 */
function exchange(
  head: string | Buffer,
  chunks: readonly (string | Buffer)[],
  options: { everyMs: number; waitSeconds: number },
): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let response = '';
    let next = 0;
    const done = (closedAfter: number | null) => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ response, closedAfter });
    };
    const trickle = setInterval(() => {
      if (next < chunks.length && socket.writable) socket.write(chunks[next++]!);
    }, options.everyMs);
    const giveUp = setTimeout(() => done(null), options.waitSeconds * 1000);
    socket.on('data', (data) => (response += data.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => done((performance.now() - started) / 1000));
    socket.write(head);
  });
}

const bytes = (text: string) => [...Buffer.from(text)].map((byte) => Buffer.from([byte]));

describe('a slow sender is cut, in French', () => {
  test(`a JSON body trickled a byte every 200 ms: 408 after ${String(REQUEST_SECONDS)} s, connection closed`, async () => {
    const body = JSON.stringify({ username: 'lent@exemple.fr', password: 'x'.repeat(200) });
    const head = `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${String(body.length)}\r\n\r\n`;
    const { response, closedAfter } = await exchange(head, bytes(body), { everyMs: 200, waitSeconds: 8 });
    expect(closedAfter, response).not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(REQUEST_SECONDS - 0.1);
    expect(closedAfter!).toBeLessThan(REQUEST_SECONDS + 3);
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(response).toContain(JSON.stringify(TIMEOUT_MESSAGES.timeout));
  });

  test(`headers trickled a line every 300 ms: 408 within ${String(REQUEST_SECONDS)} s (and Node's check), closed`, async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `X-Lent-${String(i)}: 1\r\n`);
    const { response, closedAfter } = await exchange(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      lines,
      {
        everyMs: 300,
        waitSeconds: 8,
      },
    );
    expect(closedAfter, response).not.toBeNull();
    expect(closedAfter!).toBeLessThan(REQUEST_SECONDS + 3);
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(response).toContain(TIMEOUT_MESSAGES.timeout);
  });

  test(`an upload trickled: cut after ${String(UPLOAD_SECONDS)} s, not before the request limit`, async () => {
    const form = multipart([
      { name: 'requestId', content: String(requestId) },
      { name: 'typeDocumentId', content: '5' },
      { name: 'file', content: pdfNamed('lent'), filename: 'lent.pdf', type: 'application/pdf' },
    ]);
    const head =
      `POST /api/document HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${owner.headers.authorization}\r\n` +
      `Content-Type: ${form.headers['content-type']!}\r\nContent-Length: ${String(form.payload.length)}\r\n\r\n`;
    const slices = Array.from({ length: Math.ceil(form.payload.length / 4) }, (_, i) =>
      form.payload.subarray(i * 4, i * 4 + 4),
    );
    const { response, closedAfter } = await exchange(head, slices, { everyMs: 200, waitSeconds: 10 });
    expect(closedAfter, response).not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(UPLOAD_SECONDS - 0.1);
    expect(closedAfter!).toBeLessThan(UPLOAD_SECONDS + 3);
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(response).toContain(TIMEOUT_MESSAGES.timeout);
  });

  test('an upload longer than the request limit, within the upload limit, is taken', async () => {
    const form = multipart([
      { name: 'requestId', content: String(requestId) },
      { name: 'typeDocumentId', content: '5' },
      {
        name: 'file',
        content: pdfNamed('x'.repeat(200_000)),
        filename: 'patient.pdf',
        type: 'application/pdf',
      },
    ]);
    const head =
      `POST /api/document HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${owner.headers.authorization}\r\n` +
      `Content-Type: ${form.headers['content-type']!}\r\nContent-Length: ${String(form.payload.length)}\r\n` +
      'Connection: close\r\n\r\n';
    const size = Math.ceil(form.payload.length / 8);
    const slices = Array.from({ length: 8 }, (_, i) => form.payload.subarray(i * size, (i + 1) * size));
    // 8 slices 250 ms apart: about 2 s, past the 1 s request limit.
    const { response, closedAfter } = await exchange(head, slices, { everyMs: 250, waitSeconds: 10 });
    expect(closedAfter, response).not.toBeNull();
    expect(closedAfter!).toBeGreaterThan(REQUEST_SECONDS + 0.5);
    expect(response).toMatch(/^HTTP\/1\.1 201/);
  });
});
