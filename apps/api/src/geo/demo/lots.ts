import { add, centroid, dist, insetQuad, lerp, norm, ringArea, rotate, scale, sub, type Pt } from './geo.ts';
import type { DemoTown, Lot, Segment, Street } from './model.ts';
import { STREET_HALF_WIDTH, type Grid } from './network.ts';
import type { Random } from './prng.ts';
import { PolygonIndex, type SegmentIndex } from './spatial.ts';

/** Counter-clockwise (positive signed area). */
function counterClockwise(ring: Pt[]): Pt[] {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1)
    sum += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return sum >= 0 ? ring : [...ring].reverse();
}

/** The address point: 3 m behind the middle of the front edge. */
function addressPoint(front0: Pt, front1: Pt, ring: readonly Pt[]): Pt {
  const mid = lerp(front0, front1, 0.5);
  return add(mid, scale(norm(sub(centroid(ring), mid)), 3));
}

function insideTown(town: DemoTown, ring: readonly Pt[]): boolean {
  return ring.every((p) => town.region.contains(p)) && town.region.contains(centroid(ring));
}

/**
 * The lots of a grid block: lots along its four streets (`perSide` each, `depth` metres deep,
 * sidelines square to the street), a corner lot at each corner, and the core cut into 1 to 9
 * garden lots. The lots tile the block without overlap.
 */
export function blockLots(
  grid: Grid,
  block: { i: number; j: number },
  streetOf: ReadonlyMap<string, Street>,
  perSide: number,
  depth: number,
  town: DemoTown,
  crossing: SegmentIndex,
): Lot[] {
  const { i, j } = block;
  const corners = [
    grid.get(i, j)!.p,
    grid.get(i + 1, j)!.p,
    grid.get(i + 1, j + 1)!.p,
    grid.get(i, j + 1)!.p,
  ];
  const quad = insetQuad(corners, STREET_HALF_WIDTH);
  if (!quad) return [];
  const [q0, q1, q2, q3] = quad as [Pt, Pt, Pt, Pt];
  const at = (u: number, v: number): Pt => lerp(lerp(q0, q1, u), lerp(q3, q2, u), v);
  const side = (dist(q0, q1) + dist(q1, q2) + dist(q2, q3) + dist(q3, q0)) / 4;
  const d = Math.min(0.4, Math.max(0.12, depth / side));
  type Front = {
    street: Street | undefined;
    edge: 'bottom' | 'right' | 'top' | 'left';
    t0: number;
    left: boolean;
  };
  // Lots as rectangles of the block's (u, v) square; rings are made once all are known so that
  // a vertex of one lot on the side of another is a vertex of both (no T-junction: neighbours
  // share exact vertices once rounded to 6 decimals, hence no slivers of overlap).
  const cells: { u0: number; u1: number; v0: number; v1: number; front: Front | null }[] = [];
  const sides = [
    { edge: 'bottom', street: streetOf.get(`${i},${j}r`), t0: i, left: true },
    { edge: 'right', street: streetOf.get(`${i + 1},${j}c`), t0: j, left: true },
    { edge: 'top', street: streetOf.get(`${i},${j + 1}r`), t0: i, left: false },
    { edge: 'left', street: streetOf.get(`${i},${j}c`), t0: j, left: false },
  ] as const;
  // Corner lots front the row streets.
  cells.push({ u0: 0, u1: d, v0: 0, v1: d, front: sides[0] });
  cells.push({ u0: 1 - d, u1: 1, v0: 0, v1: d, front: sides[0] });
  cells.push({ u0: 1 - d, u1: 1, v0: 1 - d, v1: 1, front: sides[2] });
  cells.push({ u0: 0, u1: d, v0: 1 - d, v1: 1, front: sides[2] });
  const split = (k: number) => (k === 0 ? d : k === perSide ? 1 - d : d + ((1 - 2 * d) * k) / perSide);
  for (let k = 0; k < perSide; k += 1) {
    const [a, b] = [split(k), split(k + 1)];
    cells.push({ u0: a, u1: b, v0: 0, v1: d, front: sides[0] });
    cells.push({ u0: 1 - d, u1: 1, v0: a, v1: b, front: sides[1] });
    cells.push({ u0: a, u1: b, v0: 1 - d, v1: 1, front: sides[2] });
    cells.push({ u0: 0, u1: d, v0: a, v1: b, front: sides[3] });
  }
  const core = Math.max(1, Math.min(3, Math.round(((1 - 2 * d) * side) / 45)));
  const coreEdge = (x: number) => (x === 0 ? d : x === core ? 1 - d : d + ((1 - 2 * d) * x) / core);
  for (let x = 0; x < core; x += 1) {
    for (let y = 0; y < core; y += 1)
      cells.push({ u0: coreEdge(x), u1: coreEdge(x + 1), v0: coreEdge(y), v1: coreEdge(y + 1), front: null });
  }
  // Corners on each horizontal (v) and vertical (u) line.
  const key = (x: number) => x.toFixed(12);
  const onRow = new Map<string, Set<number>>();
  const onColumn = new Map<string, Set<number>>();
  const note = (map: Map<string, Set<number>>, line: number, at: number) => {
    const set = map.get(key(line));
    if (set) set.add(at);
    else map.set(key(line), new Set([at]));
  };
  for (const c of cells) {
    for (const v of [c.v0, c.v1]) for (const u of [c.u0, c.u1]) note(onRow, v, u);
    for (const u of [c.u0, c.u1]) for (const v of [c.v0, c.v1]) note(onColumn, u, v);
  }
  const inner = (map: Map<string, Set<number>>, line: number, from: number, to: number) =>
    [...(map.get(key(line)) ?? [])]
      .filter((x) => x > Math.min(from, to) + 1e-9 && x < Math.max(from, to) - 1e-9)
      .sort((a, b) => (from < to ? a - b : b - a));
  const lots: Lot[] = [];
  for (const { u0, u1, v0, v1, front } of cells) {
    const ring: Pt[] = [
      at(u0, v0),
      ...inner(onRow, v0, u0, u1).map((u) => at(u, v0)),
      at(u1, v0),
      ...inner(onColumn, u1, v0, v1).map((v) => at(u1, v)),
      at(u1, v1),
      ...inner(onRow, v1, u1, u0).map((u) => at(u, v1)),
      at(u0, v1),
      ...inner(onColumn, u0, v1, v0).map((v) => at(u0, v)),
    ];
    const lot = counterClockwise(ring);
    if (!front?.street) {
      lots.push({ ring: lot, front: null });
      continue;
    }
    const [f0, f1, x] =
      front.edge === 'bottom'
        ? [at(u0, v0), at(u1, v0), (u0 + u1) / 2]
        : front.edge === 'top'
          ? [at(u0, v1), at(u1, v1), (u0 + u1) / 2]
          : front.edge === 'left'
            ? [at(u0, v0), at(u0, v1), (v0 + v1) / 2]
            : [at(u1, v0), at(u1, v1), (v0 + v1) / 2];
    lots.push({
      ring: lot,
      front: { street: front.street, t: front.t0 + x, left: front.left, point: addressPoint(f0, f1, lot) },
    });
  }
  return lots.filter((lot) => insideTown(town, lot.ring) && !crossing.hitsPolygon(lot.ring));
}

/** Lots of a block besides its street lots: 4 corners and the core. */
export function blockExtraLots(side: number, depth: number): number {
  const d = Math.min(0.4, Math.max(0.12, depth / side));
  const core = Math.max(1, Math.min(3, Math.round(((1 - 2 * d) * side) / 45)));
  return 4 + core * core;
}

/** Lots on both sides of rural roads: 25–45 m wide, 45–80 m deep, with gaps (fields, woods). */
export function ruralLots(
  segments: readonly Segment[],
  town: DemoTown,
  grid: Grid,
  random: Random,
  roads: SegmentIndex,
  taken: PolygonIndex,
): Lot[] {
  const lots: Lot[] = [];
  // Position along each street, for numbering: cumulative length over its segments.
  const travelled = new Map<Street, number>();
  for (const segment of segments) {
    const [a, b] = segment.points as [Pt, Pt];
    const street = segment.street!;
    const offset = travelled.get(street) ?? 0;
    const length = dist(a, b);
    travelled.set(street, offset + length);
    const u = norm(sub(b, a));
    const leftNormal: Pt = [-u[1], u[0]];
    for (const left of [true, false]) {
      const n = left ? leftNormal : scale(leftNormal, -1);
      let t = 15;
      // One depth per side of a segment: neighbours share both corners of their common side.
      const depth = random.range(45, 80);
      while (t < length - 15) {
        const width = random.range(25, 45);
        const t1 = Math.min(t + width, length - 15);
        if (t1 - t < 15) break;
        const keep = random.chance(0.85);
        const f0 = add(add(a, scale(u, t)), scale(n, STREET_HALF_WIDTH));
        const f1 = add(add(a, scale(u, t1)), scale(n, STREET_HALF_WIDTH));
        const ring = counterClockwise([f0, f1, add(f1, scale(n, depth)), add(f0, scale(n, depth))]);
        if (
          keep &&
          insideTown(town, ring) &&
          !ring.some((p) => grid.nearBlocks(p)) &&
          !roads.hitsPolygon(ring, 2) &&
          !taken.overlaps(ring)
        ) {
          taken.add(ring);
          lots.push({
            ring,
            front: { street, t: offset + (t + t1) / 2, left, point: addressPoint(f0, f1, ring) },
          });
        }
        t = t1;
      }
    }
  }
  return lots;
}

/** An activity zone: outline, roads (VPC ZA) and large lots along its spine. */
export interface ZoneLayout {
  outline: Pt[];
  segments: Segment[];
  lots: Lot[];
}

const ZONE_HALF_LENGTH = 225;
const ZONE_HALF_WIDTH = 150;

/** Finds a free place for an activity zone in the town (outside the built-up area), or null. */
export function placeZone(
  town: DemoTown,
  grid: Grid,
  random: Random,
  roads: SegmentIndex,
): { centre: Pt; theta: number } | null {
  const theta = grid.theta;
  const start = random.range(0, 2 * Math.PI);
  const first = grid.radius() + 400;
  for (let r = first; r < first + 4000; r += 250) {
    for (let k = 0; k < 12; k += 1) {
      const centre = add(grid.centre, rotate([r, 0], start + (k * Math.PI) / 6));
      const outline = rectangle(centre, theta, ZONE_HALF_LENGTH + 40, ZONE_HALF_WIDTH + 40);
      const probes = [...outline, centre, ...outline.map((p, i) => lerp(p, outline[(i + 1) % 4]!, 0.5))];
      if (
        !probes.every(
          (p) => town.region.containsWithMargin(p, 30) && !grid.inBuiltUp(p) && !grid.nearBlocks(p),
        )
      )
        continue;
      if (roads.hitsPolygon(outline, 10)) continue;
      return { centre, theta };
    }
  }
  return null;
}

function rectangle(centre: Pt, theta: number, halfLength: number, halfWidth: number): Pt[] {
  const corners: Pt[] = [
    [-halfLength, -halfWidth],
    [halfLength, -halfWidth],
    [halfLength, halfWidth],
    [-halfLength, halfWidth],
  ];
  return corners.map((p) => add(centre, rotate(p, theta)));
}

/** The zone's roads: a spine (3 × 150 m) and two cross streets (2 × 150 m), and 12 lots along the spine. */
export function zoneLayout(
  town: DemoTown,
  centre: Pt,
  theta: number,
  streets: { spine: Street; west: Street; east: Street },
): ZoneLayout {
  const local = (x: number, y: number): Pt => add(centre, rotate([x, y], theta));
  const segments: Segment[] = [];
  const road = (street: Street, points: Pt[]) =>
    segments.push({ kind: 'zone', points, street, insee: town.insee, numero: null });
  for (let k = 0; k < 3; k += 1) road(streets.spine, [local(-225 + 150 * k, 0), local(-75 + 150 * k, 0)]);
  for (const [x, street] of [
    [-75, streets.west],
    [75, streets.east],
  ] as const) {
    road(street, [local(x, -150), local(x, 0)]);
    road(street, [local(x, 0), local(x, 150)]);
  }
  const lots: Lot[] = [];
  const inset = STREET_HALF_WIDTH + 1;
  for (const [y0, y1, left] of [
    [inset, 150 - 3, true],
    [-150 + 3, -inset, false],
  ] as const) {
    for (let column = 0; column < 3; column += 1) {
      const xa = -225 + 150 * column + (column === 0 ? 3 : inset);
      const xb = -75 + 150 * column - (column === 2 ? 3 : inset);
      for (const [x0, x1] of [
        [xa, (xa + xb) / 2],
        [(xa + xb) / 2, xb],
      ] as const) {
        const ring = counterClockwise([local(x0, y0), local(x1, y0), local(x1, y1), local(x0, y1)]);
        const frontY = left ? y0 : y1;
        lots.push({
          ring,
          front: {
            street: streets.spine,
            t: (x0 + x1) / 2 + 225,
            left,
            point: addressPoint(local(x0, frontY), local(x1, frontY), ring),
          },
        });
      }
    }
  }
  return {
    outline: rectangle(centre, theta, ZONE_HALF_LENGTH + 12, ZONE_HALF_WIDTH + 12),
    segments,
    lots: lots.filter((lot) => insideTown(town, lot.ring)),
  };
}

/** Lot area in m² (the Etalab `contenance`). */
export function lotArea(lot: Lot): number {
  return Math.round(ringArea(lot.ring));
}
