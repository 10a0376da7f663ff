import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * A queued mail's times are to the millisecond, as the sender's clock is (a JavaScript Date):
 * stamped with now() to the microsecond, a mail queued in the same millisecond as the clock's
 * reading read as queued after it, so not yet due. A resent mail takes these defaults again
 * (requests/resend-mail.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    ['next_attempt_at', 'retry_since', 'created_at'].map(
      (column) =>
        `ALTER TABLE mail_outbox ALTER COLUMN ${column} SET DEFAULT date_trunc('milliseconds', now())`,
    ),
  );
}
