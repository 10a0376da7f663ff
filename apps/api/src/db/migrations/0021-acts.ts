import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * One request, every act (docs/api-instruction.md « Acts », docs/templates.md):
 * - the document types of the acts a permission carries besides its own order: the combined
 *   alignment's order (1093 generated, 1021 signed) and the traffic-police order (2093, 2021).
 *   type_document has no stable code to look a type up by, so the ids are fixed and chosen where
 *   nothing can already be: far above the spec's (≤ 111) and the administrators' (the sequence
 *   stood at 111 and counts one by one). The sequence then moves past them, as 0002 did.
 * - the traffic order's template (modele kind 'arrete_circulation'), inserted without an id:
 *   an administrator may already hold id 11; the portal finds the template by its kind. Not
 *   inserted again when a template of that kind exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `INSERT INTO type_document (id, name, categorie, nature, is_mandatory, is_mandatory_reseaux, cerfa) VALUES
      (1021, 'Arrêté d''alignement individuel signé', 'décision', NULL, false, false, NULL),
      (1093, 'Arrêté d''alignement individuel', 'décision', NULL, false, false, NULL),
      (2021, 'Arrêté de police de la circulation signé', 'décision', NULL, false, false, NULL),
      (2093, 'Arrêté de police de la circulation', 'décision', NULL, false, false, NULL)`,
    `SELECT setval(pg_get_serial_sequence('type_document', 'id'), (SELECT max(id) FROM type_document))`,
    'ALTER TABLE modele DROP CONSTRAINT IF EXISTS modele_kind_check',
    `ALTER TABLE modele ADD CONSTRAINT modele_kind_check
      CHECK (kind IN ('arrete', 'mise_en_demeure', 'pv_reception', 'pv_perturbation', 'arrete_circulation'))`,
    // A row inserted with an explicit id leaves the sequence behind: move it past every id first.
    `SELECT setval(pg_get_serial_sequence('modele', 'id'), (SELECT max(id) FROM modele))`,
    `INSERT INTO modele (libelle, kind, request_type, is_favorable, file_key)
      SELECT 'Arrêté de police de la circulation', 'arrete_circulation', NULL, true,
        'modeles/11-arrete-police-circulation.docx'
      WHERE NOT EXISTS (SELECT 1 FROM modele WHERE kind = 'arrete_circulation')`,
  ]);
}
