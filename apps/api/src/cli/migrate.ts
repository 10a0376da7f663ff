import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** npm run db:migrate — brings the configured database to the latest schema. */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
const applied = await migrateToLatest(database.db);
console.log(
  applied.length ? `Migrations appliquées : ${applied.join(', ')}` : 'Base de données déjà à jour.',
);
await database.close();
