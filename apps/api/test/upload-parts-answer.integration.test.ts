import { rm } from 'node:fs/promises';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { FileStore } from '../src/files/file-store.ts';
import { UPLOAD_LIMITS } from '../src/files/multipart-limits.ts';
import { refuseAnswersDuringUploadWork, withUploadParts } from '../src/files/upload-parts.ts';
import { filesUnder, multipart as multipartBody, PDF, tempDataDir } from './filing-helpers.ts';

// withUploadParts answers with what `work` returns, once the temporary files are dropped: a
// handler that answers itself with reply.send() inside `work` is refused (500), not sent early.

const app = Fastify();
let dataDir: string;
let store: FileStore;

beforeAll(async () => {
  dataDir = await tempDataDir('upload-parts-answer');
  store = new FileStore(dataDir);
  await app.register(multipart, { throwFileSizeLimit: false });
  refuseAnswersDuringUploadWork(app);
  const options = { maxBytes: 1024 * 1024, limits: UPLOAD_LIMITS.singleFile };
  app.post('/returns', async (request, reply) =>
    withUploadParts(request, store, options, (parts) => {
      reply.code(201);
      return Promise.resolve({ files: parts.files.length });
    }),
  );
  app.post('/sends', async (request, reply) =>
    withUploadParts(request, store, options, async (parts) => {
      await reply.code(201).send({ files: parts.files.length });
      return reply;
    }),
  );
  app.post('/fails', async (request) =>
    withUploadParts(request, store, options, () => Promise.reject(new Error('refused by the route'))),
  );
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (url: string) =>
  app.inject({ method: 'POST', url, ...multipartBody([{ name: 'file', content: PDF, filename: 'a.pdf' }]) });

describe('withUploadParts: the answer is what `work` returns', () => {
  test('a returned answer is sent, the temporary file dropped', async () => {
    const response = await upload('/returns');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ files: 1 });
    expect(await filesUnder(store.tempDir)).toEqual([]);
  });

  test('reply.send() inside `work` is refused with a 500, the temporary file dropped all the same', async () => {
    const response = await upload('/sends');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('"files"');
    // Refused as it is sent, while `work` still runs: its files are dropped once it ends.
    await vi.waitFor(async () => expect(await filesUnder(store.tempDir)).toEqual([]));
    // The refusal concerns that request alone: the next one answers as usual.
    expect((await upload('/returns')).statusCode).toBe(201);
  });

  test("a failing `work` is answered by the error handler, not taken for the handler's own send", async () => {
    const response = await upload('/fails');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ message: 'refused by the route' });
    expect(await filesUnder(store.tempDir)).toEqual([]);
  });
});
