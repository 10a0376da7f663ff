import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The authority's electronic seal and the acts' signatory (docs/acts.md « Seal », « Signatory »):
 * - `act_seal`, one row at most: the seal's PKCS#12 and its password, encrypted together
 *   (AES-256-GCM, the key outside the database: docs/decisions/0018-seal-key.md), beside what the
 *   register shows of the certificate (holder, issuer, validity) — public parts, kept in clear;
 * - `std_user.job_title`: the account's « Fonction », printed under the signatory's name (CRPA
 *   L212-1) — `title` is the civility;
 * - `request.signatory_id`: who signs the order generated for the request, chosen at generation;
 * - `act_register.signatory_name` / `signatory_title`: the signatory as text at signing time, so
 *   that a later change of name or title leaves the register as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE act_seal (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      secret text NOT NULL,
      holder text NOT NULL,
      issuer text NOT NULL,
      not_before timestamptz NOT NULL,
      not_after timestamptz NOT NULL,
      updated_by integer REFERENCES std_user (id),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'ALTER TABLE std_user ADD COLUMN job_title text',
    'ALTER TABLE request ADD COLUMN signatory_id integer REFERENCES std_user (id)',
    'ALTER TABLE act_register ADD COLUMN signatory_name text',
    'ALTER TABLE act_register ADD COLUMN signatory_title text',
  ]);
}
