import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * User administration:
 * - std_user.public_id: the opaque id of the user's web page (/users/{publicId}), as requests
 *   have; never used for authorization.
 * - std_user.avatar_sha256 / avatar_mime_type: the avatar, kept in the content-addressed file
 *   store (the file sweep keeps a content a user's avatar names).
 * - auth_token 'change_email' with new_email: a new address waits for its confirmation from
 *   that mailbox (single-use link) before it replaces the old one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE std_user ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid()',
    'CREATE UNIQUE INDEX std_user_public_id_key ON std_user (public_id)',
    `ALTER TABLE std_user ADD COLUMN avatar_sha256 text CHECK (avatar_sha256 ~ '^[0-9a-f]{64}$')`,
    `ALTER TABLE std_user ADD COLUMN avatar_mime_type text CHECK (avatar_mime_type IN ('image/jpeg', 'image/png', 'image/bmp'))`,
    'CREATE INDEX std_user_avatar_idx ON std_user (avatar_sha256) WHERE avatar_sha256 IS NOT NULL',
    // The users list sorts by last name by default (docs/constants.md "Limits and timings").
    'CREATE INDEX std_user_last_name_idx ON std_user (lower(last_name), id)',
    'ALTER TABLE auth_token ADD COLUMN new_email text',
    'ALTER TABLE auth_token DROP CONSTRAINT auth_token_purpose_check',
    `ALTER TABLE auth_token ADD CONSTRAINT auth_token_purpose_check
      CHECK (purpose IN ('validate_email', 'reset_password', 'change_email'))`,
    `ALTER TABLE auth_token ADD CONSTRAINT auth_token_new_email_check
      CHECK ((purpose = 'change_email') = (new_email IS NOT NULL))`,
  ]);
}
