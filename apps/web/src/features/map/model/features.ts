import type { Geometry as GeoJsonGeometry, Position } from 'geojson';
import type { LonLat } from './shapes';

// Pure helpers for the features a map shows (the list's requests), in GeoJSON EPSG:4326: no
// OpenLayers here, so they are tested without a canvas.

/** A feature's id: the request id. */
export type MapFeatureId = number | string;

/**
 * How a feature is drawn: the list's requests and the photos by default; on a request's page,
 * the other works in conflict and the recent resurfacings in their own colours.
 */
export type MapFeatureTone = 'default' | 'conflict' | 'resurfacing';

/** A feature shown on the map, selectable (its geometry in EPSG:4326). */
export interface MapFeature {
  id: MapFeatureId;
  geometry: GeoJsonGeometry;
  tone?: MapFeatureTone;
}

/**
 * A feature's properties, as its tile carries them (the list's requests: `{ id, publicId, type,
 * stateId, dateStart, dateEnd }`); the page that shows the tiles reads them (its `featurePopup`).
 */
// eslint-disable-next-line no-restricted-syntax -- the map is generic: a tile holds what its server puts, read by the page that asked for it.
export type MapFeatureProperties = Readonly<Record<string, unknown>>;

/** Where a selected feature is and what it says, when it is not one of `features` (a feature of the tiles). */
export interface FeatureDetails {
  /** Its shape (EPSG:4326): the popup points at its anchor, `zoom` fits it; for a click on a tile, the point clicked. */
  geometry?: GeoJsonGeometry | null;
  properties?: MapFeatureProperties;
}

/**
 * The selected feature. A new object with `zoom` zooms onto it again (zoom 18 at most, 2 s:
 * the list's 'locate'); without `zoom` the map stays where it is (a click on the feature).
 */
export interface FeatureSelection extends FeatureDetails {
  id: MapFeatureId;
  zoom?: boolean;
}

/** What the popup of a selected feature says: a title, lines, and whether it is a warning. */
export interface FeaturePopupContent {
  title: string;
  lines: readonly string[];
  warning?: boolean;
}

/** The popup's text for a live region: 'Demande n° 12. Début des travaux : 01/04/2026.' */
export function popupAnnouncement(content: FeaturePopupContent | null | undefined): string {
  if (!content) return '';
  return [content.title, ...content.lines]
    .map((text) => (/[.!?:]$/.test(text) ? text : `${text}.`))
    .join(' ');
}

function distance(a: Position, b: Position): number {
  return Math.hypot((b[0] ?? 0) - (a[0] ?? 0), (b[1] ?? 0) - (a[1] ?? 0));
}

function lengthOf(line: readonly Position[]): number {
  let total = 0;
  for (let index = 1; index < line.length; index += 1) total += distance(line[index - 1]!, line[index]!);
  return total;
}

/** The point halfway along a line (its only point when it has no length). */
export function midpointOf(line: readonly Position[]): LonLat | null {
  const first = line[0];
  if (!first) return null;
  let remaining = lengthOf(line) / 2;
  for (let index = 1; index < line.length; index += 1) {
    const a = line[index - 1]!;
    const b = line[index]!;
    const step = distance(a, b);
    if (step > 0 && remaining <= step) {
      const t = remaining / step;
      return [(a[0] ?? 0) + t * ((b[0] ?? 0) - (a[0] ?? 0)), (a[1] ?? 0) + t * ((b[1] ?? 0) - (a[1] ?? 0))];
    }
    remaining -= step;
  }
  return [first[0] ?? 0, first[1] ?? 0];
}

/** True when the point is inside the ring (even-odd rule). */
export function isInsideRing([x, y]: LonLat, ring: readonly Position[]): boolean {
  let inside = false;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
    const [xi = 0, yi = 0] = ring[index]!;
    const [xj = 0, yj = 0] = ring[previous]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function polygonAnchor(rings: readonly (readonly Position[])[]): LonLat | null {
  const outer = rings[0];
  if (!outer || outer.length === 0) return null;
  const xs = outer.map((position) => position[0] ?? 0);
  const ys = outer.map((position) => position[1] ?? 0);
  const center: LonLat = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  const holes = rings.slice(1);
  if (isInsideRing(center, outer) && !holes.some((hole) => isInsideRing(center, hole))) return center;
  // A concave shape whose box centre falls outside: a point of its outline.
  return midpointOf(outer);
}

/**
 * A point on the feature, where its popup points and where the map centres it: the point, the
 * middle of a line, the centre of a polygon when it lies inside (else a point of its outline);
 * the first non-empty part of a collection. Null when the geometry is empty.
 */
export function anchorOf(geometry: GeoJsonGeometry | null | undefined): LonLat | null {
  if (!geometry) return null;
  switch (geometry.type) {
    case 'Point':
      return geometry.coordinates.length >= 2 ? [geometry.coordinates[0]!, geometry.coordinates[1]!] : null;
    case 'MultiPoint':
      return anchorOf(
        geometry.coordinates[0] ? { type: 'Point', coordinates: geometry.coordinates[0] } : null,
      );
    case 'LineString':
      return midpointOf(geometry.coordinates);
    case 'MultiLineString': {
      const longest = [...geometry.coordinates].sort((a, b) => lengthOf(b) - lengthOf(a))[0];
      return longest ? midpointOf(longest) : null;
    }
    case 'Polygon':
      return polygonAnchor(geometry.coordinates);
    case 'MultiPolygon':
      return geometry.coordinates[0] ? polygonAnchor(geometry.coordinates[0]) : null;
    case 'GeometryCollection':
      for (const part of geometry.geometries) {
        const anchor = anchorOf(part);
        if (anchor) return anchor;
      }
      return null;
  }
}

/** `[minX, minY, maxX, maxY]` in any projection. */
export type Extent = readonly [number, number, number, number];

/**
 * The smallest extent centred on `anchor` that holds `extent`: fitting it puts the anchor in
 * the middle of the map, the whole feature in view.
 */
export function extentCenteredOn([x, y]: readonly [number, number], extent: Extent): Extent {
  const halfWidth = Math.max(x - extent[0], extent[2] - x, 0);
  const halfHeight = Math.max(y - extent[1], extent[3] - y, 0);
  return [x - halfWidth, y - halfHeight, x + halfWidth, y + halfHeight];
}

/** The popup's gap to the point it describes, and to the map's edges, in pixels. */
const POPUP_GAP = 14;
const EDGE = 4;

/**
 * Where the popup's top-left corner goes: above the anchor's pixel, centred on it; below when
 * there is no room above; always inside the map.
 */
export function popupPosition(
  [x, y]: readonly [number, number],
  [width, height]: readonly [number, number],
  [mapWidth, mapHeight]: readonly [number, number],
): { left: number; top: number } {
  const clamp = (value: number, max: number) => Math.max(EDGE, Math.min(value, max - EDGE));
  const above = y - height - POPUP_GAP;
  const top = above >= EDGE ? above : y + POPUP_GAP;
  return {
    left: Math.round(clamp(x - width / 2, mapWidth - width)),
    top: Math.round(clamp(top, mapHeight - height)),
  };
}
