import { sql, type Kysely } from 'kysely';
import { CONSULTATION_IMPORT_MESSAGES } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { featureProperties, numberedFeatures } from './features.ts';
import { readGeoJsonFeatures, type RawFeature } from './geojson-reader.ts';
import { geometryProblem } from './geometry.ts';
import {
  countedUpsert,
  geometryFrom,
  jsonParameter,
  RecordProblem,
  runImport,
  type Converted,
  type Importer,
  type ImportOptions,
  type ImportSummary,
} from './run.ts';
import type { ImportInput } from './source.ts';
import { intersectsTerritory } from './territory.ts';
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
  const problem = geometryProblem(feature.geometry, ['Point', 'Polygon', 'MultiPolygon'], {
    geographic: (options.srid ?? 4326) === 4326,
  });
  if (problem) throw new RecordProblem(problem);
  return { rows: [{ platau_id: platauId, service, geom: feature.geometry }] };
}

/** The import's options; `audit` runs last, in the import's transaction (its history entry). */
export interface ConsultationImportOptions extends ImportOptions {
  audit?: (db: Kysely<Database>, summary: ImportSummary) => Promise<void>;
}

function consultationImporter(options: ConsultationImportOptions): Importer<RawFeature, ConsultationRow> {
  const geom = geometryFrom(sql`r.geom`, options.srid ?? 4326);
  const territory = options.territoryFilter !== false;
  return {
    kind: 'consultations',
    unit: 'entité',
    records: (handle, opened) => numberedFeatures(readGeoJsonFeatures(handle, opened)),
    convert: (feature) => convertConsultation(feature, options),
    key: (row) => row.platau_id,
    async write(db, rows) {
      const input = sql`SELECT r.platau_id, r.service, ${geom} AS g
          FROM json_to_recordset(${jsonParameter(rows)}) AS r(platau_id text, service text, geom json)`;
      return countedUpsert(
        db,
        sql`
          INSERT INTO consultation AS t (platau_id, service, geom)
          SELECT platau_id, service, g FROM input i
          WHERE ${territory ? intersectsTerritory(sql`i.g`) : sql`true`}
          ON CONFLICT (platau_id) DO UPDATE SET service = excluded.service, geom = excluded.geom`,
        { before: sql`input AS (${input})` },
      );
    },
    // Consultations arrive over time: a file adds or updates, it never deletes the others.
    deleteStale: () => Promise.resolve(0),
    ...(options.audit ? { finish: options.audit } : {}),
  };
}

/**
 * Imports Plat'AU consultations from GeoJSON (Point, Polygon or MultiPolygon features with
 * `platau_id` and `service`). Upsert by `platau_id` (the last feature of a number wins); the
 * consultations the file does not have stay. Features that meet no member town are skipped.
 */
export function importConsultations(
  db: Kysely<Database>,
  input: ImportInput,
  options: ConsultationImportOptions = {},
): Promise<ImportSummary> {
  return runImport(db, consultationImporter(options), input, options);
}
