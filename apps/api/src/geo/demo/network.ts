import { add, dist, dot, lerp, norm, rotate, scale, sub, type Pt, type Region } from './geo.ts';
import type { DemoTown, Segment, Street } from './model.ts';
import type { StreetNamer } from './names.ts';
import type { Random } from './prng.ts';
import { SegmentIndex, segmentsCross } from './spatial.ts';

/** Half the width of a street right-of-way: lots start this far from the centre line. */
export const STREET_HALF_WIDTH = 5;

export interface GridNode {
  i: number;
  j: number;
  p: Pt;
}

/** A jittered, rotated street grid grown from the town centre, clipped to the town. */
export class Grid {
  readonly nodes = new Map<string, GridNode>();
  /** Edges present, by the key of their first node and direction ('r' row, 'c' column). */
  readonly edges = new Set<string>();

  constructor(
    readonly centre: Pt,
    readonly theta: number,
    readonly cell: number,
  ) {}

  static key(i: number, j: number): string {
    return `${i},${j}`;
  }

  get(i: number, j: number): GridNode | undefined {
    return this.nodes.get(Grid.key(i, j));
  }

  ideal(i: number, j: number): Pt {
    return add(this.centre, rotate([i * this.cell, j * this.cell], this.theta));
  }

  /** Lattice coordinates of a point. */
  lattice(p: Pt): Pt {
    return scale(rotate(sub(p, this.centre), -this.theta), 1 / this.cell);
  }

  hasEdge(i: number, j: number, direction: 'r' | 'c'): boolean {
    return this.edges.has(`${Grid.key(i, j)}${direction}`);
  }

  isBlock(i: number, j: number): boolean {
    return (
      this.hasEdge(i, j, 'r') &&
      this.hasEdge(i, j + 1, 'r') &&
      this.hasEdge(i, j, 'c') &&
      this.hasEdge(i + 1, j, 'c')
    );
  }

  /** The point lies in a block cell or in a cell next to one (parcels of the town centre). */
  nearBlocks(p: Pt): boolean {
    const [a, b] = this.lattice(p);
    const i0 = Math.floor(a);
    const j0 = Math.floor(b);
    for (let i = i0 - 1; i <= i0 + 1; i += 1)
      for (let j = j0 - 1; j <= j0 + 1; j += 1) if (this.isBlock(i, j)) return true;
    return false;
  }

  /** The point lies in a cell with an accepted corner (the built-up area). */
  inBuiltUp(p: Pt): boolean {
    const [a, b] = this.lattice(p);
    const i0 = Math.floor(a);
    const j0 = Math.floor(b);
    return Boolean(
      this.get(i0, j0) ?? this.get(i0 + 1, j0) ?? this.get(i0, j0 + 1) ?? this.get(i0 + 1, j0 + 1),
    );
  }

  /** Blocks, rows first. */
  blocks(): { i: number; j: number }[] {
    const out: { i: number; j: number }[] = [];
    for (const node of this.sortedNodes())
      if (this.isBlock(node.i, node.j)) out.push({ i: node.i, j: node.j });
    return out;
  }

  sortedNodes(): GridNode[] {
    return [...this.nodes.values()].sort((a, b) => a.j - b.j || a.i - b.i);
  }

  /** Distance of the farthest node from the centre. */
  radius(): number {
    let r = 0;
    for (const node of this.nodes.values()) r = Math.max(r, dist(node.p, this.centre));
    return r;
  }
}

/** Grows a grid from the centre, nearest nodes first, until it has about `target` edges. */
export function growGrid(town: DemoTown, target: number, random: Random): Grid {
  const grid = new Grid(town.centre, random.range(0, Math.PI / 2), random.range(185, 225));
  const reach = Math.ceil(Math.sqrt(Math.max(target, 4))) + 8;
  const candidates: { i: number; j: number; d: number }[] = [];
  for (let i = -reach; i <= reach; i += 1)
    for (let j = -reach; j <= reach; j += 1) candidates.push({ i, j, d: i * i + j * j });
  candidates.sort((a, b) => a.d - b.d || a.i - b.i || a.j - b.j);
  let edges = 0;
  for (const { i, j } of candidates) {
    if (edges >= target) break;
    const neighbours = [
      grid.get(i - 1, j),
      grid.get(i + 1, j),
      grid.get(i, j - 1),
      grid.get(i, j + 1),
    ].filter((n) => n !== undefined);
    if ((i !== 0 || j !== 0) && neighbours.length === 0) continue;
    const jitter: Pt = [random.range(-0.1, 0.1) * grid.cell, random.range(-0.1, 0.1) * grid.cell];
    let p = add(grid.ideal(i, j), jitter);
    if (!town.region.containsWithMargin(p, 35)) {
      if (i !== 0 || j !== 0) continue;
      p = town.centre; // the interior point is inside, whatever the margin
    }
    const node = { i, j, p };
    grid.nodes.set(Grid.key(i, j), node);
    for (const other of neighbours) {
      const mid = lerp(node.p, other.p, 0.5);
      if (!town.region.containsWithMargin(mid, 10)) continue;
      const first = other.i < i || other.j < j ? other : node;
      grid.edges.add(`${Grid.key(first.i, first.j)}${other.j === j ? 'r' : 'c'}`);
      edges += 1;
    }
  }
  return grid;
}

/** Street segments of the grid: rows and columns cut into named streets; row 0 is the departmental road. */
export function gridStreets(
  grid: Grid,
  town: DemoTown,
  namer: StreetNamer,
  random: Random,
  codes: StreetCodes,
  numero: string,
): { segments: Segment[]; streetOf: Map<string, Street>; main: Street } {
  const main: Street = { ...namer.main(), code: codes.next(), numero };
  const streetOf = new Map<string, Street>();
  const segments: Segment[] = [];
  const nodes = grid.sortedNodes();
  for (const direction of ['r', 'c'] as const) {
    // Lines: rows (fixed j, i increasing) or columns (fixed i, j increasing).
    const lines = new Map<number, GridNode[]>();
    for (const node of nodes) {
      const line = direction === 'r' ? node.j : node.i;
      const list = lines.get(line);
      if (list) list.push(node);
      else lines.set(line, [node]);
    }
    for (const [line, members] of [...lines.entries()].sort((a, b) => a[0] - b[0])) {
      members.sort((a, b) => (direction === 'r' ? a.i - b.i : a.j - b.j));
      let street: Street | null = null;
      let left = 0;
      for (const node of members) {
        if (!grid.hasEdge(node.i, node.j, direction)) {
          street = null;
          continue;
        }
        const next = direction === 'r' ? grid.get(node.i + 1, node.j)! : grid.get(node.i, node.j + 1)!;
        const isMain = direction === 'r' && line === 0;
        if (isMain) street = main;
        else if (!street || left <= 0) {
          street = { ...namer.street(), code: codes.next(), numero: null };
          left = random.int(3, 8);
        }
        left -= 1;
        streetOf.set(`${Grid.key(node.i, node.j)}${direction}`, street);
        segments.push({
          kind: isMain ? 'main' : 'street',
          points: [node.p, next.p],
          street,
          insee: town.insee,
          numero: isMain ? numero : null,
        });
      }
    }
  }
  return { segments, streetOf, main };
}

/** FANTOIR-like street codes of a town: 0010, 0020… */
export class StreetCodes {
  private n = 0;
  next(): string {
    this.n += 1;
    return String(this.n * 10).padStart(4, '0');
  }
}

/** The point where [a, b] leaves the region (a inside, b outside), by bisection. */
export function exitPoint(region: Region, a: Pt, b: Pt): Pt {
  let inside = a;
  let outside = b;
  for (let k = 0; k < 30; k += 1) {
    const mid = lerp(inside, outside, 0.5);
    if (region.contains(mid)) inside = mid;
    else outside = mid;
  }
  return inside;
}

/** The departmental road continued outside the built-up area, from both ends of row 0, to the town border. */
export function mainRoadOutside(
  grid: Grid,
  town: DemoTown,
  others: readonly DemoTown[],
  namer: StreetNamer,
  random: Random,
  codes: StreetCodes,
  numero: string,
  maxSteps: number,
  obstacles: SegmentIndex,
): Segment[] {
  if (!grid.hasEdge(0, 0, 'r') && !grid.hasEdge(-1, 0, 'r')) return [];
  let iMin = 0;
  while (grid.hasEdge(iMin - 1, 0, 'r')) iMin -= 1;
  let iMax = 0;
  while (grid.hasEdge(iMax, 0, 'r')) iMax += 1;
  const axis = rotate([1, 0], grid.theta);
  const segments: Segment[] = [];
  for (const [start, direction] of [
    [grid.get(iMin, 0)!.p, scale(axis, -1)],
    [grid.get(iMax, 0)!.p, axis],
  ] as const) {
    const towards = nearestTownTowards(town, others, direction);
    const street: Street = { ...namer.rural(towards?.name ?? null), code: codes.next(), numero };
    let heading = direction;
    let p = start;
    for (let step = 0; step < maxSteps; step += 1) {
      heading = rotate(heading, random.range(-0.08, 0.08));
      let q = add(p, scale(heading, random.range(220, 290)));
      const leaves = !town.region.contains(q);
      if (leaves) q = exitPoint(town.region, p, q);
      if (crossesAny(obstacles, p, q) || grid.inBuiltUp(q)) break;
      if (dist(p, q) >= 10)
        segments.push({ kind: 'mainOutside', points: [p, q], street, insee: town.insee, numero });
      if (leaves) break;
      p = q;
    }
  }
  return segments;
}

function nearestTownTowards(town: DemoTown, others: readonly DemoTown[], direction: Pt): DemoTown | null {
  let best: DemoTown | null = null;
  let bestScore = -Infinity;
  for (const other of others) {
    if (other.insee === town.insee) continue;
    const offset = sub(other.centre, town.centre);
    const score = dot(norm(offset), direction) - Math.hypot(offset[0], offset[1]) / 40_000;
    if (score > bestScore) {
      bestScore = score;
      best = other;
    }
  }
  return best;
}

/** True when [a, b] crosses an indexed segment (touching at an end does not count). */
export function crossesAny(index: SegmentIndex, a: Pt, b: Pt): boolean {
  let crossed = false;
  index.forEachNear(a, b, (c, d) => {
    if (!crossed && segmentsCross(a, b, c, d)) crossed = true;
  });
  return crossed;
}

/** Rural roads ("Chemin de …") from the edge of the built-up area outwards. */
export function ruralRoads(
  grid: Grid,
  town: DemoTown,
  others: readonly DemoTown[],
  namer: StreetNamer,
  random: Random,
  codes: StreetCodes,
  budget: number,
  obstacles: SegmentIndex,
): Segment[] {
  const boundary = grid
    .sortedNodes()
    .filter((node) =>
      [
        grid.get(node.i - 1, node.j),
        grid.get(node.i + 1, node.j),
        grid.get(node.i, node.j - 1),
        grid.get(node.i, node.j + 1),
      ].some((n) => !n),
    );
  const starts = boundary.length ? boundary : grid.sortedNodes();
  const segments: Segment[] = [];
  let attempts = 0;
  while (segments.length < budget && attempts < budget * 3 && starts.length) {
    attempts += 1;
    const start = starts.splice(random.int(0, starts.length - 1), 1)[0]!;
    const away = sub(start.p, grid.centre);
    let heading = rotate(
      Math.hypot(away[0], away[1]) < 1 ? rotate([1, 0], random.range(0, 2 * Math.PI)) : norm(away),
      random.range(-0.45, 0.45),
    );
    const towards = nearestTownTowards(town, others, heading);
    const track = random.chance(0.12);
    const street: Street = {
      ...namer.rural(track ? null : (towards?.name ?? null)),
      code: codes.next(),
      numero: null,
    };
    const steps = random.int(3, 8);
    let p = start.p;
    const path: Segment[] = [];
    for (let step = 0; step < steps && segments.length + path.length < budget; step += 1) {
      heading = rotate(heading, random.range(-0.2, 0.2));
      const q = add(p, scale(heading, random.range(200, 290)));
      if (!town.region.containsWithMargin(q, 25) || grid.inBuiltUp(q) || crossesAny(obstacles, p, q)) break;
      path.push({ kind: track ? 'track' : 'rural', points: [p, q], street, insee: town.insee, numero: null });
      p = q;
    }
    for (const segment of path) obstacles.addLine(segment.points);
    segments.push(...path);
  }
  return segments;
}
