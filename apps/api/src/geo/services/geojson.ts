/** A feature whose geometry is already GeoJSON text (ST_AsGeoJSON): never parsed in Node. */
export interface RawFeature {
  id: string | number;
  geometry: string;
  properties: object;
}

/**
 * A FeatureCollection as JSON text, the geometries spliced in as PostGIS wrote them: layers
 * of thousands of features skip a JSON.parse and a re-serialization of every coordinate.
 */
export function featureCollectionJson(features: readonly RawFeature[], extra: object = {}): string {
  const parts = features.map(
    (feature) =>
      `{"type":"Feature","id":${JSON.stringify(feature.id)},"geometry":${feature.geometry},"properties":${JSON.stringify(feature.properties)}}`,
  );
  const members = Object.entries(extra).map(
    ([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`,
  );
  return `{"type":"FeatureCollection"${members.join('')},"features":[${parts.join(',')}]}`;
}
