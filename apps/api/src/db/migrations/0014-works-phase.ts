import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The works phase:
 * - document: where a photo was taken (the device's position sent with the upload, or the file's
 *   EXIF GPS) and, for a letter, when it was mailed to the applicant (before: a draft).
 * - reception: the road-disturbance report — the instructor who saw it, what was seen, when.
 *   The place is the reception's lon/lat.
 * - mail_outbox: small attachments carried in the row itself (an appointment's .ics invitation),
 *   besides the stored documents named by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE document ADD COLUMN lat double precision',
    'ALTER TABLE document ADD COLUMN lon double precision',
    `ALTER TABLE document ADD COLUMN position_source text CHECK (position_source IN ('device', 'exif'))`,
    'ALTER TABLE document ADD COLUMN sent_at timestamptz',
    'ALTER TABLE reception ADD COLUMN witness_user_id integer REFERENCES std_user (id) ON DELETE SET NULL',
    'ALTER TABLE reception ADD COLUMN disturbance_comment text',
    'ALTER TABLE reception ADD COLUMN disturbance_at timestamptz',
    `ALTER TABLE mail_outbox ADD COLUMN inline_attachments jsonb NOT NULL DEFAULT '[]'`,
  ]);
}
