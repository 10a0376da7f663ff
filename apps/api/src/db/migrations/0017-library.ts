import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The documents library and the statistics (docs/statistics.md):
 * - `library_document`: a reference document for applicants (regulations, guides, blank forms),
 *   its content in the content-addressed store like the requests' documents (sha256 and
 *   storage_key), added and deleted by administrators.
 * - indexes of the requests' history for the three events the statistics read — the signed
 *   decision, the accepted reception, the receipt of missing pieces — at 100 000 requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE library_document (
      id serial PRIMARY KEY,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      category text NOT NULL,
      file_name text NOT NULL,
      mime_type text NOT NULL,
      size integer NOT NULL CHECK (size > 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      storage_key text NOT NULL,
      std_user_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX library_document_category_idx ON library_document (category, title)',
    'CREATE INDEX library_document_sha256_idx ON library_document (sha256)',
    // The three events the statistics read, each with its own small index (no JSON read per
    // row), and statistics on the JSON fields so that the planner counts them right.
    `CREATE INDEX history_log_signed_idx ON history_log (entity_id, logged_at)
      WHERE entity = 'request' AND data->>'action' = 'signatureReturned'`,
    `CREATE INDEX history_log_received_idx ON history_log (entity_id, logged_at)
      WHERE entity = 'request' AND data->>'action' = 'recordReception' AND data->>'to' = '2'`,
    `CREATE INDEX history_log_completed_idx ON history_log (entity_id, logged_at)
      WHERE entity = 'request' AND data->>'action' = 'complete'`,
    `CREATE STATISTICS history_log_action_stats (mcv) ON (data->>'action'), (data->>'to') FROM history_log`,
  ]);
}
