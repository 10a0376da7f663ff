import path from 'node:path';
import { loadConfig } from '../config.ts';
import { LocalStorage } from '../files/local-storage.ts';
import { openStorage } from '../files/storage.ts';
import { cliOption, runCli } from '../maintenance/cli-args.ts';
import { migrateStorage } from '../maintenance/storage-migrate.ts';

/**
 * npm run storage:migrate [-- --depuis DIR] — copies the files kept under DATA_DIR (or DIR) to
 * the S3 bucket the configuration names (S3_BUCKET…), each read back and checked by its SHA-256;
 * run it again after an interruption, it resumes (docs/operations.md). The portal may keep
 * running on disk meanwhile: run it once more just before restarting on the bucket.
 */
await runCli(async (args) => {
  const config = loadConfig();
  if (!config.s3)
    throw new Error(
      'Aucun stockage objet configuré : renseignez S3_BUCKET (et S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) avant la migration.',
    );
  const from = new LocalStorage(path.resolve(cliOption(args, '--depuis') ?? config.dataDir));
  const to = await openStorage(config);
  console.log(`Migration des fichiers : ${from.description} → ${to.description}`);
  let seen = 0;
  const report = await migrateStorage({
    from,
    to,
    onFile: (key, outcome) => {
      seen += 1;
      if (outcome === 'damaged')
        console.error(`  ${key} : altéré (son contenu ne correspond pas à son nom), non copié`);
      else if (seen % 1000 === 0) console.log(`  ${String(seen)} fichiers traités…`);
    },
  });
  console.log(
    `Migration terminée : ${String(report.copied)} fichiers copiés et vérifiés (${(report.bytes / 1_048_576).toFixed(1)} Mo), ${String(report.alreadyThere)} déjà présents et identiques.`,
  );
  if (report.damaged.length > 0) {
    console.error(`${String(report.damaged.length)} fichiers altérés n'ont pas été copiés : voir ci-dessus.`);
    process.exitCode = 1;
  }
});
