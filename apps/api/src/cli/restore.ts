import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openStorage } from '../files/storage.ts';
import { cliOption, openConfiguredDatabase, runCli } from '../maintenance/cli-args.ts';
import { restoreBackup } from '../maintenance/restore.ts';

/**
 * npm run restore -- --dossier DIR [--remplacer] — restores a backup (npm run backup) into the
 * configured installation (DATABASE_URL, DATA_DIR or S3_BUCKET): a new one, or with --remplacer one whose
 * data it replaces. Stop the portal first (docs/operations.md).
 */
await runCli(async (args) => {
  const from = cliOption(args, '--dossier');
  if (!from) throw new Error('Indiquez la sauvegarde à restaurer : npm run restore -- --dossier <dossier>');
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const report = await restoreBackup({
      db: database.db,
      storage: await openStorage(config),
      fromDir: path.resolve(from),
      replace: args.includes('--remplacer'),
    });
    console.log(
      `Sauvegarde restaurée : ${String(report.tables)} tables, ${String(report.rows)} lignes et ${String(report.files)} fichiers vérifiés.${report.upgraded.length > 0 ? ` Schéma mis à jour : ${report.upgraded.join(', ')}.` : ''}`,
    );
  } finally {
    await database.close();
  }
});
