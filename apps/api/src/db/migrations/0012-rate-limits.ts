import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The attempt counters of @fastify/rate-limit (sign-in, reset requests, password changes,
 * sign-ups, filings), kept in the database so that every API instance shares them
 * (docs/decisions/0002-login-throttling.md). `key` is a hash of what is counted (an address, an
 * account and an address…); a row past `expires_at` is forgotten and swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE rate_limit_hit (
      key text PRIMARY KEY,
      count integer NOT NULL,
      last_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      refused boolean NOT NULL DEFAULT false
    )`,
    `CREATE INDEX rate_limit_hit_expires_at_idx ON rate_limit_hit (expires_at)`,
  ]);
}
