import path from 'node:path';
import { loadConfig } from '../config.ts';
import { fromPostgresUrl } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { LocalStorage } from '../files/local-storage.ts';
import { cliOption, openConfiguredDatabase, runCli } from '../maintenance/cli-args.ts';
import { copyKeptFile, listKeptFiles } from '../maintenance/data-files.ts';
import { transferDatabase } from '../maintenance/transfer.ts';

/**
 * npm run db:transfer -- --vers postgres://… [--dossier-donnees DIR] — moves the installation's
 * rows from the configured database (the embedded one unless DATABASE_URL is set) to a
 * PostgreSQL/PostGIS database, checked table by table (count and digest), resumable: run it
 * again after an interruption. The files stay in DATA_DIR, or are copied and checked into
 * --dossier-donnees (to an S3 bucket: npm run storage:migrate). Stop the portal first; then start it with DATABASE_URL set to the target
 * (docs/operations.md).
 */
await runCli(async (args) => {
  const url = cliOption(args, '--vers');
  if (!url?.startsWith('postgres'))
    throw new Error('Indiquez la base PostgreSQL cible : npm run db:transfer -- --vers postgres://…');
  const config = loadConfig();
  const source = await openConfiguredDatabase(config);
  const target = await fromPostgresUrl(url, { max: 2 });
  try {
    await migrateToLatest(source.db);
    await migrateToLatest(target.db);
    const report = await transferDatabase({
      from: source.db,
      to: target.db,
      afterTable: (name) => console.log(`  table ${name} : vérifiée`),
    });
    const rows = report.copied.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Transfert terminé : ${String(report.copied.length)} tables copiées (${String(rows)} lignes), ${String(report.skipped.length)} déjà identiques.`,
    );
    const dataDir = cliOption(args, '--dossier-donnees');
    if (dataDir && path.resolve(dataDir) !== path.resolve(config.dataDir)) {
      const [from, to] = [new LocalStorage(config.dataDir), new LocalStorage(dataDir)];
      const files = await listKeptFiles(from);
      for (const file of files) await copyKeptFile(from, to, file);
      console.log(`${String(files.length)} fichiers copiés et vérifiés dans ${path.resolve(dataDir)}.`);
    }
  } finally {
    await target.close();
    await source.close();
  }
});
