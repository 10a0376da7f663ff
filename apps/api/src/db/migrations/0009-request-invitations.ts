import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Visibility follows accounts, never a typed e-mail: a party (applicant or
 * beneficiary) whose e-mail is not the filer's own account is sent an invitation, and its
 * account sees the request only once it has accepted it from that mailbox. The links that the
 * old e-mail matching had made are undone: a party keeps its account only when it is the
 * account that filed the request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE request_invitation (
      id serial PRIMARY KEY,
      request_id integer NOT NULL REFERENCES request (id) ON DELETE CASCADE,
      petitioner_id integer NOT NULL REFERENCES petitioner (id) ON DELETE CASCADE,
      party text NOT NULL CHECK (party IN ('petitioner', 'beneficiary')),
      email text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_user_id integer REFERENCES std_user (id),
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX request_invitation_request_idx ON request_invitation (request_id)',
    `UPDATE petitioner p SET std_user_id = NULL
      WHERE p.std_user_id IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM request r
          WHERE (r.petitioner_id = p.id OR r.beneficiary_id = p.id) AND r.owner_user_id = p.std_user_id
        )`,
  ]);
}
