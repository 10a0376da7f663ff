import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Database } from './schema/index.ts';
import { MIGRATIONS } from './migrations/index.ts';

/** True when every known migration is already recorded (one query instead of the migrator's lock dance). */
async function isUpToDate(db: Kysely<Database>): Promise<boolean> {
  const known = await sql<{
    exists: boolean;
  }>`select to_regclass('public.kysely_migration') is not null as exists`.execute(db);
  if (!known.rows[0]?.exists) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return Object.keys(MIGRATIONS).every((name) => applied.has(name));
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // A restart on an up-to-date database must stay fast (start-up budget).
  if (await isUpToDate(db)) return [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''} : ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
