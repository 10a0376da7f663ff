import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The per-account storage quota (files/storage-quota.ts) sums the sizes of the
 * documents an account sent over the last 24 hours at every upload: this index reads them
 * alone (sizes included), instead of scanning every document of the portal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'CREATE INDEX document_uploader_recent_idx ON document (std_user_id, created_at) INCLUDE (size)',
  ]);
}
