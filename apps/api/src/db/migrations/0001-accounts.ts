import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Users and roles, sign-in sessions, single-use tokens, settings, mail and history. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE role (
      code text PRIMARY KEY,
      label text NOT NULL
    )`,
    `INSERT INTO role (code, label) VALUES
      ('ROLE_USER', 'Utilisateur'),
      ('ROLE_DEMANDEUR', 'Demandeur'),
      ('ROLE_GUICHET', 'Guichet'),
      ('ROLE_GESTIONNAIRE', 'Gestionnaire de voirie'),
      ('ROLE_OPERATEUR', 'Opérateur'),
      ('ROLE_SOUSTRAITANT', 'Sous-traitant'),
      ('ROLE_INSTRUCTEUR', 'Instructeur'),
      ('ROLE_ADMIN', 'Administrateur')`,
    `CREATE TABLE std_user (
      id serial PRIMARY KEY,
      email text NOT NULL,
      password_hash text,
      nature text,
      title text,
      last_name text,
      first_name text,
      phone text,
      phone_indicative text,
      picture text,
      quality text,
      is_corporation boolean NOT NULL DEFAULT false,
      corporation_name text,
      corporation_siret text,
      corporation_agent_title text,
      corporation_agent text,
      address_num text,
      address_ext text,
      address_type text,
      address_name text,
      address_city text,
      address_postal_code text,
      country text,
      email_validated_at timestamptz,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE UNIQUE INDEX std_user_email_key ON std_user (lower(email))',
    `CREATE TABLE user_role (
      user_id integer NOT NULL REFERENCES std_user (id) ON DELETE CASCADE,
      role_code text NOT NULL REFERENCES role (code),
      PRIMARY KEY (user_id, role_code)
    )`,
    `CREATE TABLE user_session (
      id uuid PRIMARY KEY,
      user_id integer NOT NULL REFERENCES std_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`,
    'CREATE INDEX user_session_user_idx ON user_session (user_id)',
    `CREATE TABLE auth_token (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES std_user (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('validate_email', 'reset_password')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX auth_token_user_idx ON auth_token (user_id, purpose)',
    `CREATE TABLE app_setting (
      key text PRIMARY KEY,
      value text NOT NULL
    )`,
    `CREATE TABLE mail_outbox (
      id serial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      context text NOT NULL,
      request_id integer,
      user_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`,
    "CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending'",
    `CREATE TABLE mail_log (
      id serial PRIMARY KEY,
      outbox_id integer REFERENCES mail_outbox (id) ON DELETE SET NULL,
      request_id integer,
      user_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      context text NOT NULL,
      mailjet_id text,
      status text NOT NULL DEFAULT 'queued',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX mail_log_request_idx ON mail_log (request_id)',
    'CREATE INDEX mail_log_mailjet_idx ON mail_log (mailjet_id)',
    `CREATE TABLE history_log (
      id serial PRIMARY KEY,
      entity text NOT NULL,
      entity_id integer,
      user_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      email text,
      picture text,
      context text NOT NULL,
      data jsonb,
      logged_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX history_log_entity_idx ON history_log (entity, entity_id, logged_at)',
  ]);
}
