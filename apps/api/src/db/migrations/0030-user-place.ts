import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * std_user.place: the lieu-dit or PO box of the account's address, as the wizard's applicant has
 * it, so that 'Je suis le demandeur' copies the whole address (docs/screens.md "Filing wizard").
 * The account's other identity columns (SIRET, agent, address parts) date from 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['ALTER TABLE std_user ADD COLUMN place text']);
}
