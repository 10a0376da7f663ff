import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The transmission of acts to the prefect (docs/acts.md « Transmission to the prefect »): the
 * acknowledgement of each transmitted act, its date and ACTES identifier, entered from the
 * certified operator's receipt. One row per act at most; which natures are transmitted is the
 * administrator's setting (app_setting act_transmission_natures).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE act_transmission (
      act_id integer PRIMARY KEY REFERENCES act_register (id),
      received_on date NOT NULL,
      identifier text NOT NULL,
      recorded_by integer REFERENCES std_user (id),
      recorded_at timestamptz NOT NULL DEFAULT now()
    )`,
  ]);
}
