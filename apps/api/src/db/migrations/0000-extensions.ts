import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** PostGIS for geography, pg_trgm and unaccent for tolerant text search. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'CREATE EXTENSION IF NOT EXISTS postgis',
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    'CREATE EXTENSION IF NOT EXISTS unaccent',
  ]);
}
