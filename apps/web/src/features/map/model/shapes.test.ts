import { describe, expect, it } from 'vitest';
import {
  bboxAround,
  centerOf,
  describeShapes,
  distanceTo,
  drawKindsFor,
  EMPTY_SHAPES,
  fitTargetOf,
  fitTargetOfShapes,
  toGeometryCollection,
} from './shapes';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-1.43, 43.631],
      [-1.429, 43.631],
      [-1.429, 43.632],
      [-1.43, 43.632],
      [-1.43, 43.631],
    ] as [number, number][],
  ],
};
const line = {
  type: 'LineString' as const,
  coordinates: [
    [-1.43, 43.631],
    [-1.428, 43.631],
  ] as [number, number][],
};
const point = { type: 'Point' as const, coordinates: [-1.43, 43.631] as [number, number] };

describe('drawn shapes (GeoJSON, EPSG:4326)', () => {
  it('offers the polygon for kind 1, the line for kind 2, the point for kind 3, all three when editing', () => {
    expect(drawKindsFor(1)).toEqual(['Polygon']);
    expect(drawKindsFor(2)).toEqual(['LineString']);
    expect(drawKindsFor(3)).toEqual(['Point']);
    expect(drawKindsFor('edit')).toEqual(['Point', 'LineString', 'Polygon']);
  });

  it('describes what is drawn in French, for the text alternative of the map', () => {
    expect(describeShapes(null)).toBe('Aucune forme dessinée');
    expect(describeShapes(EMPTY_SHAPES)).toBe('Aucune forme dessinée');
    expect(describeShapes(toGeometryCollection([square]))).toBe('1 polygone dessiné');
    expect(describeShapes(toGeometryCollection([square, square]))).toBe('2 polygones dessinés');
    expect(describeShapes(toGeometryCollection([line]))).toBe('1 ligne dessinée');
    expect(describeShapes(toGeometryCollection([line, line]))).toBe('2 lignes dessinées');
    expect(describeShapes(toGeometryCollection([point]))).toBe('1 point dessiné');
    expect(describeShapes(toGeometryCollection([point, line, square]))).toBe(
      '1 polygone, 1 ligne et 1 point dessinés',
    );
  });

  it('counts each polygon of a multipolygon (a parcel chosen in the list)', () => {
    const multi = { type: 'MultiPolygon' as const, coordinates: [square.coordinates, square.coordinates] };
    expect(describeShapes(toGeometryCollection([multi]))).toBe('2 polygones dessinés');
  });

  it('flattens nested collections: theGeom holds simple geometries only', () => {
    const nested = toGeometryCollection([toGeometryCollection([square, line]), point]);
    expect(nested).toEqual({ type: 'GeometryCollection', geometries: [square, line, point] });
  });

  it('gives the centre of the shapes, or null when nothing is drawn', () => {
    expect(centerOf(toGeometryCollection([square]))).toEqual([-1.4295, 43.6315]);
    expect(centerOf(EMPTY_SHAPES)).toBeNull();
  });

  it('fits every point, line and polygon of the request, zoom 19 at most', () => {
    const farPoint = { type: 'Point' as const, coordinates: [-1.425, 43.629] as [number, number] };
    const northLine = {
      type: 'LineString' as const,
      coordinates: [
        [-1.431, 43.633],
        [-1.4305, 43.634],
      ] as [number, number][],
    };
    // The box reaches the point's east and south, the line's west and north, the square between.
    expect(fitTargetOfShapes(toGeometryCollection([square, farPoint, northLine]))).toEqual({
      bbox: [-1.431, 43.629, -1.425, 43.634],
      maxZoom: 19,
    });
    expect(fitTargetOfShapes(toGeometryCollection([line]))).toEqual({
      bbox: [-1.43, 43.631, -1.428, 43.631],
      maxZoom: 19,
    });
  });

  it('shows one point as a located request, zoom 18 at most; nothing to fit without a shape', () => {
    expect(fitTargetOfShapes(toGeometryCollection([point]))).toEqual({
      bbox: [-1.43, 43.631, -1.43, 43.631],
      maxZoom: 18,
    });
    expect(fitTargetOfShapes(toGeometryCollection([point, point]))?.maxZoom).toBe(18);
    expect(fitTargetOfShapes(EMPTY_SHAPES)).toBeNull();
    expect(fitTargetOfShapes(null)).toBeNull();
    expect(fitTargetOf([Number.NaN, 43.6, -1.4, 43.7])).toBeNull();
  });

  it('measures a box and distances in metres around a point', () => {
    const [minLon, minLat, maxLon, maxLat] = bboxAround([-1.43, 43.631], 100);
    expect((maxLat - minLat) * 111_320).toBeCloseTo(200, 0);
    expect((maxLon - minLon) * 111_320 * Math.cos((43.631 * Math.PI) / 180)).toBeCloseTo(200, 0);
    // 0.001° of latitude north of the line: about 111 m.
    expect(distanceTo([-1.429, 43.632], line)).toBeCloseTo(111.3, 0);
    expect(distanceTo([-1.4295, 43.6315], square)).toBe(0);
    expect(distanceTo([-1.4295, 43.633], square)).toBeCloseTo(111.3, 0);
  });
});
