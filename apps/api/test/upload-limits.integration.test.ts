import { once } from 'node:events';
import { connect } from 'node:net';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { filesUnder, filingPayload, multipart, pdfNamed, type Part } from './filing-helpers.ts';

// Point 3: "POST document with 1,000 text fields of 4 MB each ran the API out of
// memory". Every multipart route has limits on parts, fields, field size and files, answered
// 400/413 in French, and a hostile body never makes the process hold more than a few megabytes.

const MB = 1024 * 1024;

const t = testAppForFile({ FILING_MAX_PER_HOUR: '1000' }, { dataDir: 'upload-limits' });
const { owner, instructor, admin } = accountsForFile(t, {
  owner: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
  admin: ['ROLE_ADMIN'],
});
let inCompleteness: number;
let inSignature: number;

beforeAll(async () => {
  inCompleteness = (await createRequest(t.database.db, { state: 8, owner })).id;
  inSignature = (await createRequest(t.database.db, { state: 3, owner, sendToSign: true })).id;
});

/**
 * Streams `fields` text fields of `fieldBytes` each to a real port, as a hostile client would:
 * over a bare socket, the whole body whatever the server answers meanwhile (one reused buffer:
 * the sender holds nothing). Samples the process's RSS all along. The answer's status and body,
 * how long its first byte took, the bytes sent and the largest RSS growth seen.
 */
async function streamFields(options: {
  url: string;
  headers: Record<string, string>;
  fields: number;
  fieldBytes: number;
}) {
  const origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  const boundary = '----voirieprobe';
  const filler = Buffer.alloc(options.fieldBytes, 0x61);
  const heads = Array.from({ length: options.fields }, (_, index) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="champ${String(index)}"\r\n\r\n`),
  );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length = heads.reduce((sum, head) => sum + head.length + filler.length + 2, tail.length);
  const headers = {
    ...options.headers,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(length),
    host: origin.host,
  };

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const socket = connect(Number(origin.port), origin.hostname);
  await once(socket, 'connect');
  const started = performance.now();
  let firstByteMs = Infinity;
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => {
    firstByteMs = Math.min(firstByteMs, performance.now() - started);
    received.push(chunk);
  });
  const write = async (chunk: Buffer) => {
    if (!socket.write(chunk)) await once(socket, 'drain');
  };
  await write(
    Buffer.from(
      `POST ${options.url} HTTP/1.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n')}\r\n\r\n`,
    ),
  );
  let sent = 0;
  for (const head of heads) {
    for (const chunk of [head, filler, Buffer.from('\r\n')]) {
      await write(chunk);
      sent += chunk.length;
    }
  }
  await write(tail);
  // The whole body is through: the answer is there (or comes now).
  while (!Buffer.concat(received).includes('\r\n\r\n{')) await once(socket, 'data');
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.destroy();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const text = Buffer.concat(received).toString();
  return {
    status: Number(text.split(' ')[1]),
    body: text.slice(text.indexOf('\r\n\r\n') + 4),
    firstByteMs,
    sentBytes: sent,
    growth: peak - baseline,
  };
}

describe('the probe: a body of hundreds of MB of text fields', () => {
  test('POST document with 64 fields of 4 MB (256 MB): 413 in French at once, the RSS stays flat', async () => {
    // Warm the route first, so that the measure is the body's alone.
    await t.app.inject({
      method: 'POST',
      url: '/api/document',
      ...withUser(owner, multipart([{ name: 'requestId', content: '1' }])),
    });
    const result = await streamFields({
      url: '/api/document',
      headers: owner.headers,
      fields: 64,
      fieldBytes: 4 * MB,
    });
    expect(result.sentBytes).toBeGreaterThan(256 * MB);
    expect(result.status, result.body).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Le champ « champ0 » est trop volumineux (1 Ko au plus).',
    });
    // Answered on the first field, long before the 256 MB are through (then drained unread).
    expect(result.firstByteMs).toBeLessThan(5_000);
    expect(result.growth).toBeLessThan(64 * MB);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });
});

function withUser(user: TestUser, body: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: body.payload, headers: { ...body.headers, ...user.headers } };
}

async function send(method: 'POST' | 'PUT', url: string, user: TestUser, parts: readonly Part[]) {
  return t.app.inject({ method, url, ...withUser(user, multipart(parts)) });
}

/** A 4xx answer in French, with its code, and no temporary file left. */
async function expectRefused(res: { statusCode: number; body: string }, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect((JSON.parse(res.body) as { message: string }).message).toContain(message);
  expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
}

const small = (name: string, content = 'x'): Part => ({ name, content });
const big = (name: string, bytes: number): Part => ({ name, content: 'y'.repeat(bytes) });
const pdf = (name = 'file', label = 'pièce'): Part => ({
  name,
  content: pdfNamed(label),
  filename: 'piece.pdf',
  type: 'application/pdf',
});

describe('limits on every multipart route, in French', () => {
  test('POST document: too many fields 400, a large field 413, two files 400', async () => {
    const fields = Array.from({ length: 6 }, (_, index) => small(`f${String(index)}`));
    await expectRefused(
      await send('POST', '/api/document', owner, fields),
      400,
      'Le formulaire envoie trop de champs (4 au plus).',
    );
    await expectRefused(
      await send('POST', '/api/document', owner, [big('requestId', 2048)]),
      413,
      'Le champ « requestId » est trop volumineux (1 Ko au plus).',
    );
    const twoFiles = [
      small('requestId', String(inCompleteness)),
      small('typeDocumentId', '5'),
      pdf('file', 'un'),
      pdf('file', 'deux'),
    ];
    await expectRefused(
      await send('POST', '/api/document', owner, twoFiles),
      400,
      'Le formulaire envoie trop de fichiers (1 au plus).',
    );
  });

  test('POST request: only the `request` JSON part may be large (4 MB); other fields 1 KB; 40 files at most', async () => {
    await expectRefused(
      await send('POST', '/api/request', owner, [
        small('request', JSON.stringify(filingPayload(2))),
        big('note', 2048),
      ]),
      413,
      'Le champ « note » est trop volumineux (1 Ko au plus).',
    );
    await expectRefused(
      await send('POST', '/api/request', owner, [big('request', 4 * MB + 1)]),
      413,
      'Le champ « request » est trop volumineux (4 Mo au plus).',
    );
    // A large JSON part passes the limits (refused further on for its content, not its size).
    const padded = { ...filingPayload(2), padding: 'z'.repeat(3 * MB) };
    const large = await send('POST', '/api/request', owner, [small('request', JSON.stringify(padded))]);
    expect(large.statusCode, large.body).toBe(400);
    expect(large.json<{ code: string }>().code).toBe('VALIDATION');
    const files = Array.from({ length: 41 }, (_, index) => pdf('document-1', `n° ${String(index)}`));
    await expectRefused(
      await send('POST', '/api/request', owner, [
        small('request', JSON.stringify(filingPayload(2))),
        ...files,
      ]),
      400,
      'Le formulaire envoie trop de fichiers (40 au plus).',
    );
    await expectRefused(
      await send('POST', '/api/request', owner, [small('a'), small('b'), small('c')]),
      400,
      'Le formulaire envoie trop de champs (2 au plus).',
    );
  });

  test('PUT request/{id}, signature/signed, order and template uploads have their limits too', async () => {
    await expectRefused(
      await send('PUT', `/api/request/${String(inCompleteness)}`, owner, [
        small('request', '{}'),
        big('note', 2048),
      ]),
      413,
      'Le champ « note » est trop volumineux',
    );
    await expectRefused(
      await send('POST', `/api/request/${String(inSignature)}/signature/signed`, instructor, [
        small('a'),
        small('b'),
        small('c'),
      ]),
      400,
      'Le formulaire envoie trop de champs (2 au plus).',
    );
    // One signed PDF per act: three at most (permission, alignment, traffic order).
    await expectRefused(
      await send('POST', `/api/request/${String(inSignature)}/signature/signed`, instructor, [
        pdf('permission', 'a'),
        pdf('alignment', 'b'),
        pdf('traffic', 'c'),
        pdf('file', 'd'),
      ]),
      400,
      'Le formulaire envoie trop de fichiers (3 au plus).',
    );
    await expectRefused(
      await send('PUT', '/api/modele/1', admin, [big('note', 2048)]),
      413,
      'Le champ « note » est trop volumineux',
    );
    await expectRefused(
      await send('PUT', '/api/modele/1', admin, [pdf('file', 'a'), pdf('file', 'b')]),
      400,
      'Le formulaire envoie trop de fichiers (1 au plus).',
    );
  });

  test('a malformed or cut multipart body is a 400 in French, never a 500', async () => {
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: { ...owner.headers, 'content-type': 'multipart/form-data' },
      payload: 'rien',
    });
    await expectRefused(noBoundary, 400, 'Le formulaire envoyé est mal formé.');
    const whole = multipart([
      small('requestId', String(inCompleteness)),
      small('typeDocumentId', '5'),
      pdf(),
    ]);
    const cut = whole.payload.subarray(0, whole.payload.length - 60);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: { ...whole.headers, ...owner.headers },
      payload: cut,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ success: boolean; message: string }>()).toMatchObject({ success: false });
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });
});
