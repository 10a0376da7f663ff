import { randomUUID } from 'node:crypto';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { claimContents, releaseClaims, removeIfUnreferenced } from '../src/files/content-claims.ts';
import { FileStore } from '../src/files/file-store.ts';
import { FILE_SWEEP_JOB, startFileSweeper, sweepFiles } from '../src/files/file-sweeper.ts';
import { claimScheduledRun } from '../src/files/scheduled-job.ts';
import type { AcceptedFile } from '../src/requests/filing/filing-checks.ts';
import { withStoredFiles } from '../src/requests/filing/stored-files.ts';
import { createRequest } from './requests-factory.ts';
import { createTestDatabase } from './test-db.ts';
import { filesUnder, pdfNamed, tempDataDir } from './filing-helpers.ts';

// What crashes leave (temporary files, stored files without a row) is swept
// at start-up and hourly, without ever deleting a file a row or a filing under way needs.

const HOUR = 3600;
let handle: DatabaseHandle;
let dataDir: string;
let store: FileStore;
let requestId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  requestId = (await createRequest(handle.db, { state: 3 })).id;
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = await tempDataDir('sweeper');
  store = new FileStore(dataDir);
  await handle.db.deleteFrom('fileClaim').execute();
  await handle.db.deleteFrom('document').execute();
});
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const db = () => handle.db;
/** The store on DATA_DIR: where its files are on disk. */
const filesDir = () => path.join(dataDir, 'files');
const storedPath = (storageKey: string) => path.join(filesDir(), storageKey);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR * 1000);
const age = (file: string, hours: number) => utimes(file, hoursAgo(hours), hoursAgo(hours));

/** A content put in the store, as old as asked; its sha256. */
async function stored(label: string, hours: number): Promise<string> {
  const received = await store.receive(Readable.from([pdfNamed(label)]));
  const put = await store.put(received);
  await store.discard(received);
  await age(storedPath(put.storageKey), hours);
  return put.sha256;
}

async function documentRow(sha256: string) {
  await db()
    .insertInto('document')
    .values({
      requestId,
      stdUserId: null,
      typeDocumentId: 1,
      name: 'p.pdf',
      mimeType: 'application/pdf',
      size: 1,
      sha256,
      storageKey: store.keyOf(sha256),
    })
    .execute();
}

describe('sweepFiles', () => {
  test('removes old temporaries and old unreferenced stored files; keeps the young, the referenced and the claimed', async () => {
    const tempOld = path.join(store.tempDir, 'upload-old');
    const tempYoung = path.join(store.tempDir, 'upload-young');
    await mkdir(store.tempDir, { recursive: true });
    await writeFile(tempOld, Buffer.alloc(1000));
    await writeFile(tempYoung, Buffer.alloc(10));
    await age(tempOld, 2);
    const modeles = path.join(dataDir, 'modeles');
    await mkdir(modeles, { recursive: true });
    const template = path.join(modeles, '01-arrete.docx');
    const templateTemp = `${template}.${randomUUID()}.tmp`;
    await writeFile(template, 'modèle');
    await writeFile(templateTemp, 'à moitié');
    await age(template, 5);
    await age(templateTemp, 2);
    // A stored file's copy cut short by a crash, beside where it was going (local-storage.ts).
    const storeTemp = path.join(filesDir(), 'ab', `${'ab'.repeat(32)}.${randomUUID()}.tmp`);
    await mkdir(path.dirname(storeTemp), { recursive: true });
    await writeFile(storeTemp, Buffer.alloc(100));
    await age(storeTemp, 2);
    const foreign = path.join(filesDir(), 'LISEZMOI.txt');
    await mkdir(filesDir(), { recursive: true });
    await writeFile(foreign, 'pas un fichier du magasin');
    await age(foreign, 5);

    const orphan = await stored('orphelin', 2);
    const young = await stored('récent', 0);
    const referenced = await stored('référencé', 2);
    await documentRow(referenced);
    const claimed = await stored('réservé', 2);
    await claimContents(db(), [claimed]);
    const abandoned = await stored('réservé par un processus mort', 2);
    const [staleClaim] = await claimContents(db(), [abandoned]);
    await db()
      .updateTable('fileClaim')
      .set({ createdAt: hoursAgo(2) })
      .where('id', '=', staleClaim!)
      .execute();

    const report = await sweepFiles({ db: db(), store, graceSeconds: HOUR });

    expect(report).toMatchObject({ tempFiles: 3, orphanFiles: 2, staleClaims: 1 });
    expect(report.tempBytes).toBe(1000 + 100 + Buffer.byteLength('à moitié'));
    expect(await filesUnder(store.tempDir)).toEqual(['upload-young']);
    expect(await filesUnder(modeles)).toEqual(['01-arrete.docx']);
    const left = await filesUnder(filesDir());
    expect(left).toEqual(
      [
        foreign,
        storedPath(store.keyOf(young)),
        storedPath(store.keyOf(referenced)),
        storedPath(store.keyOf(claimed)),
      ]
        .map((file) => path.relative(filesDir(), file))
        .sort(),
    );
    expect(left).not.toContain(store.keyOf(orphan));
    expect(left).not.toContain(store.keyOf(abandoned));
  });

  test('with no grace (FILE_SWEEP_GRACE_SECONDS=0) every leftover goes, every referenced file stays', async () => {
    const kept = await stored('gardé', 0);
    await documentRow(kept);
    await stored('laissé', 0);
    await mkdir(store.tempDir, { recursive: true });
    await writeFile(path.join(store.tempDir, 'upload-x'), 'x');
    const report = await sweepFiles({ db: db(), store, graceSeconds: 0 });
    expect(report).toMatchObject({ tempFiles: 1, orphanFiles: 1 });
    expect(await filesUnder(filesDir())).toEqual([store.keyOf(kept)]);
    expect(await filesUnder(store.tempDir)).toEqual([]);
  });
});

describe('who may delete a stored file', () => {
  test('never while a row names it or a filing claims it', async () => {
    const sha = await stored('disputé', 0);
    const [claim] = await claimContents(db(), [sha]);
    expect(await removeIfUnreferenced({ db: db(), store }, sha)).toBe(false);
    await releaseClaims(db(), [claim!]);
    await documentRow(sha);
    expect(await removeIfUnreferenced({ db: db(), store }, sha)).toBe(false);
    expect(await store.sizeOf(store.keyOf(sha))).not.toBeNull();
    await db().deleteFrom('document').where('sha256', '=', sha).execute();
    expect(await removeIfUnreferenced({ db: db(), store }, sha)).toBe(true);
    expect(await store.sizeOf(store.keyOf(sha))).toBeNull();
  });

  test('a failed filing removes the file it wrote, but not one another process has claimed meanwhile', async () => {
    const content = pdfNamed('partagé entre deux instances');
    const accepted = async (): Promise<AcceptedFile> => {
      const received = await store.receive(Readable.from([content]));
      return {
        typeDocumentId: 1,
        filename: 'p.pdf',
        mimeType: 'application/pdf',
        part: { fieldname: 'document-1', filename: 'p.pdf', received },
      };
    };
    const failing = () => Promise.reject(new Error('panne'));

    const first = await accepted();
    await expect(withStoredFiles({ db: db(), store }, [first], failing)).rejects.toThrow('panne');
    expect(await filesUnder(filesDir())).toEqual([]);

    // Another instance is filing the same content (claimed, its row not committed yet).
    const [other] = await claimContents(db(), [first.part.received.sha256]);
    const second = await accepted();
    await expect(withStoredFiles({ db: db(), store }, [second], failing)).rejects.toThrow('panne');
    expect(await filesUnder(filesDir())).toEqual([store.keyOf(first.part.received.sha256)]);
    await releaseClaims(db(), [other!]);
    expect(await db().selectFrom('fileClaim').select('id').execute()).toEqual([]);
    await store.discard(first.part.received);
    await store.discard(second.part.received);
  });

  test('a successful filing leaves its file, its row and no claim', async () => {
    const received = await store.receive(Readable.from([pdfNamed('déposé')]));
    const file: AcceptedFile = {
      typeDocumentId: 1,
      filename: 'p.pdf',
      mimeType: 'application/pdf',
      part: { fieldname: 'document-1', filename: 'p.pdf', received },
    };
    await withStoredFiles({ db: db(), store }, [file], async ([put]) => {
      // While the row is written, the content is claimed: no sweep may take it.
      expect(await db().selectFrom('fileClaim').select('sha256').execute()).toEqual([
        { sha256: put!.sha256 },
      ]);
      expect(await removeIfUnreferenced({ db: db(), store }, put!.sha256)).toBe(false);
      await documentRow(put!.sha256);
    });
    await store.discard(received);
    expect(await db().selectFrom('fileClaim').select('id').execute()).toEqual([]);
    expect(await sweepFiles({ db: db(), store, graceSeconds: 0 })).toMatchObject({ orphanFiles: 0 });
    expect(await filesUnder(filesDir())).toEqual([store.keyOf(received.sha256)]);
  });
});

describe('the schedule: at start-up, then one instance per hour', () => {
  test('claimScheduledRun lets one caller win each period', async () => {
    const name = `job-${randomUUID()}`;
    expect(await claimScheduledRun(db(), name, HOUR)).toBe(true);
    expect(await claimScheduledRun(db(), name, HOUR)).toBe(false);
    expect(await claimScheduledRun(db(), name, HOUR)).toBe(false);
    await db()
      .updateTable('scheduledJob')
      .set({ lastRunAt: hoursAgo(2) })
      .where('name', '=', name)
      .execute();
    const racing = await Promise.all([
      claimScheduledRun(db(), name, HOUR),
      claimScheduledRun(db(), name, HOUR),
    ]);
    expect(racing.filter(Boolean)).toHaveLength(1);
  });

  test('startFileSweeper sweeps at once, records the run, and stops cleanly', async () => {
    await stored('laissé par un arrêt brutal', 2);
    await db().deleteFrom('scheduledJob').where('name', '=', FILE_SWEEP_JOB).execute();
    const reports: unknown[] = [];
    const sweeper = startFileSweeper({
      db: db(),
      store,
      graceSeconds: HOUR,
      onSwept: (report) => reports.push(report),
      onError: (error) => reports.push(error),
    });
    expect(await sweeper.firstRun).toMatchObject({ orphanFiles: 1 });
    await sweeper.stop();
    expect(reports).toHaveLength(1);
    expect(await filesUnder(filesDir())).toEqual([]);
    const run = await db()
      .selectFrom('scheduledJob')
      .select(sql<boolean>`last_run_at > now() - interval '1 minute'`.as('recent'))
      .where('name', '=', FILE_SWEEP_JOB)
      .executeTakeFirst();
    expect(run).toEqual({ recent: true });
    // Within the hour, another instance's timer does not sweep again.
    expect(await claimScheduledRun(db(), FILE_SWEEP_JOB, HOUR * 0.9)).toBe(false);
  });
});
