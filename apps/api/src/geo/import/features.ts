import type { NumberedFeature, RawFeature } from './geojson-reader.ts';
import { RecordProblem, type NumberedRecord } from './run.ts';

/** The reader's features as numbered records of the driver. */
export async function* numberedFeatures(
  batches: AsyncIterable<NumberedFeature[]>,
): AsyncGenerator<NumberedRecord<RawFeature>[]> {
  for await (const batch of batches) yield batch.map(({ number, feature }) => ({ number, data: feature }));
}

/** A feature's properties (checks the Feature shape). */
export function featureProperties(feature: RawFeature): Record<string, unknown> {
  if (typeof feature !== 'object' || feature === null || Array.isArray(feature))
    throw new RecordProblem('une entité GeoJSON doit être un objet.');
  if (feature.type !== 'Feature')
    throw new RecordProblem(`objet de type « ${String(feature.type)} », attendu « Feature ».`);
  const properties = feature.properties;
  if (properties === null || properties === undefined) return {};
  if (typeof properties !== 'object' || Array.isArray(properties))
    throw new RecordProblem('« properties » doit être un objet.');
  return properties as Record<string, unknown>;
}
