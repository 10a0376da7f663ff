import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoAccounts } from '../users/demo-accounts.ts';

/** npm run db:seed — loads the demo data; refuses on PostgreSQL without SEED_DEMO=1. */
const config = loadConfig();
if (!config.seedDemo) {
  console.error(
    'Données de démonstration refusées : définissez SEED_DEMO=1 pour les charger sur PostgreSQL.',
  );
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
});
await migrateToLatest(database.db);
const { created } = await seedDemoAccounts(database.db);
console.log(`Comptes de démonstration créés : ${created}.`);
await database.close();
