import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The register of acts (docs/acts.md): `act_register` holds every signed act with its number,
 * unique per year and given without gaps — `act_counter` keeps each year's last sequence, taken
 * by an upsert in the signature's transaction, so that two signatures at once wait for each
 * other on the year's row and a signature rolled back gives its number back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE act_counter (
      year integer PRIMARY KEY,
      last_sequence integer NOT NULL CHECK (last_sequence > 0)
    )`,
    `CREATE TABLE act_register (
      id serial PRIMARY KEY,
      year integer NOT NULL,
      sequence integer NOT NULL CHECK (sequence > 0),
      number text NOT NULL UNIQUE,
      nature text NOT NULL CHECK (nature IN ('permission', 'refusal', 'alignment', 'traffic')),
      subject text NOT NULL,
      town text,
      request_id integer NOT NULL REFERENCES request (id),
      document_id integer REFERENCES document (id),
      recorded_by integer REFERENCES std_user (id),
      signed_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (year, sequence)
    )`,
    'CREATE INDEX act_register_request_idx ON act_register (request_id)',
    'CREATE INDEX act_register_document_idx ON act_register (document_id)',
  ]);
}
