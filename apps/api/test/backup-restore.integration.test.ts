import { createHash } from 'node:crypto';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fromPglite, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import type { Database } from '../src/db/schema/index.ts';
import { FileStore } from '../src/files/file-store.ts';
import { LocalStorage } from '../src/files/local-storage.ts';
import { createBackup } from '../src/maintenance/backup.ts';
import { copiedTables } from '../src/maintenance/catalogue.ts';
import { restoreBackup } from '../src/maintenance/restore.ts';
import { keptStateCounts } from '../src/requests/state-counts.ts';
import { digestTable, inUtc } from '../src/maintenance/table-rows.ts';
import { transferDatabase } from '../src/maintenance/transfer.ts';
import { seedDemoAccounts } from '../src/users/demo-accounts.ts';
import { seedDemoRequests } from '../src/seed/demo-requests.ts';
import { tempDataDir } from './filing-helpers.ts';
import { createTestDatabase } from './test-db.ts';

// Npm run backup, npm run restore and npm run db:transfer on the demo data. A backup
// restored into a fresh installation gives back the same requests, documents (by hash),
// history and accounts; a backup altered in one row or one file restores nothing; the embedded
// database moves to the run's target (PostgreSQL under `npm run test:pg`), and a transfer cut
// short resumes.

let source: DatabaseHandle;
let sourceDir: string;
let backupDir: string;
const opened: DatabaseHandle[] = [];
const directories: string[] = [];

async function fresh(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  opened.push(handle);
  return handle;
}
async function directory(label: string): Promise<string> {
  const created = await tempDataDir(label);
  directories.push(created);
  return created;
}

beforeAll(async () => {
  // The embedded database, as a new installation runs it, with the demo data and its files.
  source = fromPglite(await openPglite({}));
  await migrateToLatest(source.db);
  sourceDir = await directory('sauvegarde-source');
  await seedDemoAccounts(source.db);
  await seedDemoRequests(source.db, {
    count: 60,
    store: new FileStore(sourceDir),
    now: new Date('2026-11-20T09:00:00Z'),
  });
  backupDir = await directory('sauvegarde');
  await createBackup({
    db: source.db,
    kind: 'pglite',
    storage: new LocalStorage(sourceDir),
    outDir: backupDir,
  });
}, 120_000);
afterAll(async () => {
  for (const handle of opened) await handle.close();
  await source?.close();
  for (const created of directories) await rm(created, { recursive: true, force: true });
});

/** What must come back: requests, documents, history, accounts, roles — as rows. */
async function picture(db: Kysely<Database>) {
  return db.transaction().execute(async (trx) => {
    await inUtc(trx);
    const digests: Record<string, unknown> = {};
    for (const table of await copiedTables(trx)) digests[table.name] = await digestTable(trx, table);
    return {
      requests: await trx
        .selectFrom('request')
        .select(['id', 'publicId', 'stateId', 'numaffaire', 'ownerUserId'])
        .orderBy('id')
        .execute(),
      documents: await trx
        .selectFrom('document')
        .select(['id', 'requestId', 'name', 'sha256', 'storageKey'])
        .orderBy('id')
        .execute(),
      accounts: await trx
        .selectFrom('stdUser')
        .select(['id', 'email', 'passwordHash'])
        .orderBy('id')
        .execute(),
      // Not copied: the target's triggers count its requests again as they are written.
      requestStateCounts: await keptStateCounts(trx),
      digests,
    };
  });
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const requestCount = async (db: Kysely<Database>) =>
  (
    await db
      .selectFrom('request')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('npm run backup and npm run restore', () => {
  test('a fresh installation restored from a backup has the same requests, documents (by hash), history and accounts', async () => {
    const before = await picture(source.db);
    expect(before.requests.length).toBeGreaterThan(60);
    expect(before.documents.length).toBeGreaterThan(10);
    const target = await fresh();
    const targetDir = await directory('restauration');
    const report = await restoreBackup({
      db: target.db,
      storage: new LocalStorage(targetDir),
      fromDir: backupDir,
    });
    expect(report.files).toBeGreaterThan(10);
    expect(await picture(target.db)).toEqual(before);
    // Every document's file is in the new store, with its content.
    const store = new FileStore(targetDir);
    for (const document of before.documents)
      expect(hashOf((await store.read(document.storageKey))!), document.name).toBe(document.sha256);
    // The sequences moved past the restored ids: the next request does not collide.
    const { rows } = await sql<{
      next: number;
    }>`SELECT nextval(pg_get_serial_sequence('request', 'id'))::int AS next`.execute(target.db);
    expect(rows[0]!.next).toBe(Math.max(...before.requests.map((request) => request.id)) + 1);

    // A second restore over it is refused without --remplacer, and replaces with it.
    await expect(
      restoreBackup({ db: target.db, storage: new LocalStorage(targetDir), fromDir: backupDir }),
    ).rejects.toThrow(
      'La base cible contient déjà des demandes : restaurez dans une installation neuve, ou confirmez le remplacement avec --remplacer.',
    );
    await restoreBackup({
      db: target.db,
      storage: new LocalStorage(targetDir),
      fromDir: backupDir,
      replace: true,
    });
    expect(await picture(target.db)).toEqual(before);
  });

  test('a backup altered in one row restores nothing, in French', async () => {
    const altered = await directory('sauvegarde-alteree');
    await cp(backupDir, altered, { recursive: true });
    const file = path.join(altered, 'tables', 'request.ndjson.gz');
    const text = gunzipSync(await readFile(file)).toString('utf8');
    const [first, ...rest] = text.split('\n');
    const row = JSON.parse(first!) as { reference: string | null };
    await writeFile(file, gzipSync([JSON.stringify({ ...row, reference: 'MODIFIÉE' }), ...rest].join('\n')));
    const target = await fresh();
    await expect(
      restoreBackup({
        db: target.db,
        storage: new LocalStorage(await directory('restauration-alteree')),
        fromDir: altered,
      }),
    ).rejects.toThrow(/^La table request ne correspond pas à sa source .* rien n'a été modifié\.$/);
    expect(await requestCount(target.db)).toBe(0);
    expect(await target.db.selectFrom('petitioner').select('id').execute()).toEqual([]);
  });

  test('a backup with an altered file restores nothing', async () => {
    const altered = await directory('sauvegarde-fichier');
    await cp(backupDir, altered, { recursive: true });
    const listed = (await readFile(path.join(altered, 'files.ndjson'), 'utf8')).split('\n')[0]!;
    const { path: relative } = JSON.parse(listed) as { path: string };
    await writeFile(path.join(altered, relative), 'pas le bon contenu');
    const target = await fresh();
    await expect(
      restoreBackup({
        db: target.db,
        storage: new LocalStorage(await directory('restauration-fichier')),
        fromDir: altered,
      }),
    ).rejects.toThrow(`Le fichier ${relative} ne correspond pas à son empreinte (SHA-256) : copie refusée.`);
    expect(await requestCount(target.db)).toBe(0);
  });

  test('a directory without a finished backup is refused', async () => {
    const target = await fresh();
    await expect(
      restoreBackup({
        db: target.db,
        storage: new LocalStorage(await directory('vide')),
        fromDir: await directory('pas-de-sauvegarde'),
      }),
    ).rejects.toThrow(/^Aucune sauvegarde terminée dans .* \(manifest\.json absent ou illisible\)\.$/);
  });
});

describe('npm run db:transfer: the embedded database to the target', () => {
  test('every table identical (count and digest); a transfer cut short resumes where it stopped', async () => {
    const target = await fresh();
    let committed = 0;
    await expect(
      transferDatabase({
        from: source.db,
        to: target.db,
        afterTable: () => {
          committed += 1;
          if (committed === 20) throw new Error('coupure simulée');
        },
      }),
    ).rejects.toThrow('coupure simulée');
    const resumed = await transferDatabase({ from: source.db, to: target.db });
    // The first 20 tables were already there: skipped, not copied again.
    const order = (await copiedTables(source.db)).map((table) => table.name);
    for (const name of order.slice(0, 20)) expect(resumed.skipped, name).toContain(name);
    expect(resumed.copied.map((table) => table.name)).toContain('history_log');
    const [copied, original] = [await picture(target.db), await picture(source.db)];
    expect(copied.digests).toEqual(original.digests);
    expect(copied.requestStateCounts).toEqual(original.requestStateCounts);
    expect(await requestCount(target.db)).toBe(await requestCount(source.db));
    // Once more: nothing to do.
    expect((await transferDatabase({ from: source.db, to: target.db })).copied).toEqual([]);
  });
});
