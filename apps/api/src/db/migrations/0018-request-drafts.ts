import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Drafts of the filing wizard (docs/api-drafts.md): what an account typed in
 * the wizard of a new request, resumable from 'Brouillons', deleted by the filing that uses it
 * (in the filing's transaction) or by its owner. The wizard state is kept as given; the service
 * holds it to the domain's DRAFT_LIMITS, and the table keeps a looser bound (1 MB) as a last
 * guard. The count per account is checked by the service under a lock of the account's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE request_draft (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_user_id integer NOT NULL REFERENCES std_user (id) ON DELETE CASCADE,
      kind smallint NOT NULL CHECK (kind IN (1, 2, 3)),
      step smallint NOT NULL CHECK (step BETWEEN 1 AND 6),
      label text NOT NULL CHECK (length(label) <= 120),
      state jsonb NOT NULL CHECK (jsonb_typeof(state) = 'object' AND octet_length(state::text) <= 1048576),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX request_draft_owner_idx ON request_draft (owner_user_id, updated_at DESC)',
  ]);
}
