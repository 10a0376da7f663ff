import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { appliedMigrations, copiedTables, type CopiedTable } from './catalogue.ts';
import { LocalStorage } from '../files/local-storage.ts';
import type { ObjectStorage } from '../files/object-storage.ts';
import { copyKeptFile, listKeptFiles, type KeptFile } from './data-files.ts';
import { BATCH_ROWS, RowDigest, inUtc, tableRows, type TableDigest } from './table-rows.ts';

// npm run backup (docs/operations.md): the database's rows and the kept files of an
// installation, in one directory that a fresh installation restores (restore.ts):
//   manifest.json          format, date, migrations, each table's row count and digest
//   tables/<table>.ndjson.gz   the rows as JSON, one per line, in key order
//   files.ndjson           each kept file's path, size and SHA-256
//   files/…, modeles/…     the kept files, as under DATA_DIR
// The rows are read in one repeatable-read transaction: one consistent picture even while the
// portal runs. Files are copied after it, each checked by its hash.

export const BACKUP_FORMAT = 'voirie-sauvegarde/1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The schema's migrations when the backup was made (a restore brings its target there first). */
  migrations: string[];
  tables: ({ name: string } & TableDigest)[];
  files: { count: number; bytes: number };
}

const tableFile = (directory: string, table: string) => path.join(directory, 'tables', `${table}.ndjson.gz`);

/** Streams a table's rows to its gzipped file; returns their count and digest. */
async function writeTable(db: Kysely<Database>, table: CopiedTable, file: string): Promise<TableDigest> {
  const digest = new RowDigest();
  async function* lines() {
    for await (const batch of tableRows(db, table)) {
      digest.add(batch);
      yield batch.map((row) => `${row}\n`).join('');
    }
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file));
  return digest.result();
}

/** Writes a backup of the database and of the storage's kept files into `outDir` (new or empty). */
export async function createBackup(options: {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  storage: ObjectStorage;
  outDir: string;
}): Promise<BackupManifest> {
  const { db, storage, outDir } = options;
  await mkdir(path.join(outDir, 'tables'), { recursive: true });
  const existing = await readdir(path.join(outDir, 'tables'));
  if (existing.length > 0) throw new Error(`Le dossier ${outDir} contient déjà une sauvegarde.`);
  const { migrations, tables } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await inUtc(trx);
      const copied = await copiedTables(trx);
      const digests = [];
      for (const table of copied)
        digests.push({ name: table.name, ...(await writeTable(trx, table, tableFile(outDir, table.name))) });
      return { migrations: await appliedMigrations(trx), tables: digests };
    });
  const files: KeptFile[] = [];
  const kept = new LocalStorage(outDir);
  for (const key of await listKeptFiles(storage)) files.push(await copyKeptFile(storage, kept, key));
  await writeFile(
    path.join(outDir, 'files.ndjson'),
    files.map((file) => `${JSON.stringify(file)}\n`).join(''),
  );
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: options.kind,
    migrations,
    tables,
    files: { count: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) },
  };
  // Written last: a directory without its manifest is an unfinished backup.
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads a backup's manifest, refusing what is not a finished backup of this format. */
export async function readManifest(directory: string): Promise<BackupManifest> {
  let manifest: { format?: unknown };
  try {
    manifest = JSON.parse(await readFile(path.join(directory, 'manifest.json'), 'utf8')) as {
      format?: unknown;
    };
  } catch {
    throw new Error(`Aucune sauvegarde terminée dans ${directory} (manifest.json absent ou illisible).`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(
      `Format de sauvegarde inconnu : ${JSON.stringify(manifest.format)} (attendu « ${BACKUP_FORMAT} »).`,
    );
  return manifest as BackupManifest;
}

/** A backup's rows of one table, batch by batch, as written. */
export async function* backupRows(directory: string, table: string): AsyncGenerator<string[]> {
  const lines = createInterface({
    input: createReadStream(tableFile(directory, table)).pipe(createGunzip()),
  });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length === BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** A backup's kept files, as listed when it was made. */
export async function backupFiles(directory: string): Promise<KeptFile[]> {
  const text = await readFile(path.join(directory, 'files.ndjson'), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as KeptFile);
}
