import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Mail delivery hardening:
 * - `retry_since`: when the current retry window began (queued, or resent by an administrator);
 *   a mail is retried with capped backoff until MAIL_RETRY_HOURS after it, then given up.
 * - `caused_by_user_id` / `counts_toward_cap`: the account whose action queued the mail, and
 *   whether it counts toward that account's daily cap (an address that is neither its own nor
 *   staff). Counted here, in the database, so that every API instance sees the same count.
 * - mail_log rows are found by their outbox row on every send: index it.
 * - Mails given up before this migration (six attempts) become resendable 'failed' entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE mail_outbox ADD COLUMN retry_since timestamptz NOT NULL DEFAULT now()',
    'UPDATE mail_outbox SET retry_since = created_at',
    'ALTER TABLE mail_outbox ADD COLUMN caused_by_user_id integer REFERENCES std_user (id) ON DELETE SET NULL',
    'ALTER TABLE mail_outbox ADD COLUMN counts_toward_cap boolean NOT NULL DEFAULT false',
    'CREATE INDEX mail_outbox_cap_idx ON mail_outbox (caused_by_user_id, created_at) WHERE counts_toward_cap',
    'CREATE INDEX mail_log_outbox_idx ON mail_log (outbox_id)',
    `UPDATE mail_log SET status = 'failed'
      WHERE status = 'bounce' AND outbox_id IN (SELECT id FROM mail_outbox WHERE status = 'failed')`,
  ]);
}
