import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { LocalStorage } from '../src/files/local-storage.ts';
import { S3Storage, STORAGE_UNAVAILABLE_MESSAGE } from '../src/files/s3-storage.ts';
import { migrateStorage } from '../src/maintenance/storage-migrate.ts';
import {
  filesUnder,
  filingParts,
  filingPayload,
  MANDATORY,
  multipart,
  pdfNamed,
  tempDataDir,
} from './filing-helpers.ts';
import { insertGeoFixtures } from './geo-fixtures.ts';
import { countRows, createRequest, createUser, type TestUser } from './requests-factory.ts';
import { S3TestServer } from './s3-server.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Files in object storage (ADR 0006): with S3_BUCKET set, every file the portal keeps goes to
// the bucket of an S3-compatible server (here s3rver, a real S3-protocol server on a local
// port), streamed both ways; the bucket cut off, an upload fails in French and leaves no row
// without its file; npm run storage:migrate moves a disk's files there, checked by hash.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const s3 = new S3TestServer();
let t: TestApp;
let dataDir: string;
let bucket: S3Storage;
let owner: TestUser;
let admin: TestUser;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const keyOf = (bytes: Buffer) => `files/${sha256(bytes).slice(0, 2)}/${sha256(bytes)}`;
const listed = async (prefix: string) => {
  const objects = [];
  for await (const object of bucket.list(prefix)) objects.push(object);
  return objects;
};

beforeAll(async () => {
  await s3.start();
  dataDir = await tempDataDir('s3');
  t = await createTestApp({ DATA_DIR: dataDir, ...s3.env });
  bucket = new S3Storage(loadConfig(s3.env).s3!);
  await insertGeoFixtures(t.database.db);
  owner = await createUser(t, ['ROLE_DEMANDEUR']);
  admin = await createUser(t, ['ROLE_ADMIN']);
});
afterAll(async () => {
  await t?.close();
  bucket?.close();
  await s3.dispose();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });
const send = (url: string, user: TestUser, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
};
const documentParts = (requestId: number, content: Buffer) => [
  { name: 'requestId', content: String(requestId) },
  { name: 'typeDocumentId', content: '5' },
  { name: 'file', content, filename: 'piece.pdf', type: 'application/pdf' },
];
const count = (table: 'request' | 'document' | 'fileClaim') => countRows(t.database.db, table);

describe('files in an S3-compatible bucket', () => {
  test("a filing's documents go to the bucket and come back whole; nothing stays on the instance's disk", async () => {
    const contents = MANDATORY[1].map((typeId) => ({ typeId, content: pdfNamed(`s3 ${String(typeId)}`) }));
    const res = await send('/api/request', owner, filingParts(filingPayload(1), contents));
    expect(res.statusCode, res.body).toBe(201);
    const documents = await t.database.db
      .selectFrom('document')
      .select(['id', 'sha256'])
      .where('requestId', '=', res.json<{ data: { id: number } }>().data.id)
      .execute();
    expect(documents).toHaveLength(contents.length);
    for (const { content } of contents) {
      expect(await bucket.readBytes(keyOf(content))).toEqual(content);
      const document = documents.find((row) => row.sha256 === sha256(content))!;
      const download = await get(`/api/document/${String(document.id)}/file`, owner);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload).toEqual(content);
    }
    expect(await filesUnder(path.join(dataDir, 'files'))).toEqual([]);
    expect(await filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  test('the templates are in the bucket: the default written there on first use, a replacement read from it', async () => {
    const first = await get('/api/modele/6/file', admin);
    expect(first.statusCode).toBe(200);
    const [stored] = (await listed('modeles/')).filter((object) => object.key.includes('06-'));
    expect(stored?.size).toBe(first.rawPayload.length);
    expect(await filesUnder(path.join(dataDir, 'modeles'))).toEqual([]);
    const reset = await t.app.inject({ method: 'POST', url: '/api/modele/6/reset', headers: admin.headers });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await get('/api/modele/6/file', admin)).rawPayload).toEqual(await bucket.readBytes(stored!.key));
  });

  test('a large file streams in and out (no whole file in memory) with its exact bytes', async () => {
    const local = path.join(dataDir, 'gros.bin');
    const big = Buffer.alloc(24 * 1024 * 1024, 7);
    big.write('%PDF-1.4 gros fichier', 0);
    await writeFile(local, big);
    expect(await bucket.putFile('essais/gros.bin', local)).toBe(true);
    expect(await bucket.putFile('essais/gros.bin', local, { ifAbsent: true })).toBe(false);
    const hash = createHash('sha256');
    for await (const chunk of await bucket.open('essais/gros.bin')) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(sha256(big));
    expect((await bucket.stat('essais/gros.bin'))?.size).toBe(big.length);
    await bucket.remove('essais/gros.bin');
    expect(await bucket.stat('essais/gros.bin')).toBeNull();
    // A 'folder' a console created is not listed as a file.
    await bucket.putBytes('essais/', Buffer.alloc(0));
    await bucket.putBytes('essais/petit.txt', Buffer.from('petit'));
    expect((await listed('essais/')).map((object) => object.key)).toEqual(['essais/petit.txt']);
  });

  test('the bucket cut off: the upload fails with a French error and leaves no row, no claim, no temporary file', async () => {
    const { id } = await createRequest(t.database.db, { state: 8, owner });
    const before = { documents: await count('document'), requests: await count('request') };
    const piece = pdfNamed('pendant la panne');
    await s3.stop();
    try {
      const upload = await send('/api/document', owner, documentParts(id, piece));
      expect(upload.statusCode, upload.body).toBe(503);
      expect(upload.json()).toMatchObject({
        success: false,
        code: 'STORAGE_UNAVAILABLE',
        message: STORAGE_UNAVAILABLE_MESSAGE,
      });
      const filing = await send(
        '/api/request',
        owner,
        filingParts(
          filingPayload(2),
          MANDATORY[2].map((typeId) => ({ typeId, content: pdfNamed(`panne ${String(typeId)}`) })),
        ),
      );
      expect(filing.statusCode, filing.body).toBe(503);
      expect(filing.json<{ message: string }>().message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
      expect({ documents: await count('document'), requests: await count('request') }).toEqual(before);
      // Reading is refused the same way: a template, a document.
      const template = await get('/api/modele/6/file', admin);
      expect(template.statusCode, template.body).toBe(503);
      expect(template.json<{ message: string }>().message).toBe(STORAGE_UNAVAILABLE_MESSAGE);
      expect(await count('fileClaim')).toBe(0);
      expect(await filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
    } finally {
      await s3.start();
    }
    // Back: the same upload goes through, and its file is there.
    const retried = await send('/api/document', owner, documentParts(id, piece));
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await bucket.readBytes(keyOf(piece))).toEqual(piece);
  });
});

describe('npm run storage:migrate', () => {
  test('copies the files of a disk to the bucket, checks each by hash, resumes, and leaves out a damaged one', async () => {
    const source = await tempDataDir('s3-migrate');
    const disk = new LocalStorage(source);
    const order = pdfNamed('arrêté signé');
    const template = Buffer.from('PK modèle de test');
    await disk.putBytes(keyOf(order), order);
    await disk.putBytes('modeles/01-arrete-permission-reseaux.docx', template);
    // A content whose bytes no longer match its name.
    const damaged = `files/ab/ab${'0'.repeat(62)}`;
    await mkdir(path.join(source, 'files', 'ab'), { recursive: true });
    await writeFile(path.join(source, damaged), 'abîmé');
    const target = new S3Storage({ ...loadConfig(s3.env).s3!, prefix: 'migration/' });
    try {
      expect(await migrateStorage({ from: disk, to: target })).toEqual({
        copied: 2,
        alreadyThere: 0,
        bytes: order.length + template.length,
        damaged: [damaged],
      });
      expect(await target.readBytes(keyOf(order))).toEqual(order);
      expect(await target.readBytes('modeles/01-arrete-permission-reseaux.docx')).toEqual(template);
      expect(await target.stat(damaged)).toBeNull();
      // Again (an interrupted run resumed): nothing sent twice; an object altered in the bucket is sent again.
      expect(await migrateStorage({ from: disk, to: target })).toMatchObject({ copied: 0, alreadyThere: 2 });
      await target.putBytes('modeles/01-arrete-permission-reseaux.docx', Buffer.from('autre chose'));
      expect(await migrateStorage({ from: disk, to: target })).toMatchObject({ copied: 1, alreadyThere: 1 });
      expect(await target.readBytes('modeles/01-arrete-permission-reseaux.docx')).toEqual(template);

      // The command itself, as an administrator runs it.
      const cli = await promisify(execFile)('npx', ['tsx', 'apps/api/src/cli/storage-migrate.ts'], {
        cwd: ROOT,
        env: { ...process.env, ...s3.env, S3_PREFIX: 'commande', DATA_DIR: source },
      }).catch((error: { stdout: string; stderr: string; code: number }) => error);
      expect(cli.stdout).toContain('Migration terminée : 2 fichiers copiés et vérifiés');
      expect(cli.stderr).toContain(`${damaged} : altéré`);
      expect('code' in cli ? cli.code : 0).toBe(1);
      expect(
        await new S3Storage({ ...loadConfig(s3.env).s3!, prefix: 'commande/' }).readBytes(keyOf(order)),
      ).toEqual(order);
    } finally {
      target.close();
      await rm(source, { recursive: true, force: true });
    }
  });
});
