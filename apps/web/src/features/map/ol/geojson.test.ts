import OlFeature from 'ol/Feature';
import { LineString, Point, Polygon } from 'ol/geom';
import { fromLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { featuresToShapes, readLayerFeatures, shapesToFeatures } from './geojson';

const lonLat = (lon: number, lat: number) => fromLonLat([lon, lat]);

describe('drawn shapes between OpenLayers (EPSG:3857) and GeoJSON (EPSG:4326)', () => {
  it('writes the drawn features as one GeometryCollection in degrees, 7 decimals', () => {
    const polygon = new Polygon([
      [lonLat(-1.43, 43.631), lonLat(-1.429, 43.631), lonLat(-1.429, 43.632), lonLat(-1.43, 43.631)],
    ]);
    const shapes = featuresToShapes([
      new OlFeature(polygon),
      new OlFeature(new LineString([lonLat(-1.43, 43.631), lonLat(-1.428, 43.6310004)])),
      new OlFeature(new Point(lonLat(-1.3014, 43.663))),
    ]);
    expect(shapes.type).toBe('GeometryCollection');
    expect(shapes.geometries.map((geometry) => geometry.type)).toEqual(['Polygon', 'LineString', 'Point']);
    expect(shapes.geometries[0]).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-1.43, 43.631],
          [-1.429, 43.631],
          [-1.429, 43.632],
          [-1.43, 43.631],
        ],
      ],
    });
    expect(shapes.geometries[1]?.coordinates).toEqual([
      [-1.43, 43.631],
      [-1.428, 43.6310004],
    ]);
    expect(shapes.geometries[2]).toEqual({ type: 'Point', coordinates: [-1.3014, 43.663] });
  });

  it('gives an empty collection when nothing is drawn', () => {
    expect(featuresToShapes([])).toEqual({ type: 'GeometryCollection', geometries: [] });
    expect(featuresToShapes([new OlFeature()])).toEqual({ type: 'GeometryCollection', geometries: [] });
  });

  it('reads initial shapes back into features of the view projection, and round-trips', () => {
    const initial = {
      type: 'GeometryCollection' as const,
      geometries: [
        { type: 'Point' as const, coordinates: [-1.316, 43.662] as [number, number] },
        {
          type: 'MultiPolygon' as const,
          coordinates: [
            [
              [
                [-1.4298, 43.63106],
                [-1.4292, 43.63106],
                [-1.4292, 43.6313],
                [-1.4298, 43.63106],
              ] as [number, number][],
            ],
          ],
        },
      ],
    };
    const features = shapesToFeatures(initial);
    expect(features).toHaveLength(2);
    const point = features[0]?.getGeometry() as Point;
    expect(point.getCoordinates()[0]).toBeCloseTo(lonLat(-1.316, 43.662)[0]!, 3);
    expect(featuresToShapes(features)).toEqual(initial);
    expect(shapesToFeatures(null)).toEqual([]);
  });

  it('reads a local layer (GeoJSON FeatureCollection) with its properties', () => {
    const features = readLayerFeatures({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 812,
          geometry: {
            type: 'LineString',
            coordinates: [
              [-1.435, 43.6433],
              [-1.433, 43.6433],
            ],
          },
          properties: {
            id: 812,
            typevoie: 'Voie communale',
            nom: 'Rue des Pins',
            numero: null,
            accepted: true,
          },
        },
      ],
    });
    expect(features).toHaveLength(1);
    expect(features[0]?.getId()).toBe(812);
    expect(features[0]?.get('typevoie')).toBe('Voie communale');
    const [x] = (features[0]?.getGeometry() as LineString).getFirstCoordinate();
    expect(x).toBeCloseTo(lonLat(-1.435, 43.6433)[0]!, 3);
  });
});
