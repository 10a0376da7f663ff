import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { numberedFeatures } from './features.ts';
import { readGeoJsonFeatures, type RawFeature } from './geojson-reader.ts';
import { geometryProblem, type GeometryType } from './geometry.ts';
import type { ImportKind } from './errors.ts';
import {
  countedUpsert,
  deleteNotWritten,
  geometryFrom,
  jsonParameter,
  RecordProblem,
  runImport,
  type BatchResult,
  type Converted,
  type Importer,
  type ImportOptions,
  type ImportSummary,
} from './run.ts';
import type { ImportInput } from './source.ts';
import { intersectsTerritory } from './territory.ts';

// The skeleton each layer importer configures (docs/data-import.md): `runImport` reads the file,
// collects the French errors and writes by batches; a layer says how its file is read, how a
// record is checked and which table it writes.

/** A layer's import: runs the importer its options build (in one transaction unless `commitEachBatch`). */
export function layerImport<Options extends ImportOptions, Input, Row>(
  importer: (options: Options) => Importer<Input, Row>,
): (db: Kysely<Database>, input: ImportInput, options?: Options) => Promise<ImportSummary> {
  // Every import option is optional: none given is the empty set.
  return (db, input, options = {} as Options) => runImport(db, importer(options), input, options);
}

/** The options of a layer an administrator uploads; `audit` runs last, in the import's transaction (its history entry). */
interface AuditedImportOptions extends ImportOptions {
  audit?: (db: Kysely<Database>, summary: ImportSummary) => Promise<void>;
}

/** The importer of a GeoJSON layer: the file's features, numbered, each converted by the layer. */
export function featureImporter<Row>(
  layer: Omit<Importer<RawFeature, Row>, 'unit' | 'records'>,
): Importer<RawFeature, Row> {
  return {
    ...layer,
    unit: 'entité',
    records: (handle, opened) => numberedFeatures(readGeoJsonFeatures(handle, opened)),
  };
}

/** Throws the French reason when a feature's geometry is not one of `allowed`, or ill-formed. */
export function checkGeometry(
  feature: RawFeature,
  allowed: readonly GeometryType[],
  options: ImportOptions,
): void {
  const problem = geometryProblem(feature.geometry, allowed, {
    geographic: (options.srid ?? 4326) === 4326,
  });
  if (problem) throw new RecordProblem(problem);
}

/** A batch's GeoJSON `r.geom` as a stored geometry (EPSG:4326, from the options' `srid`). */
export const batchGeometry = (options: ImportOptions): RawBuilder<unknown> =>
  geometryFrom(sql`r.geom`, options.srid ?? 4326);

/** SQL: the input row `i` (its geometry `g`) meets a member town; true when the filter is off. */
export const inTerritory = (options: ImportOptions): RawBuilder<boolean> =>
  options.territoryFilter !== false ? intersectsTerritory(sql`i.g`) : sql<boolean>`true`;

/** A column of a layer's rows, besides the geometry. */
type Column<Row> = Exclude<keyof Row & string, 'geom'>;

/** A GeoJSON layer whose table is written whole from each batch (zones, resurfacing, consultations). */
export interface TableLayer<Row> {
  kind: ImportKind;
  table: string;
  /** The key of the upsert, one of `columns`. */
  key: Column<Row>;
  /** The columns besides the geometry, each with its SQL type as the batch's JSON is read. */
  columns: Readonly<Record<Column<Row>, 'text' | 'date'>>;
  /** The stored geometry, from the batch's one (default: as it is). */
  geometry?: (g: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** Set too when an existing row is updated (besides the columns and the geometry). */
  onUpdate?: RawBuilder<unknown>;
  /** The file is the whole layer: the rows it no longer has are deleted (with `replace`). */
  whole: boolean;
  /** Checks a feature and gives its row; throws the French reason (RecordProblem). */
  convert(feature: RawFeature, options: ImportOptions): Converted<Row>;
}

/** The import of a table layer: upsert by its key of the rows meeting a member town, then the audit. */
export function tableLayerImport<Row extends { geom: unknown }>(layer: TableLayer<Row>) {
  return layerImport((options: AuditedImportOptions) =>
    featureImporter<Row>({
      kind: layer.kind,
      convert: (feature) => layer.convert(feature, options),
      key: (row) => String(row[layer.key]),
      write: (db, rows) => upsertLayer(db, options, layer, rows),
      deleteStale: (db) => (layer.whole ? deleteNotWritten(db, layer.table, null, []) : Promise.resolve(0)),
      ...(options.audit ? { finish: options.audit } : {}),
    }),
  );
}

function upsertLayer<Row>(
  db: Kysely<Database>,
  options: ImportOptions,
  layer: TableLayer<Row>,
  rows: readonly Row[],
): Promise<BatchResult> {
  const names = Object.keys(layer.columns) as Column<Row>[];
  const columns = sql.join(names.map((name) => sql.ref(name)));
  const read = sql.join([
    ...names.map((name) => sql`${sql.ref(name)} ${sql.raw(layer.columns[name])}`),
    sql`geom json`,
  ]);
  const g = batchGeometry(options);
  const updated = sql.join([
    ...[...names.filter((name) => name !== layer.key), 'geom'].map(
      (name) => sql`${sql.ref(name)} = excluded.${sql.ref(name)}`,
    ),
    ...(layer.onUpdate ? [layer.onUpdate] : []),
  ]);
  const input = sql`SELECT ${columns}, ${layer.geometry ? layer.geometry(g) : g} AS g
    FROM json_to_recordset(${jsonParameter(rows)}) AS r(${read})`;
  return countedUpsert(
    db,
    sql`
      INSERT INTO ${sql.table(layer.table)} (${columns}, geom)
      SELECT ${columns}, g FROM input i WHERE ${inTerritory(options)}
      ON CONFLICT (${sql.ref(layer.key)}) DO UPDATE SET ${updated}`,
    { before: sql`input AS (${input})` },
  );
}
