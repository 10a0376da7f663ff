import type { GeometryCollection, SimpleGeometry } from '@voirie/domain';
import type { Feature } from 'ol';
import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry } from 'ol/geom';
import OlFeature from 'ol/Feature';
import { toGeometryCollection } from '../model/shapes';
import { VIEW_PROJECTION } from './map-view';

// Drawn shapes between OpenLayers (view projection, EPSG:3857) and GeoJSON (EPSG:4326, the
// data projection of the API and of `theGeom`).

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: VIEW_PROJECTION });

/** Seven decimals: about 1 cm, more than the drawing's precision, far fewer digits. */
const DECIMALS = 7;

/** The GeoJSON of one geometry in EPSG:4326. */
export function geometryToGeoJson(geometry: Geometry): SimpleGeometry | GeometryCollection {
  return format.writeGeometryObject(geometry, { decimals: DECIMALS }) as SimpleGeometry | GeometryCollection;
}

/** The features' geometries as one GeometryCollection in EPSG:4326 (collections flattened). */
export function featuresToShapes(features: readonly Feature[]): GeometryCollection {
  return toGeometryCollection(
    features.flatMap((feature) => {
      const geometry = feature.getGeometry();
      return geometry ? [geometryToGeoJson(geometry)] : [];
    }),
  );
}

/** One feature per geometry of the collection, in the view projection. */
export function shapesToFeatures(shapes: GeometryCollection | null | undefined): Feature[] {
  return (shapes?.geometries ?? []).map(
    (geometry) => new OlFeature(format.readGeometry(geometry) as Geometry),
  );
}

/** Features of a GeoJSON FeatureCollection (a local layer's answer), in the view projection. */
export function readLayerFeatures(collection: unknown): Feature[] {
  return format.readFeatures(collection);
}
