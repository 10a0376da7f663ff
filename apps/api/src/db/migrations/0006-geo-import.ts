import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The zones importer upserts by operation code (docs/data-import.md): one zone per code_ope.
 * Parcels (id), addresses (id) and road segments (source, source_id) already have their keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['CREATE UNIQUE INDEX zone_code_ope_key ON zone (code_ope)']);
}
