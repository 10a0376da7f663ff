import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * Operators and subcontractors managed from /groups (docs/api-groups.md):
 * - perimeter.deleted_at: a deleted group is kept (the requests filed for an operator keep its
 *   name) but leaves every list, search, filing and account; territories are never deleted.
 * - one live group per type and SIRET.
 * - mandate: a subcontractor group works for an operator group from date_from to date_to (both
 *   included; no end: open-ended). Its accounts file for that operator only while one is in
 *   force, and see what their group filed under it.
 * - a subcontractor group has no member territories any more (its mandates say where it works):
 *   the demo's former members are removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE perimeter ADD COLUMN deleted_at timestamptz',
    `CREATE UNIQUE INDEX perimeter_group_code_key ON perimeter (type, code)
      WHERE deleted_at IS NULL AND type IN ('operator', 'soustraitant')`,
    `CREATE TABLE mandate (
      id serial PRIMARY KEY,
      soustraitant_id integer NOT NULL REFERENCES perimeter (id) ON DELETE CASCADE,
      operator_id integer NOT NULL REFERENCES perimeter (id) ON DELETE CASCADE,
      date_from date NOT NULL,
      date_to date,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (date_to IS NULL OR date_to >= date_from),
      CHECK (soustraitant_id <> operator_id)
    )`,
    'CREATE INDEX mandate_soustraitant_idx ON mandate (soustraitant_id, operator_id)',
    'CREATE INDEX mandate_operator_idx ON mandate (operator_id)',
    `DELETE FROM perimeter_member
      WHERE operator_id IN (SELECT id FROM perimeter WHERE type = 'soustraitant')`,
  ]);
}
