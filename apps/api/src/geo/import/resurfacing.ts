import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { toIsoDate } from '@voirie/domain';
import { featureProperties, type FeatureProperties } from './features.ts';
import type { RawFeature } from './geojson-reader.ts';
import { checkGeometry, tableLayerImport } from './layer.ts';
import { RecordProblem, type Converted, type ImportOptions } from './run.ts';
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
  checkGeometry(feature, ['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'], options);
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

/**
 * Imports resurfaced roads from GeoJSON (LineString, MultiLineString, Polygon or MultiPolygon
 * features with a day in `date_refection`, `date`, `resurfaced_on` or `date_travaux`, 'AAAA-MM-JJ'
 * or 'JJ/MM/AAAA'; optional `id` and `nom`). Upsert by id; with `replace` (default) the file is
 * the whole layer. Features that cross no member town are skipped.
 */
export const importResurfacing = tableLayerImport<ResurfacingRow>({
  kind: 'resurfacing',
  table: 'road_resurfacing',
  key: 'source_id',
  columns: { source_id: 'text', name: 'text', resurfaced_on: 'date' },
  onUpdate: sql`imported_at = now()`,
  // The file is the whole layer: the resurfacings it no longer has are deleted.
  whole: true,
  convert: convertResurfacing,
});
