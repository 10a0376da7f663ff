import type { NumberedFeature, RawFeature } from './geojson-reader.ts';
import { RecordProblem, type NumberedRecord } from './run.ts';

/** The reader's features as numbered records of the driver. */
export async function* numberedFeatures(
  batches: AsyncIterable<NumberedFeature[]>,
): AsyncGenerator<NumberedRecord<RawFeature>[]> {
  for await (const batch of batches) yield batch.map(({ number, feature }) => ({ number, data: feature }));
}

/**
 * A feature's properties as the official file gives them: each format (BD TOPO, OSM, the
 * portals' exports) names its own, which the importers read by name and check value by value
 * (values.ts).
 */
// eslint-disable-next-line no-restricted-syntax -- an outside file's properties, read by name then checked
export type FeatureProperties = Readonly<Record<string, unknown>>;

const isProperties = (value: object): value is FeatureProperties => !Array.isArray(value);

/** A feature's properties (checks the Feature shape). */
export function featureProperties(feature: RawFeature): FeatureProperties {
  if (typeof feature !== 'object' || feature === null || Array.isArray(feature))
    throw new RecordProblem('une entité GeoJSON doit être un objet.');
  if (feature.type !== 'Feature')
    throw new RecordProblem(`objet de type « ${String(feature.type)} », attendu « Feature ».`);
  const properties = feature.properties;
  if (properties === null || properties === undefined) return {};
  if (typeof properties !== 'object' || !isProperties(properties))
    throw new RecordProblem('« properties » doit être un objet.');
  return properties;
}
