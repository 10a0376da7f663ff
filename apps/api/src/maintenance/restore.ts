import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { MIGRATIONS } from '../db/migrations/index.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema/index.ts';
import { backupFiles, backupRows, readManifest, type BackupManifest } from './backup.ts';
import { appliedMigrations, copiedTables } from './catalogue.ts';
import { LocalStorage } from '../files/local-storage.ts';
import type { ObjectStorage } from '../files/object-storage.ts';
import { KEPT_PREFIXES } from '../files/object-storage.ts';
import { copyKeptFile } from './data-files.ts';
import { inUtc, replaceTableRows } from './table-rows.ts';

// npm run restore (docs/operations.md): a backup (backup.ts) into an installation —
// a new one, or, with `replace`, one whose data it replaces. The target's schema is first
// brought to the backup's migrations (a backup of an older version restores into a newer
// portal), the kept files are copied and checked by their hash, then every table is replaced in
// one transaction, each checked against the backup's row count and digest — one difference and
// nothing is written — and the schema is brought to the latest version.

const known = Object.keys(MIGRATIONS).sort();

/** True when `prefix` is the start of `list`. */
const startsWith = (list: readonly string[], prefix: readonly string[]) =>
  prefix.every((name, index) => list[index] === name);

/** Brings the target's schema to the backup's migrations, or says why it cannot. */
async function schemaAsBackup(db: Kysely<Database>, manifest: BackupManifest): Promise<void> {
  if (!startsWith(known, manifest.migrations))
    throw new Error(
      "Cette sauvegarde vient d'une version du portail que celle-ci ne connaît pas (migrations différentes) : restaurez-la avec la même version, ou une plus récente.",
    );
  const applied = await appliedMigrations(db);
  if (!startsWith(manifest.migrations, applied))
    throw new Error(
      'La base cible a un schéma plus récent que la sauvegarde : restaurez dans une base neuve (vide), le portail la mettra à jour ensuite.',
    );
  const last = manifest.migrations.at(-1);
  if (!last || applied.length === manifest.migrations.length) return;
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
  const { error } = await migrator.migrateTo(last);
  if (error)
    throw new Error(
      `Échec de la préparation du schéma : ${error instanceof Error ? error.message : JSON.stringify(error)}`,
    );
}

export interface RestoreReport {
  tables: number;
  rows: number;
  files: number;
  /** Migrations applied after the data, when the backup came from an older version. */
  upgraded: string[];
}

/** Restores the backup of `fromDir` into `db` and `storage`. */
export async function restoreBackup(options: {
  db: Kysely<Database>;
  storage: ObjectStorage;
  fromDir: string;
  /** Replace an installation's requests (refused otherwise: a restore is for a new installation). */
  replace?: boolean;
}): Promise<RestoreReport> {
  const { db, storage, fromDir } = options;
  const manifest = await readManifest(fromDir);
  await schemaAsBackup(db, manifest);
  if (!options.replace) {
    const { rows } = await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM request) AS found`.execute(
      db,
    );
    if (rows[0]?.found)
      throw new Error(
        'La base cible contient déjà des demandes : restaurez dans une installation neuve, ou confirmez le remplacement avec --remplacer.',
      );
  }
  // Files first: content-addressed, an extra one harms nothing (the file sweeper removes what
  // no row names), while a row without its file would.
  const files = await backupFiles(fromDir);
  // Only the kept places: an edited list naming `pglite/…` would write over the database.
  const foreign = files.find((file) => !KEPT_PREFIXES.some((prefix) => file.path.startsWith(prefix)));
  if (foreign) throw new Error(`La sauvegarde nomme un fichier hors des dossiers gardés : ${foreign.path}.`);
  const kept = new LocalStorage(fromDir);
  for (const file of files) await copyKeptFile(kept, storage, file.path, file);
  const rows = await db.transaction().execute(async (trx) => {
    await inUtc(trx);
    const tables = await copiedTables(trx);
    const expected = new Map(manifest.tables.map((table) => [table.name, table]));
    const unknown = tables.filter((table) => !expected.has(table.name)).map((table) => table.name);
    if (unknown.length > 0 || tables.length !== manifest.tables.length)
      throw new Error(`Les tables de la sauvegarde ne sont pas celles du schéma (${unknown.join(', ')}).`);
    // Emptied at once: row by row, a parent could not go before its children.
    await sql`TRUNCATE ${sql.join(tables.map((table) => sql.id(table.name)))}`.execute(trx);
    for (const table of tables)
      await replaceTableRows(trx, table, backupRows(fromDir, table.name), expected.get(table.name)!);
    return manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  });
  const upgraded = await migrateToLatest(db);
  return { tables: manifest.tables.length, rows, files: files.length, upgraded };
}
