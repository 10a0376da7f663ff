import type { GeometryCollection, SimpleGeometry } from './schemas/geometry.ts';

// The checks of a drawn footprint: what the wizard, the filing and the update
// accept. PostGIS checks validity again when the shape is stored (the API's last guard).

/**
 * Limits of a drawn footprint: what real works draw — a trench along a street, a site, a
 * frontage — not a coastline or the whole community (a 5,000-position polygon around
 * the territory held the embedded database for 15 s). Every spatial query is bounded by them.
 */
export const DRAWN_GEOMETRY_LIMITS = {
  /** Positions in the whole collection (every ring and line, closing positions included). */
  maxPositions: 5000,
  /** The longer side of the footprint's bounding box, in metres. */
  maxExtentMetres: 10_000,
  /** The drawn polygons' area, in square metres (10 ha). */
  maxAreaSquareMetres: 100_000,
  /** The drawn lines' length, all together, in metres. */
  maxLineLengthMetres: 20_000,
} as const;

/**
 * The bounding box of the community's 23 towns (shared/data/communes.geojson, IGN ADMIN
 * EXPRESS), EPSG:4326 degrees. The API's tests check it still contains every stored town.
 */
export const TERRITORY_EXTENT = {
  minLon: -1.4825,
  minLat: 43.51684,
  maxLon: -1.10673,
  maxLat: 43.89756,
} as const;

/** Margin around the territory's box, in degrees (about 1 km): works on a boundary road. */
const TERRITORY_MARGIN_DEGREES = 0.01;

/** 5000 -> '5 000' (a no-break space between groups, as French writes numbers). */
function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

function kilometres(metres: number): string {
  return groupThousands(metres / 1000);
}

/** The French messages of the drawn footprint's checks. */
export const GEOMETRY_MESSAGES = {
  tooManyPositions: `Le tracé dessiné comporte trop de points (${groupThousands(DRAWN_GEOMETRY_LIMITS.maxPositions)} au plus).`,
  invalidCoordinates: 'Les coordonnées du tracé dessiné ne sont pas valides.',
  lineTooShort: 'La ligne dessinée doit comporter au moins deux points.',
  polygonTooFewPositions: 'Le polygone dessiné doit comporter au moins trois sommets distincts.',
  polygonNotClosed: "Le polygone dessiné n'est pas fermé.",
  outsideTerritory: 'Le tracé dessiné sort du territoire de la communauté.',
  selfIntersecting: 'Le tracé dessiné se recoupe lui-même.',
  tooWide: `Le tracé dessiné est trop étendu : ${kilometres(DRAWN_GEOMETRY_LIMITS.maxExtentMetres)} km au plus d'un bord à l'autre.`,
  tooLarge: `La surface dessinée est trop grande : ${groupThousands(DRAWN_GEOMETRY_LIMITS.maxAreaSquareMetres / 10_000)} ha au plus.`,
  tooLong: `Les lignes dessinées sont trop longues : ${kilometres(DRAWN_GEOMETRY_LIMITS.maxLineLengthMetres)} km au plus en tout.`,
  /** The API's last guard (PostGIS ST_IsValid) refused a shape the checks above let through. */
  invalid: "Le tracé dessiné n'est pas valide : redessinez-le.",
} as const;

type Position = readonly number[];

/** The rings of polygons and the lines of a shape. */
function partsOf(shape: SimpleGeometry): { rings: Position[][]; lines: Position[][]; points: Position[] } {
  switch (shape.type) {
    case 'Point':
      return { rings: [], lines: [], points: [shape.coordinates] };
    case 'MultiPoint':
      return { rings: [], lines: [], points: shape.coordinates };
    case 'LineString':
      return { rings: [], lines: [shape.coordinates], points: [] };
    case 'MultiLineString':
      return { rings: [], lines: shape.coordinates, points: [] };
    case 'Polygon':
      return { rings: shape.coordinates, lines: [], points: [] };
    case 'MultiPolygon':
      return { rings: shape.coordinates.flat(), lines: [], points: [] };
  }
}

/** Every position of a collection: points, lines and rings. */
function positionsOf(collection: GeometryCollection): Position[] {
  return collection.geometries.flatMap((shape) => {
    const { rings, lines, points } = partsOf(shape);
    return [...points, ...lines.flat(), ...rings.flat()];
  });
}

/** Positions in the whole collection (what DRAWN_GEOMETRY_LIMITS.maxPositions bounds). */
export function countPositions(collection: GeometryCollection): number {
  let count = 0;
  for (const shape of collection.geometries) {
    const { rings, lines, points } = partsOf(shape);
    count += points.length;
    for (const part of [...lines, ...rings]) count += part.length;
  }
  return count;
}

function isValidPosition(position: Position): boolean {
  const [lon, lat] = position;
  return (
    lon !== undefined &&
    lat !== undefined &&
    Number.isFinite(lon) &&
    Number.isFinite(lat) &&
    Math.abs(lon) <= 180 &&
    Math.abs(lat) <= 90
  );
}

/** True when the position lies in the territory's box, margin included. */
export function isInTerritory(position: Position): boolean {
  const [lon = NaN, lat = NaN] = position;
  const margin = TERRITORY_MARGIN_DEGREES;
  return (
    lon >= TERRITORY_EXTENT.minLon - margin &&
    lon <= TERRITORY_EXTENT.maxLon + margin &&
    lat >= TERRITORY_EXTENT.minLat - margin &&
    lat <= TERRITORY_EXTENT.maxLat + margin
  );
}

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** A ring's first and last positions are the same (RFC 7946 §3.1.6). */
function isRingClosed(ring: readonly Position[]): boolean {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 0 && first !== undefined && last !== undefined && samePosition(first, last);
}

/** The ring without repeated consecutive positions (a repeated position is no edge). */
function withoutRepeats(ring: readonly Position[]): Position[] {
  const result: Position[] = [];
  for (const position of ring) {
    const previous = result[result.length - 1];
    if (!previous || !samePosition(previous, position)) result.push(position);
  }
  return result;
}

type Point2 = { x: number; y: number };

function point(position: Position): Point2 {
  return { x: position[0] ?? 0, y: position[1] ?? 0 };
}

/** Sign of the cross product (b − a) × (c − a): 1 left turn, −1 right turn, 0 collinear. */
function orientation(a: Point2, b: Point2, c: Point2): number {
  return Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

/** c, collinear with a and b, lies within the segment's box. */
function onSegment(a: Point2, b: Point2, c: Point2): boolean {
  return (
    Math.min(a.x, b.x) <= c.x &&
    c.x <= Math.max(a.x, b.x) &&
    Math.min(a.y, b.y) <= c.y &&
    c.y <= Math.max(a.y, b.y)
  );
}

/** Segments ab and cd share at least one point (touching counts). */
function segmentsMeet(a: Point2, b: Point2, c: Point2, d: Point2): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, b, c)) ||
    (o2 === 0 && onSegment(a, b, d)) ||
    (o3 === 0 && onSegment(c, d, a)) ||
    (o4 === 0 && onSegment(c, d, b))
  );
}

/** Consecutive edges a→b→c fold back on themselves (collinear, c on the a side of b). */
function foldsBack(a: Point2, b: Point2, c: Point2): boolean {
  return orientation(a, b, c) === 0 && (a.x - b.x) * (c.x - b.x) + (a.y - b.y) * (c.y - b.y) > 0;
}

/**
 * True when a closed ring crosses or touches itself: two edges that are not neighbours meet,
 * or two neighbours overlap. Edges are swept by their left end (O(n log n) for drawn shapes).
 */
export function ringSelfIntersects(ring: readonly Position[]): boolean {
  const positions = withoutRepeats(ring).map(point);
  const edgeCount = positions.length - 1;
  if (edgeCount < 3) return false;
  const edges = Array.from({ length: edgeCount }, (_, index) => {
    const a = positions[index]!;
    const b = positions[index + 1]!;
    return {
      index,
      a,
      b,
      minX: Math.min(a.x, b.x),
      maxX: Math.max(a.x, b.x),
      minY: Math.min(a.y, b.y),
      maxY: Math.max(a.y, b.y),
    };
  });
  for (let index = 0; index < edgeCount; index += 1) {
    const next = edges[(index + 1) % edgeCount]!;
    if (foldsBack(edges[index]!.a, edges[index]!.b, next.b)) return true;
  }
  const sorted = [...edges].sort((left, right) => left.minX - right.minX);
  for (let i = 0; i < sorted.length; i += 1) {
    const edge = sorted[i]!;
    for (let j = i + 1; j < sorted.length && sorted[j]!.minX <= edge.maxX; j += 1) {
      const other = sorted[j]!;
      const gap = Math.abs(edge.index - other.index);
      // Neighbours share a position: checked above for overlap.
      if (gap === 1 || gap === edgeCount - 1) continue;
      if (other.minY > edge.maxY || other.maxY < edge.minY) continue;
      if (segmentsMeet(edge.a, edge.b, other.a, other.b)) return true;
    }
  }
  return false;
}

/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_METRES = 6_371_008.8;

/**
 * Positions as metres on a plane tangent at `latitude` (equirectangular): within 10 km, a few
 * thousandths off the true distances — enough for limits, with no projection library.
 */
function planeAt(latitude: number): (position: Position) => Point2 {
  const metresPerDegree = (Math.PI / 180) * EARTH_RADIUS_METRES;
  const scaleX = metresPerDegree * Math.cos((latitude * Math.PI) / 180);
  return (position) => ({ x: (position[0] ?? 0) * scaleX, y: (position[1] ?? 0) * metresPerDegree });
}

/** A ring's area on the plane (shoelace), unsigned. */
function ringArea(ring: readonly Point2[]): number {
  let twice = 0;
  for (let index = 0; index + 1 < ring.length; index += 1) {
    const a = ring[index]!;
    const b = ring[index + 1]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

function lineLength(line: readonly Point2[]): number {
  let length = 0;
  for (let index = 0; index + 1 < line.length; index += 1)
    length += Math.hypot(line[index + 1]!.x - line[index]!.x, line[index + 1]!.y - line[index]!.y);
  return length;
}

/** The polygons' rings: the first of each polygon is its shell, the others its holes. */
function polygonsOf(shape: SimpleGeometry): Position[][][] {
  if (shape.type === 'Polygon') return [shape.coordinates];
  if (shape.type === 'MultiPolygon') return shape.coordinates;
  return [];
}

/**
 * The size of a shape, on the plane: the longer side of its box, its polygons' area (shells
 * less holes) and its lines' length, in metres. Positions must be valid.
 */
export function footprintSize(shapes: readonly SimpleGeometry[]): {
  extentMetres: number;
  areaSquareMetres: number;
  lineLengthMetres: number;
} {
  const positions = shapes.flatMap((shape) => {
    const { rings, lines, points } = partsOf(shape);
    return [...points, ...lines.flat(), ...rings.flat()];
  });
  if (positions.length === 0) return { extentMetres: 0, areaSquareMetres: 0, lineLengthMetres: 0 };
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon = 0, lat = 0] of positions) {
    minX = Math.min(minX, lon);
    maxX = Math.max(maxX, lon);
    minY = Math.min(minY, lat);
    maxY = Math.max(maxY, lat);
  }
  const plane = planeAt((minY + maxY) / 2);
  const corner = plane([minX, minY]);
  const opposite = plane([maxX, maxY]);
  let area = 0;
  for (const polygon of shapes.flatMap(polygonsOf)) {
    const [shell = 0, ...holes] = polygon.map((ring) => ringArea(ring.map(plane)));
    area += Math.max(0, shell - holes.reduce((sum, hole) => sum + hole, 0));
  }
  const lines = shapes.flatMap((shape) => partsOf(shape).lines);
  return {
    extentMetres: Math.max(opposite.x - corner.x, opposite.y - corner.y),
    areaSquareMetres: area,
    lineLengthMetres: lines.reduce((sum, line) => sum + lineLength(line.map(plane)), 0),
  };
}

/**
 * The message of a shape larger than real works (DRAWN_GEOMETRY_LIMITS), or null: what keeps
 * every spatial query of a footprint, a look-up or a search, small. Positions must be valid.
 */
export function footprintSizeProblem(shapes: readonly SimpleGeometry[]): string | null {
  const size = footprintSize(shapes);
  if (size.extentMetres > DRAWN_GEOMETRY_LIMITS.maxExtentMetres) return GEOMETRY_MESSAGES.tooWide;
  if (size.areaSquareMetres > DRAWN_GEOMETRY_LIMITS.maxAreaSquareMetres) return GEOMETRY_MESSAGES.tooLarge;
  if (size.lineLengthMetres > DRAWN_GEOMETRY_LIMITS.maxLineLengthMetres) return GEOMETRY_MESSAGES.tooLong;
  return null;
}

/**
 * The first reason a drawn footprint is refused, as its French message, or null when it may
 * be filed: at most DRAWN_GEOMETRY_LIMITS.maxPositions positions, valid coordinates, lines of
 * two points or more, closed polygon rings of three distinct positions or more, inside the
 * territory, no larger than real works (footprintSizeProblem), no polygon ring crossing itself. The count comes first: nothing else runs on a
 * shape too large.
 */
export function drawnGeometryProblem(collection: GeometryCollection): string | null {
  if (countPositions(collection) > DRAWN_GEOMETRY_LIMITS.maxPositions)
    return GEOMETRY_MESSAGES.tooManyPositions;
  const positions = positionsOf(collection);
  if (!positions.every(isValidPosition)) return GEOMETRY_MESSAGES.invalidCoordinates;
  const parts = collection.geometries.map(partsOf);
  const lines = parts.flatMap((part) => part.lines);
  const rings = parts.flatMap((part) => part.rings);
  if (lines.some((line) => line.length < 2)) return GEOMETRY_MESSAGES.lineTooShort;
  const hasEmptyPolygon = collection.geometries.some(
    (shape) =>
      (shape.type === 'Polygon' && shape.coordinates.length === 0) ||
      (shape.type === 'MultiPolygon' && shape.coordinates.some((rings) => rings.length === 0)),
  );
  if (hasEmptyPolygon) return GEOMETRY_MESSAGES.polygonTooFewPositions;
  if (rings.some((ring) => !isRingClosed(ring))) return GEOMETRY_MESSAGES.polygonNotClosed;
  if (rings.some((ring) => withoutRepeats(ring).length < 4)) return GEOMETRY_MESSAGES.polygonTooFewPositions;
  if (!positions.every(isInTerritory)) return GEOMETRY_MESSAGES.outsideTerritory;
  const sizeProblem = footprintSizeProblem(collection.geometries);
  if (sizeProblem) return sizeProblem;
  if (rings.some(ringSelfIntersects)) return GEOMETRY_MESSAGES.selfIntersecting;
  return null;
}
