import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import { testAppForFile, accountsForFile } from './test-app.ts';
import { createRequest, type TestUser } from './requests-factory.ts';
import { filesUnder, filingParts, filingPayload, multipart, pdfNamed, type Part } from './filing-helpers.ts';

// An upload is authorized before its body is read. A refused upload never
// writes a byte: the store's receive() is never called and no file appears, even for a moment,
// under DATA_DIR/tmp or DATA_DIR/files.

const t = testAppForFile({}, { dataDir: 'upload-authorization', geo: true });
const { owner, stranger, instructor } = accountsForFile(t, {
  owner: ['ROLE_DEMANDEUR'],
  stranger: ['ROLE_DEMANDEUR'],
  instructor: ['ROLE_INSTRUCTEUR'],
});
let inCompleteness: number;
let inInstruction: number;
let inSignature: number;

beforeAll(async () => {
  inCompleteness = (await createRequest(t.database.db, { state: 8, owner })).id;
  inInstruction = (await createRequest(t.database.db, { state: 3, owner })).id;
  inSignature = (await createRequest(t.database.db, { state: 3, owner, sendToSign: true })).id;
});

let receive: MockInstance;
let watcher: FSWatcher;
let appeared: string[];
beforeEach(async () => {
  receive = vi.spyOn(t.ctx.filing.store, 'receive');
  await mkdir(path.join(t.config.dataDir, 'tmp'), { recursive: true });
  await mkdir(path.join(t.config.dataDir, 'files'), { recursive: true });
  appeared = [];
  // Any entry created under the data dir while the request runs, even one removed right after.
  watcher = watch(t.config.dataDir, { recursive: true }, (_event, name) => {
    if (name && /^(tmp|files)[/\\]./.test(name)) appeared.push(name);
  });
});
afterEach(() => {
  receive.mockRestore();
  watcher.close();
});

async function send(method: 'POST' | 'PUT', url: string, user: TestUser, parts: readonly Part[]) {
  const body = multipart(parts);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...user.headers } });
}

/** The answer, and proof that nothing reached the disk. */
async function expectRefusedUnwritten(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(receive).not.toHaveBeenCalled();
  // fs.watch reports asynchronously: give it a moment before reading what it saw.
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(appeared).toEqual([]);
  expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
}

const file = (label: string): Part => ({
  name: 'file',
  content: pdfNamed(label),
  filename: 'piece.pdf',
  type: 'application/pdf',
});
const documentParts = (requestId: number, typeDocumentId: number, label: string): Part[] => [
  { name: 'requestId', content: String(requestId) },
  { name: 'typeDocumentId', content: String(typeDocumentId) },
  file(label),
];

describe('POST document: the request and the right are checked before the file is read', () => {
  test('an account that cannot see the request: 404, nothing written', async () => {
    await expectRefusedUnwritten(
      await send('POST', '/api/document', stranger, documentParts(inCompleteness, 5, 'étranger')),
      404,
    );
  });

  test('the owner outside completeness: 409; a type it may not send: 400; nothing written', async () => {
    await expectRefusedUnwritten(
      await send('POST', '/api/document', owner, documentParts(inInstruction, 5, 'hors complétude')),
      409,
    );
    await expectRefusedUnwritten(
      await send('POST', '/api/document', owner, documentParts(inCompleteness, 93, 'arrêté')),
      400,
    );
  });

  test('a file sent before its fields is refused (the fields say where it goes), nothing written', async () => {
    const res = await send('POST', '/api/document', owner, [
      file('trop tôt'),
      { name: 'requestId', content: String(inCompleteness) },
      { name: 'typeDocumentId', content: '5' },
    ]);
    await expectRefusedUnwritten(res, 400);
    expect(res.json<{ message: string }>().message).toContain(
      'Les champs requestId et typeDocumentId doivent précéder le fichier.',
    );
  });

  test('the owner in completeness: 201, the file stored (the check lets the right uploads through)', async () => {
    const res = await send('POST', '/api/document', owner, documentParts(inCompleteness, 5, 'accepté'));
    expect(res.statusCode, res.body).toBe(201);
    expect(receive).toHaveBeenCalledTimes(1);
    // The watcher does see a temporary file come and go (what the refusals above never show).
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(appeared.some((name) => name.startsWith('tmp'))).toBe(true);
    expect(await filesUnder(path.join(t.config.dataDir, 'files'))).toHaveLength(1);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });
});

describe('routes with a request id: checked before any part is read', () => {
  test('PUT request/{id} by an account that cannot see it: 404; outside completeness: 409', async () => {
    const parts = filingParts(filingPayload(1), [1, 3]);
    await expectRefusedUnwritten(
      await send('PUT', `/api/request/${String(inCompleteness)}`, stranger, parts),
      404,
    );
    await expectRefusedUnwritten(
      await send('PUT', `/api/request/${String(inInstruction)}`, owner, parts),
      409,
    );
  });

  test('POST request/{id}/signature/signed: the applicant 403, a stranger 404, not in signature 409', async () => {
    const url = (id: number) => `/api/request/${String(id)}/signature/signed`;
    await expectRefusedUnwritten(await send('POST', url(inSignature), owner, [file('signé ?')]), 403);
    await expectRefusedUnwritten(await send('POST', url(inSignature), stranger, [file('signé ??')]), 404);
    await expectRefusedUnwritten(
      await send('POST', url(inInstruction), instructor, [file('pas en signature')]),
      409,
    );
  });

  test('PUT request/{id}/order: the applicant 403, in signature 409', async () => {
    const url = (id: number) => `/api/request/${String(id)}/order`;
    await expectRefusedUnwritten(await send('PUT', url(inInstruction), owner, [file('arrêté modifié')]), 403);
    await expectRefusedUnwritten(
      await send('PUT', url(inSignature), instructor, [file('arrêté en signature')]),
      409,
    );
  });
});
