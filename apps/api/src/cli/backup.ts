import path from 'node:path';
import { loadConfig } from '../config.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openStorage } from '../files/storage.ts';
import { createBackup } from '../maintenance/backup.ts';
import { cliOption, openConfiguredDatabase, runCli } from '../maintenance/cli-args.ts';

/**
 * npm run backup [-- --dossier DIR] — the database's rows and the kept files (documents,
 * templates; from DATA_DIR or the S3 bucket) in one directory, by default `sauvegardes/sauvegarde-<date>` (docs/operations.md).
 * On PostgreSQL the portal may keep running; on the embedded database stop it first (PGlite is
 * one process's database).
 */
await runCli(async (args) => {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const outDir = path.resolve(
    cliOption(args, '--dossier') ?? path.join('sauvegardes', `sauvegarde-${stamp}`),
  );
  const database = await openConfiguredDatabase(config);
  try {
    await migrateToLatest(database.db);
    const manifest = await createBackup({
      db: database.db,
      kind: database.kind,
      storage: await openStorage(config),
      outDir,
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Sauvegarde écrite dans ${outDir} : ${String(manifest.tables.length)} tables, ${String(rows)} lignes, ${String(manifest.files.count)} fichiers (${(manifest.files.bytes / 1_048_576).toFixed(1)} Mo).`,
    );
  } finally {
    await database.close();
  }
});
