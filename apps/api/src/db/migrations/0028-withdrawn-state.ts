import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The withdrawn state: an applicant withdraws a request not yet decided (`DELETE request/{id}`,
 * docs/api-requests.md "Withdrawal"). Its name is the domain's (states.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [`INSERT INTO state (id, name) VALUES (14, 'Retirée')`]);
}
