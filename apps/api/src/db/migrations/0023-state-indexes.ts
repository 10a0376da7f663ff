import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The list's state sort and its tab counts at scale (measured at 1,000,000 requests on
 * PostgreSQL): the sort by state reads `(state_id, id)` in either direction instead of sorting a
 * state's rows by id (this index also serves what `request_state_idx` served), and the tab
 * counts — grouped by state and signature flag — read `(state_id, send_to_sign)` alone, an
 * index-only scan, instead of every row of the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'CREATE INDEX request_sort_state_idx ON request (state_id, id)',
    'CREATE INDEX request_state_sign_idx ON request (state_id, send_to_sign)',
    'DROP INDEX request_state_idx',
  ]);
}
