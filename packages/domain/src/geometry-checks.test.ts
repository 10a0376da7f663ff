import { describe, expect, test } from 'vitest';
import {
  DRAWN_GEOMETRY_LIMITS,
  GEOMETRY_MESSAGES,
  TERRITORY_EXTENT,
  countPositions,
  drawnGeometryProblem,
  footprintSize,
  isInTerritory,
  ringSelfIntersects,
} from './geometry-checks.ts';
import { DrawnGeometrySchema, type GeometryCollection, type SimpleGeometry } from './schemas/geometry.ts';
import { FileRequestSchema } from './schemas/filing.ts';
import { TronconQuerySchema } from './schemas/geo-inputs.ts';
import { TOWNS } from './towns.ts';

type Position = [number, number];

/** A position in Capbreton, offset by (dx, dy) thousandths of a degree. */
const at = (dx: number, dy: number): Position => [-1.43 + dx / 1000, 43.63 + dy / 1000];

const collection = (...geometries: SimpleGeometry[]): GeometryCollection => ({
  type: 'GeometryCollection',
  geometries,
});
const polygon = (...ring: Position[]): SimpleGeometry => ({ type: 'Polygon', coordinates: [ring] });

/** A closed ring of `count` positions (first = last) around a centre in Capbreton. */
function circle(count: number, radius = 1): Position[] {
  const ring = Array.from({ length: count - 1 }, (_, index) => {
    const angle = (2 * Math.PI * index) / (count - 1);
    return at(radius * Math.cos(angle), radius * Math.sin(angle));
  });
  return [...ring, ring[0]!];
}

const square = polygon(at(0, 0), at(1, 0), at(1, 1), at(0, 1), at(0, 0));

describe('drawnGeometryProblem', () => {
  test('a closed polygon, a line and a point inside the territory pass', () => {
    const drawn = collection(
      square,
      { type: 'LineString', coordinates: [at(2, 2), at(3, 3)] },
      { type: 'Point', coordinates: at(4, 4) },
    );
    expect(drawnGeometryProblem(drawn)).toBeNull();
    expect(DrawnGeometrySchema.safeParse(drawn).success).toBe(true);
  });

  test('an unclosed ring: "Le polygone dessiné n\'est pas fermé."', () => {
    expect(drawnGeometryProblem(collection(polygon(at(0, 0), at(1, 0), at(1, 1), at(0, 1))))).toBe(
      "Le polygone dessiné n'est pas fermé.",
    );
    // The same in a multipolygon's hole.
    const multi: SimpleGeometry = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [at(0, 0), at(3, 0), at(3, 3), at(0, 3), at(0, 0)],
          [at(1, 1), at(2, 1), at(2, 2), at(1, 2)],
        ],
      ],
    };
    expect(drawnGeometryProblem(collection(multi))).toBe(GEOMETRY_MESSAGES.polygonNotClosed);
  });

  test('a ring of fewer than three distinct positions, a line of one point', () => {
    expect(drawnGeometryProblem(collection(polygon(at(0, 0), at(1, 0), at(1, 0), at(0, 0))))).toBe(
      GEOMETRY_MESSAGES.polygonTooFewPositions,
    );
    expect(drawnGeometryProblem(collection({ type: 'LineString', coordinates: [at(0, 0)] }))).toBe(
      GEOMETRY_MESSAGES.lineTooShort,
    );
    expect(
      drawnGeometryProblem(
        collection({ type: 'MultiLineString', coordinates: [[at(0, 0), at(1, 1)], [at(2, 2)]] }),
      ),
    ).toBe(GEOMETRY_MESSAGES.lineTooShort);
  });

  test('a ring that crosses itself: "Le tracé dessiné se recoupe lui-même."', () => {
    const bowTie = polygon(at(0, 0), at(1, 1), at(1, 0), at(0, 1), at(0, 0));
    expect(drawnGeometryProblem(collection(bowTie))).toBe('Le tracé dessiné se recoupe lui-même.');
  });

  test('self-touching and folded rings are refused; concave, collinear and repeated positions are not', () => {
    // Two squares joined at one vertex, in one ring (a figure of eight).
    const touching = [
      at(0, 0),
      at(1, 0),
      at(1, 1),
      at(2, 1),
      at(2, 2),
      at(1, 2),
      at(1, 1),
      at(0, 1),
      at(0, 0),
    ];
    expect(ringSelfIntersects(touching)).toBe(true);
    // A spike: the ring goes out and comes back along the same edge.
    expect(ringSelfIntersects([at(0, 0), at(2, 0), at(1, 0), at(1, 1), at(0, 0)])).toBe(true);
    // The closing edge crosses the first one's neighbour.
    expect(ringSelfIntersects([at(0, 0), at(2, 0), at(2, 2), at(1, -1), at(0, 0)])).toBe(true);
    // A concave L shape, a straight vertex on an edge, a repeated position.
    expect(ringSelfIntersects([at(0, 0), at(2, 0), at(2, 1), at(1, 1), at(1, 2), at(0, 2), at(0, 0)])).toBe(
      false,
    );
    expect(ringSelfIntersects([at(0, 0), at(1, 0), at(2, 0), at(2, 2), at(0, 2), at(0, 0)])).toBe(false);
    expect(ringSelfIntersects([at(0, 0), at(2, 0), at(2, 0), at(2, 2), at(0, 2), at(0, 0)])).toBe(false);
    expect(ringSelfIntersects(circle(DRAWN_GEOMETRY_LIMITS.maxPositions))).toBe(false);
  });

  test('a shape outside the territory: "Le tracé dessiné sort du territoire de la communauté."', () => {
    const paris = polygon([2.35, 48.85], [2.36, 48.85], [2.36, 48.86], [2.35, 48.85]);
    expect(drawnGeometryProblem(collection(paris))).toBe(
      'Le tracé dessiné sort du territoire de la communauté.',
    );
    // One vertex out is enough: a line from Capbreton to Bayonne.
    expect(
      drawnGeometryProblem(collection({ type: 'LineString', coordinates: [at(0, 0), [-1.47, 43.49]] })),
    ).toBe(GEOMETRY_MESSAGES.outsideTerritory);
    // The box's margin keeps a boundary road in.
    expect(isInTerritory([TERRITORY_EXTENT.minLon - 0.005, TERRITORY_EXTENT.minLat])).toBe(true);
    expect(isInTerritory([TERRITORY_EXTENT.minLon - 0.02, TERRITORY_EXTENT.minLat])).toBe(false);
  });

  test('every member town is inside the territory', () => {
    for (const town of TOWNS) expect(isInTerritory(town.pointInterieur), town.name).toBe(true);
  });

  test('invalid coordinates', () => {
    expect(drawnGeometryProblem(collection({ type: 'Point', coordinates: [Number.NaN, 43.6] }))).toBe(
      GEOMETRY_MESSAGES.invalidCoordinates,
    );
    expect(drawnGeometryProblem(collection({ type: 'Point', coordinates: [-1.43, 91] }))).toBe(
      GEOMETRY_MESSAGES.invalidCoordinates,
    );
  });

  test('5 000 positions at most for the whole collection, checked first', () => {
    expect(GEOMETRY_MESSAGES.tooManyPositions).toBe(
      'Le tracé dessiné comporte trop de points (5\u00a0000 au plus).',
    );
    const atLimit = collection(polygon(...circle(DRAWN_GEOMETRY_LIMITS.maxPositions)));
    expect(countPositions(atLimit)).toBe(5000);
    expect(drawnGeometryProblem(atLimit)).toBeNull();
    const over = collection(polygon(...circle(DRAWN_GEOMETRY_LIMITS.maxPositions)), {
      type: 'Point',
      coordinates: at(3, 3),
    });
    expect(drawnGeometryProblem(over)).toBe(GEOMETRY_MESSAGES.tooManyPositions);
    // Far out and unclosed, but too large first: the other checks do not run.
    const ring = Array.from({ length: 180_000 }, (_, index): Position => [2 + index / 1e6, 48]);
    const huge = collection({ type: 'Polygon', coordinates: [ring] });
    const started = performance.now();
    expect(drawnGeometryProblem(huge)).toBe(GEOMETRY_MESSAGES.tooManyPositions);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('DrawnGeometrySchema in the filing', () => {
  test('the message is on location.theGeom, where the wizard shows it', () => {
    const unclosed = collection(polygon(at(0, 0), at(1, 0), at(1, 1), at(0, 1)));
    const result = FileRequestSchema.safeParse({
      type: 1,
      location: { theGeom: unclosed },
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((candidate) => candidate.path.join('.') === 'location.theGeom');
    expect(issue?.message).toBe(GEOMETRY_MESSAGES.polygonNotClosed);
  });

  test('a ring of three positions is refused by the shape, in French', () => {
    const result = DrawnGeometrySchema.safeParse(collection(polygon(at(0, 0), at(1, 0), at(0, 0))));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      GEOMETRY_MESSAGES.polygonTooFewPositions,
    ]);
  });
});

describe('footprint size (real works, not the whole community)', () => {
  /** A position `east` and `north` metres from a point in Capbreton. */
  const metresFrom = (east: number, north: number): Position => [
    -1.43 + east / (111_195 * Math.cos((43.63 * Math.PI) / 180)),
    43.63 + north / 111_195,
  ];
  const rectangle = (width: number, height: number) =>
    polygon(
      metresFrom(0, 0),
      metresFrom(width, 0),
      metresFrom(width, height),
      metresFrom(0, height),
      metresFrom(0, 0),
    );

  test('the size is measured in metres: a 100 m × 50 m site, a 300 m line', () => {
    const size = footprintSize([
      rectangle(100, 50),
      { type: 'LineString', coordinates: [metresFrom(0, 0), metresFrom(300, 0)] },
    ]);
    expect(size.areaSquareMetres).toBeGreaterThan(4_980);
    expect(size.areaSquareMetres).toBeLessThan(5_020);
    expect(size.lineLengthMetres).toBeGreaterThan(299);
    expect(size.lineLengthMetres).toBeLessThan(301);
    expect(Math.round(size.extentMetres)).toBe(300);
  });

  test('a polygon of more than 10 ha is refused; its hole counts out', () => {
    expect(drawnGeometryProblem(collection(rectangle(400, 200)))).toBeNull();
    expect(drawnGeometryProblem(collection(rectangle(400, 260)))).toBe(GEOMETRY_MESSAGES.tooLarge);
    expect(GEOMETRY_MESSAGES.tooLarge).toBe('La surface dessinée est trop grande : 10 ha au plus.');
    const withHole: SimpleGeometry = {
      type: 'Polygon',
      coordinates: [
        rectangle(400, 400).coordinates[0] as Position[],
        [
          metresFrom(10, 10),
          metresFrom(390, 10),
          metresFrom(390, 390),
          metresFrom(10, 390),
          metresFrom(10, 10),
        ],
      ],
    };
    expect(drawnGeometryProblem(collection(withHole))).toBeNull();
  });

  test('a shape wider than 10 km, lines longer than 20 km in all, are refused', () => {
    const far = { type: 'MultiPoint' as const, coordinates: [metresFrom(0, 0), metresFrom(10_500, 0)] };
    expect(drawnGeometryProblem(collection(far))).toBe(GEOMETRY_MESSAGES.tooWide);
    expect(GEOMETRY_MESSAGES.tooWide).toBe(
      "Le tracé dessiné est trop étendu : 10 km au plus d'un bord à l'autre.",
    );
    // A zigzag within 1 km, 25 km long.
    const zigzag = Array.from({ length: 26 }, (_, index) =>
      metresFrom(index % 2 === 0 ? 0 : 1000, index * 10),
    );
    expect(drawnGeometryProblem(collection({ type: 'LineString', coordinates: zigzag }))).toBe(
      GEOMETRY_MESSAGES.tooLong,
    );
  });

  test('the look-ups refuse the same shapes, in French', () => {
    const parsed = TronconQuerySchema.safeParse({ geom: rectangle(1000, 1000) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(GEOMETRY_MESSAGES.tooLarge);
    expect(TronconQuerySchema.safeParse({ geom: rectangle(100, 100) }).success).toBe(true);
  });
});
