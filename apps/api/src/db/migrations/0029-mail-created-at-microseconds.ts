import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * A queued mail's `created_at` is the transaction's now() again, to the microsecond (0027 had cut
 * it to the millisecond): it is only compared with now() in SQL, and the neutral notices find the
 * mails of their own transaction by it (requests/workflow/instruction-mails.ts), which a cut time
 * no longer matched. The times the sender compares with its clock stay to the millisecond.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['ALTER TABLE mail_outbox ALTER COLUMN created_at SET DEFAULT now()']);
}
