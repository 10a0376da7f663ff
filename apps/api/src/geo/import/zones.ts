import { sql } from 'kysely';
import { featureProperties } from './features.ts';
import type { RawFeature } from './geojson-reader.ts';
import { checkGeometry, tableLayerImport } from './layer.ts';
import { RecordProblem, type Converted, type ImportOptions } from './run.ts';
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
  checkGeometry(feature, ['Polygon', 'MultiPolygon'], options);
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

/**
 * Imports operation zones from GeoJSON (Polygon or MultiPolygon features with `code_ope` and
 * `nom`). Upsert by code_ope; with `replace` (default) the file is the whole set: the other
 * zones are deleted. Zones that cross no member town are skipped.
 */
export const importZones = tableLayerImport<ZoneRow>({
  kind: 'zones',
  table: 'zone',
  key: 'code_ope',
  columns: { code_ope: 'text', name: 'text' },
  geometry: (g) => sql`ST_Multi(${g})`,
  // The file is the whole set of operation zones: the zones it no longer has are deleted.
  whole: true,
  convert: convertZone,
});
