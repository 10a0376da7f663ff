import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The 'Consultations' map layer (docs/gis-api.md "Consultations", docs/data-import.md
 * "Consultations"): the outside services' consultations on urban-planning files received through
 * Plat'AU, each with its place.
 * - `consultation` (0003, never filled until now) gets its key: every row has its Plat'AU number
 *   (unique, the key of the import's upsert), its service and its place. The spec's "grouped under
 *   a feature name" is the layer's name: the per-row `feature_name` goes.
 * - `map_layer.capability`: a layer whose rows are not open data names the domain's capability
 *   that reads it; `GET map-layers` leaves it out for anyone else, `GET public/map-layers` always.
 * - the layer's row, unchecked: an overlay the staff turns on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'DELETE FROM consultation WHERE platau_id IS NULL OR service IS NULL OR geom IS NULL',
    'ALTER TABLE consultation DROP COLUMN feature_name',
    'ALTER TABLE consultation ALTER COLUMN platau_id SET NOT NULL',
    'ALTER TABLE consultation ALTER COLUMN service SET NOT NULL',
    'ALTER TABLE consultation ALTER COLUMN geom SET NOT NULL',
    'CREATE UNIQUE INDEX consultation_platau_id_idx ON consultation (platau_id)',
    'ALTER TABLE map_layer ADD COLUMN capability text',
    `INSERT INTO map_layer (layer_name, text, type, url, format, projection, map, opacity, zindex, checked, base_layer, attribution, capability)
      VALUES ('consultations', 'Consultations', 'mapserver', '/api/layers/consultations', 'application/geo+json',
        'EPSG:4326', 'consultation', 1, 40, false, false, 'Plat’AU', 'readConsultations')`,
  ]);
}
