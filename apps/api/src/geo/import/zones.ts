import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { featureProperties, numberedFeatures } from './features.ts';
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
import { text } from './values.ts';

interface ZoneRow {
  code_ope: string;
  name: string | null;
  geom: unknown;
}

function convertZone(feature: RawFeature, options: ImportOptions): Converted<ZoneRow> {
  const properties = featureProperties(feature);
  const code = text(properties.code_ope);
  if (!code) throw new RecordProblem('code_ope absent.');
  const problem = geometryProblem(feature.geometry, ['Polygon', 'MultiPolygon'], {
    geographic: (options.srid ?? 4326) === 4326,
  });
  if (problem) throw new RecordProblem(problem);
  return {
    rows: [
      {
        code_ope: code,
        name: text(properties.nom) ?? text(properties.name) ?? text(properties.libelle),
        geom: feature.geometry,
      },
    ],
  };
}

function zoneImporter(options: ImportOptions): Importer<RawFeature, ZoneRow> {
  const geom = geometryFrom(sql`r.geom`, options.srid ?? 4326);
  const territory = options.territoryFilter !== false;
  return {
    kind: 'zones',
    unit: 'entité',
    records: (handle, opened) => numberedFeatures(readGeoJsonFeatures(handle, opened)),
    convert: (feature) => convertZone(feature, options),
    key: (row) => row.code_ope,
    async write(db, rows) {
      const input = sql`SELECT r.code_ope, r.name, ST_Multi(${geom}) AS g
          FROM json_to_recordset(${jsonParameter(rows)}) AS r(code_ope text, name text, geom json)`;
      return countedUpsert(
        db,
        sql`
          INSERT INTO zone AS z (code_ope, name, geom)
          SELECT code_ope, name, g FROM input i WHERE ${territory ? intersectsTerritory(sql`i.g`) : sql`true`}
          ON CONFLICT (code_ope) DO UPDATE SET name = excluded.name, geom = excluded.geom`,
        { before: sql`input AS (${input})` },
      );
    },
    // The file is the whole set of operation zones: the zones it no longer has are deleted.
    deleteStale: (db) => deleteNotWritten(db, 'zone', null, []),
  };
}

/**
 * Imports operation zones from GeoJSON (Polygon or MultiPolygon features with `code_ope` and
 * `nom`). Upsert by code_ope; with `replace` (default) the file is the whole set: the other
 * zones are deleted. Zones that cross no member town are skipped.
 */
export function importZones(
  db: Kysely<Database>,
  input: ImportInput,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  return runImport(db, zoneImporter(options), input, options);
}
