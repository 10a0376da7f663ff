import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The formal notice as an act (docs/acts.md « Formal notice »): the register takes the nature
 * `formalNotice`; the signed formal notice is its own document type (1106, « Mise en demeure
 * signée », beside the letter's 106, far above the spec's and the administrators' ids as 0021's);
 * each reception keeps the act of its signed formal notice, whose proven notification starts the
 * delay to resume the works (`remedy_due_on`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE act_register DROP CONSTRAINT IF EXISTS act_register_nature_check',
    `ALTER TABLE act_register ADD CONSTRAINT act_register_nature_check
      CHECK (nature IN ('permission', 'refusal', 'alignment', 'traffic', 'formalNotice'))`,
    `INSERT INTO type_document (id, name, categorie, nature, is_mandatory, is_mandatory_reseaux, cerfa) VALUES
      (1106, 'Mise en demeure signée', 'décision', NULL, false, false, NULL)
      ON CONFLICT (id) DO NOTHING`,
    `SELECT setval(pg_get_serial_sequence('type_document', 'id'), (SELECT max(id) FROM type_document))`,
    'ALTER TABLE reception ADD COLUMN formal_notice_act_id integer UNIQUE REFERENCES act_register (id)',
  ]);
}
