import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Files and filings that survive a crash.
 * - `file_claim`: a content some process is about to reference (a filing under way, in any
 *   instance sharing the store). Nothing deletes a stored file while a claim on its SHA-256
 *   exists; a claim older than the sweep's grace period is one a crashed process left.
 * - `scheduled_job`: when a periodic job (the file sweep) last ran, compared-and-set so that
 *   one instance runs it per period.
 * - `filing_idempotency_key`: the request a filing created, by the account's Idempotency-Key,
 *   written in the filing's own transaction: a retried filing returns the same request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE file_claim (
      id serial PRIMARY KEY,
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX file_claim_sha256_idx ON file_claim (sha256)',
    `CREATE TABLE scheduled_job (
      name text PRIMARY KEY,
      last_run_at timestamptz NOT NULL
    )`,
    `CREATE TABLE filing_idempotency_key (
      std_user_id integer NOT NULL REFERENCES std_user (id) ON DELETE CASCADE,
      key text NOT NULL CHECK (length(key) BETWEEN 1 AND 100),
      request_id integer NOT NULL REFERENCES request (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (std_user_id, key)
    )`,
    'CREATE INDEX filing_idempotency_key_request_idx ON filing_idempotency_key (request_id)',
  ]);
}
