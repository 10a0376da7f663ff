import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { toIsoDate } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { featureProperties, numberedFeatures, type FeatureProperties } from './features.ts';
import { readGeoJsonFeatures, type RawFeature } from './geojson-reader.ts';
import { geometryProblem } from './geometry.ts';
import {
  countedUpsert,
  deleteNotWritten,
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
import { shown, text } from './values.ts';

// The resurfaced roads an administrator imports (docs/data-import.md "Réfections de
// voirie"): lines or polygons with the day of their resurfacing; the conflict search warns of
// works on a surface less than three years old (Code de la voirie routière L115-1).

/** The properties read as the resurfacing's day, in this order. */
export const RESURFACING_DATE_PROPERTIES = ['date_refection', 'date', 'resurfaced_on', 'date_travaux'];
const NAME_PROPERTIES = ['nom', 'name', 'libelle', 'voie'];
const ID_PROPERTIES = ['id', 'identifiant', 'source_id'];

interface ResurfacingRow {
  source_id: string;
  name: string | null;
  resurfaced_on: string;
  geom: unknown;
}

const first = (properties: FeatureProperties, names: readonly string[]) =>
  names
    .map((name) => properties[name])
    .find((value) => value !== undefined && value !== null && value !== '');

function convertResurfacing(feature: RawFeature, options: ImportOptions): Converted<ResurfacingRow> {
  const properties = featureProperties(feature);
  const rawDay = first(properties, RESURFACING_DATE_PROPERTIES);
  if (rawDay === undefined)
    throw new RecordProblem(
      `date de réfection absente (propriété ${RESURFACING_DATE_PROPERTIES.join(', ')}).`,
    );
  const day = typeof rawDay === 'string' ? toIsoDate(rawDay) : null;
  if (!day)
    throw new RecordProblem(`date de réfection ${shown(rawDay)} illisible (AAAA-MM-JJ ou JJ/MM/AAAA).`);
  const problem = geometryProblem(
    feature.geometry,
    ['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'],
    {
      geographic: (options.srid ?? 4326) === 4326,
    },
  );
  if (problem) throw new RecordProblem(problem);
  // Without an id, the day and the shape name the feature: importing the same file again updates it.
  const id =
    text(first(properties, ID_PROPERTIES)) ??
    text(feature.id) ??
    createHash('sha256')
      .update(JSON.stringify([day, feature.geometry]))
      .digest('hex')
      .slice(0, 32);
  return {
    rows: [
      {
        source_id: id,
        name: text(first(properties, NAME_PROPERTIES)),
        resurfaced_on: day,
        geom: feature.geometry,
      },
    ],
  };
}

/** The import's options; `audit` runs last, in the import's transaction (its history entry). */
export interface ResurfacingImportOptions extends ImportOptions {
  audit?: (db: Kysely<Database>, summary: ImportSummary) => Promise<void>;
}

function resurfacingImporter(options: ResurfacingImportOptions): Importer<RawFeature, ResurfacingRow> {
  const geom = geometryFrom(sql`r.geom`, options.srid ?? 4326);
  const territory = options.territoryFilter !== false;
  return {
    kind: 'resurfacing',
    unit: 'entité',
    records: (handle, opened) => numberedFeatures(readGeoJsonFeatures(handle, opened)),
    convert: (feature) => convertResurfacing(feature, options),
    key: (row) => row.source_id,
    async write(db, rows) {
      const input = sql`SELECT r.source_id, r.name, r.resurfaced_on::date AS resurfaced_on, ${geom} AS g
          FROM json_to_recordset(${jsonParameter(rows)}) AS r(source_id text, name text, resurfaced_on text, geom json)`;
      return countedUpsert(
        db,
        sql`
          INSERT INTO road_resurfacing AS t (source_id, name, resurfaced_on, geom)
          SELECT source_id, name, resurfaced_on, g FROM input i
          WHERE ${territory ? intersectsTerritory(sql`i.g`) : sql`true`}
          ON CONFLICT (source_id) DO UPDATE SET name = excluded.name, resurfaced_on = excluded.resurfaced_on,
            geom = excluded.geom, imported_at = now()`,
        { before: sql`input AS (${input})` },
      );
    },
    // The file is the whole layer: the resurfacings it no longer has are deleted.
    deleteStale: (db) => deleteNotWritten(db, 'road_resurfacing', null, []),
    ...(options.audit ? { finish: options.audit } : {}),
  };
}

/**
 * Imports resurfaced roads from GeoJSON (LineString, MultiLineString, Polygon or MultiPolygon
 * features with a day in `date_refection`, `date`, `resurfaced_on` or `date_travaux`, 'AAAA-MM-JJ'
 * or 'JJ/MM/AAAA'; optional `id` and `nom`). Upsert by id; with `replace` (default) the file is
 * the whole layer. Features that cross no member town are skipped.
 */
export function importResurfacing(
  db: Kysely<Database>,
  input: ImportInput,
  options: ResurfacingImportOptions = {},
): Promise<ImportSummary> {
  return runImport(db, resurfacingImporter(options), input, options);
}
