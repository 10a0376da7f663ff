import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The notification of individual decisions (docs/acts.md « Notification »): one row per notified
 * act of the register (permission, refusal, alignment) keeps the decision mail sent to the
 * applicant's account (its delivery is the outbox's and the mail log's), the first opening by its
 * recipient, or the registered letter an instructor recorded, and the proven date the appeal delay
 * runs from. The acts signed before it get their row, with no proof.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE act_notification (
      act_id integer PRIMARY KEY REFERENCES act_register (id),
      request_id integer NOT NULL REFERENCES request (id),
      recipient_user_id integer REFERENCES std_user (id),
      mail_outbox_id integer REFERENCES mail_outbox (id),
      opened_at timestamptz,
      opened_by integer REFERENCES std_user (id),
      letter_number text,
      received_on date,
      postal_recorded_by integer REFERENCES std_user (id),
      postal_recorded_at timestamptz,
      mode text CHECK (mode IN ('portal', 'postal')),
      notified_at timestamptz,
      CHECK ((mode IS NULL) = (notified_at IS NULL)),
      CHECK (mode IS DISTINCT FROM 'postal' OR (letter_number IS NOT NULL AND received_on IS NOT NULL))
    )`,
    'CREATE INDEX act_notification_request_idx ON act_notification (request_id)',
    'CREATE INDEX act_notification_unproven_idx ON act_notification (act_id) WHERE notified_at IS NULL',
    `INSERT INTO act_notification (act_id, request_id, recipient_user_id)
      SELECT a.id, a.request_id, r.owner_user_id FROM act_register a
      JOIN request r ON r.id = a.request_id
      WHERE a.nature IN ('permission', 'refusal', 'alignment')`,
  ]);
}
