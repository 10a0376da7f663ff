import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Perimeter requests (docs/decisions/0008-own-perimeter-requests.md): a guichet that
 * adds a territory to its own account asks an administrator, who approves or refuses. The row
 * keeps who asked, the territories asked (the whole set, as the account's form sent it) and when,
 * then when it closed and by whom: approved or refused by an administrator, or replaced by the
 * account's next request. At most one request per account waits at a time (a new one replaces
 * it). The ids are territories, never deleted (ADR 0003): no foreign key on an array.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE perimeter_request (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES std_user (id) ON DELETE CASCADE,
      perimeter_ids integer[] NOT NULL CHECK (cardinality(perimeter_ids) <= 1000),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'refused', 'replaced')),
      requested_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      closed_by_user_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      CHECK ((status = 'pending') = (closed_at IS NULL))
    )`,
    // One waiting request per account; the users list's filter reads it too.
    `CREATE UNIQUE INDEX perimeter_request_pending_key ON perimeter_request (user_id) WHERE status = 'pending'`,
  ]);
}
