import type { Geometry as GeoJsonGeometry, Position } from 'geojson';
import {
  DRAW_TOOLS_BY_KIND,
  MAP_SETTINGS,
  type GeometryCollection,
  type RequestKind,
  type SimpleGeometry,
} from '@voirie/domain';

// Pure helpers on the drawn shapes, in GeoJSON EPSG:4326 (the data projection, docs/constants.md "Map"):
// no OpenLayers here, so the pages can use them without loading the map's chunk.

/** A drawing tool: point (kind 3), line (kind 2), polygon (kind 1). */
export type DrawKind = (typeof DRAW_TOOLS_BY_KIND)['edit'][number];

/** `[lon, lat]` in EPSG:4326. */
export type LonLat = readonly [number, number];

/** `[minLon, minLat, maxLon, maxLat]`. */
export type Bbox = readonly [number, number, number, number];

export const EMPTY_SHAPES: GeometryCollection = { type: 'GeometryCollection', geometries: [] };

/** The drawing tools offered for a request kind, or all three when editing a request. */
export function drawKindsFor(mode: RequestKind | 'edit'): readonly DrawKind[] {
  return DRAW_TOOLS_BY_KIND[mode];
}

/** A collection of the geometries, collections flattened (theGeom holds simple geometries only). */
export function toGeometryCollection(
  geometries: readonly (SimpleGeometry | GeometryCollection)[],
): GeometryCollection {
  return {
    type: 'GeometryCollection',
    geometries: geometries.flatMap((geometry) =>
      geometry.type === 'GeometryCollection' ? geometry.geometries : [geometry],
    ),
  };
}

/**
 * A GeoJSON geometry read from the API as the domain's type: the API sends well-formed
 * positions, which @types/geojson types as plain number arrays.
 */
export function asSimpleGeometry(
  geometry: Exclude<GeoJsonGeometry, { type: 'GeometryCollection' }>,
): SimpleGeometry {
  return geometry as SimpleGeometry;
}

/** True when the collection holds no shape. */
export function hasShapes(shapes: GeometryCollection | null | undefined): shapes is GeometryCollection {
  return Boolean(shapes && shapes.geometries.length > 0);
}

interface Noun {
  one: string;
  many: string;
  feminine: boolean;
}

const NOUNS = {
  point: { one: 'point', many: 'points', feminine: false },
  line: { one: 'ligne', many: 'lignes', feminine: true },
  polygon: { one: 'polygone', many: 'polygones', feminine: false },
} as const satisfies Record<string, Noun>;

function countShapes(shapes: GeometryCollection) {
  const counts = { point: 0, line: 0, polygon: 0 };
  for (const geometry of shapes.geometries) {
    switch (geometry.type) {
      case 'Point':
        counts.point += 1;
        break;
      case 'MultiPoint':
        counts.point += geometry.coordinates.length;
        break;
      case 'LineString':
        counts.line += 1;
        break;
      case 'MultiLineString':
        counts.line += geometry.coordinates.length;
        break;
      case 'Polygon':
        counts.polygon += 1;
        break;
      case 'MultiPolygon':
        counts.polygon += geometry.coordinates.length;
        break;
    }
  }
  return counts;
}

/**
 * The text alternative of the map's drawing: '1 polygone dessiné', '2 lignes dessinées',
 * '1 polygone et 1 point dessinés', or 'Aucune forme dessinée'.
 */
export function describeShapes(shapes: GeometryCollection | null | undefined): string {
  if (!hasShapes(shapes)) return 'Aucune forme dessinée';
  const counts = countShapes(shapes);
  const parts = (Object.keys(NOUNS) as (keyof typeof NOUNS)[])
    .filter((key) => counts[key] > 0)
    .map((key) => ({ count: counts[key], noun: NOUNS[key] }))
    // Polygons first: the footprint is what the instructor reads about first.
    .reverse();
  const words = parts.map(({ count, noun }) => `${count} ${count > 1 ? noun.many : noun.one}`);
  const plural = parts.length > 1 || (parts[0]?.count ?? 0) > 1;
  const feminine = parts.every(({ noun }) => noun.feminine);
  const participle = `dessiné${feminine ? 'e' : ''}${plural ? 's' : ''}`;
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} et ${words.at(-1)}` : words[0];
  return `${list} ${participle}`;
}

function positionsOf(geometry: GeoJsonGeometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
    case 'GeometryCollection':
      return geometry.geometries.flatMap(positionsOf);
  }
}

/** The bounding box of the geometries, or null when there is no position. */
export function bboxOf(geometries: readonly GeoJsonGeometry[]): Bbox | null {
  const positions = geometries.flatMap(positionsOf);
  if (positions.length === 0) return null;
  let [minLon, minLat, maxLon, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon = 0, lat = 0] of positions) {
    minLon = Math.min(minLon, lon);
    minLat = Math.min(minLat, lat);
    maxLon = Math.max(maxLon, lon);
    maxLat = Math.max(maxLat, lat);
  }
  return [minLon, minLat, maxLon, maxLat];
}

/** What the map fits to show some shapes: their bounding box, and the zoom not to go past. */
export interface FitTarget {
  bbox: Bbox;
  maxZoom: number;
}

/**
 * How to show every shape of a bounding box (docs/constants.md "Map"): the box itself, at zoom 19
 * at most (zoom to a layer); a box of no size — one point, or points on one spot — would reach that
 * zoom with nothing around it to recognise, so it is shown as a located request, at 18 at most.
 */
export function fitTargetOf(bbox: Bbox | null): FitTarget | null {
  if (!bbox || !bbox.every(Number.isFinite)) return null;
  const single = bbox[0] === bbox[2] && bbox[1] === bbox[3];
  return { bbox, maxZoom: single ? MAP_SETTINGS.locateMaxZoom : MAP_SETTINGS.zoomToLayerMaxZoom };
}

/** The fit of all the shapes — points, lines and polygons — or null when there is none. */
export function fitTargetOfShapes(shapes: GeometryCollection | null | undefined): FitTarget | null {
  return fitTargetOf(shapes ? bboxOf(shapes.geometries) : null);
}

/** The centre of the shapes' bounding box (the request's lon/lat when no address gives one). */
export function centerOf(shapes: GeometryCollection | null | undefined): LonLat | null {
  const bbox = shapes ? bboxOf(shapes.geometries) : null;
  if (!bbox) return null;
  return [(bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2];
}

const METRES_PER_DEGREE = 111_320;

/** A box of about `metres` on each side of the point. */
export function bboxAround([lon, lat]: LonLat, metres: number): Bbox {
  const dLat = metres / METRES_PER_DEGREE;
  const dLon = metres / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat];
}

/** Local metric coordinates of a position around an origin (equirectangular, fine below 1 km). */
function toMetres(origin: LonLat, [lon = 0, lat = 0]: Position): [number, number] {
  return [
    (lon - origin[0]) * METRES_PER_DEGREE * Math.cos((origin[1] * Math.PI) / 180),
    (lat - origin[1]) * METRES_PER_DEGREE,
  ];
}

function distanceToSegment(a: [number, number], b: [number, number]): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(a[0] * dx + a[1] * dy) / lengthSquared));
  return Math.hypot(a[0] + t * dx, a[1] + t * dy);
}

function isInsideRing(ring: [number, number][]): boolean {
  // Ray casting from the origin (the point measured from).
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > 0 !== yj > 0 && 0 < ((xj - xi) * -yi) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function lineDistance(origin: LonLat, line: Position[]): number {
  const points = line.map((position) => toMetres(origin, position));
  if (points.length === 1) return Math.hypot(...points[0]!);
  let distance = Infinity;
  for (let i = 1; i < points.length; i += 1)
    distance = Math.min(distance, distanceToSegment(points[i - 1]!, points[i]!));
  return distance;
}

function polygonDistance(origin: LonLat, rings: Position[][]): number {
  const outer = rings[0];
  if (!outer) return Infinity;
  if (isInsideRing(outer.map((position) => toMetres(origin, position)))) return 0;
  return Math.min(...rings.map((ring) => lineDistance(origin, ring)));
}

/** Approximate distance in metres from a point to a geometry (0 inside a polygon). */
export function distanceTo(origin: LonLat, geometry: GeoJsonGeometry): number {
  switch (geometry.type) {
    case 'Point':
      return lineDistance(origin, [geometry.coordinates]);
    case 'MultiPoint':
    case 'LineString':
      return lineDistance(origin, geometry.coordinates);
    case 'MultiLineString':
      return Math.min(...geometry.coordinates.map((line) => lineDistance(origin, line)));
    case 'Polygon':
      return polygonDistance(origin, geometry.coordinates);
    case 'MultiPolygon':
      return Math.min(...geometry.coordinates.map((rings) => polygonDistance(origin, rings)));
    case 'GeometryCollection':
      return Math.min(...geometry.geometries.map((part) => distanceTo(origin, part)));
  }
}
