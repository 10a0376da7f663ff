import { CONSULTATION_IMPORT_MESSAGES } from '@voirie/domain';
import { featureProperties } from './features.ts';
import type { RawFeature } from './geojson-reader.ts';
import { checkGeometry, tableLayerImport } from './layer.ts';
import { RecordProblem, type Converted, type ImportOptions } from './run.ts';
import { text } from './values.ts';

// The Plat'AU consultations of the 'Consultations' map layer (docs/data-import.md
// "Consultations"): a feature per consultation, its place as geometry, `platau_id` (the national
// platform's number, the key) and `service` (the outside service consulted).

/** Longest Plat'AU number and service name kept. */
export const CONSULTATION_TEXT_LIMITS = { platauId: 100, service: 200 } as const;

interface ConsultationRow {
  platau_id: string;
  service: string;
  geom: unknown;
}

function required(value: unknown, missing: string, what: string, max: number): string {
  const found = text(value);
  if (!found) throw new RecordProblem(missing);
  if (found.length > max) throw new RecordProblem(CONSULTATION_IMPORT_MESSAGES.tooLong(what, max));
  return found;
}

function convertConsultation(feature: RawFeature, options: ImportOptions): Converted<ConsultationRow> {
  const properties = featureProperties(feature);
  const platauId = required(
    properties.platau_id,
    CONSULTATION_IMPORT_MESSAGES.platauIdMissing,
    'numéro Plat’AU',
    CONSULTATION_TEXT_LIMITS.platauId,
  );
  const service = required(
    properties.service,
    CONSULTATION_IMPORT_MESSAGES.serviceMissing,
    'service consulté',
    CONSULTATION_TEXT_LIMITS.service,
  );
  // A consultation is placed on the file's site: a point, or the land's parcels.
  checkGeometry(feature, ['Point', 'Polygon', 'MultiPolygon'], options);
  return { rows: [{ platau_id: platauId, service, geom: feature.geometry }] };
}

/**
 * Imports Plat'AU consultations from GeoJSON (Point, Polygon or MultiPolygon features with
 * `platau_id` and `service`). Upsert by `platau_id` (the last feature of a number wins); the
 * consultations the file does not have stay. Features that meet no member town are skipped.
 */
export const importConsultations = tableLayerImport<ConsultationRow>({
  kind: 'consultations',
  table: 'consultation',
  key: 'platau_id',
  columns: { platau_id: 'text', service: 'text' },
  // Consultations arrive over time: a file adds or updates, it never deletes the others.
  whole: false,
  convert: convertConsultation,
});
