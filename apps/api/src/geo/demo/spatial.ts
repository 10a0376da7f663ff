import type { Pt } from './geo.ts';

/** The cells of a square grid of side `size` that the box from `min` to `max` meets. */
function gridKeys(size: number, min: Pt, max: Pt): string[] {
  const keys: string[] = [];
  for (let x = Math.floor(min[0] / size); x <= Math.floor(max[0] / size); x += 1)
    for (let y = Math.floor(min[1] / size); y <= Math.floor(max[1] / size); y += 1) keys.push(`${x}:${y}`);
  return keys;
}

/** A ring's bounding box: [minX, minY, maxX, maxY]. */
function boundingBox(ring: readonly Pt[]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of ring) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

/** Segments hashed on a square grid, to find the ones near a shape quickly. */
export class SegmentIndex {
  private readonly cells = new Map<string, (readonly [Pt, Pt])[]>();

  constructor(private readonly size = 200) {}

  private keys(a: Pt, b: Pt): string[] {
    return gridKeys(
      this.size,
      [Math.min(a[0], b[0]), Math.min(a[1], b[1])],
      [Math.max(a[0], b[0]), Math.max(a[1], b[1])],
    );
  }

  addLine(points: readonly Pt[]) {
    for (let i = 1; i < points.length; i += 1) {
      const segment = [points[i - 1]!, points[i]!] as const;
      for (const key of this.keys(segment[0], segment[1])) {
        const list = this.cells.get(key);
        if (list) list.push(segment);
        else this.cells.set(key, [segment]);
      }
    }
  }

  /** Calls back every indexed segment whose cells meet the box of [a, b]. */
  forEachNear(a: Pt, b: Pt, callback: (c: Pt, d: Pt) => void) {
    const seen = new Set<readonly [Pt, Pt]>();
    for (const key of this.keys(a, b)) {
      for (const segment of this.cells.get(key) ?? []) {
        if (seen.has(segment)) continue;
        seen.add(segment);
        callback(segment[0], segment[1]);
      }
    }
  }

  /** True when a segment crosses the polygon's edges or lies inside it. */
  hitsPolygon(ring: readonly Pt[], margin = 0): boolean {
    const [minX, minY, maxX, maxY] = boundingBox(ring);
    const seen = new Set<readonly [Pt, Pt]>();
    for (const key of this.keys([minX - margin, minY - margin], [maxX + margin, maxY + margin])) {
      for (const segment of this.cells.get(key) ?? []) {
        if (seen.has(segment)) continue;
        seen.add(segment);
        if (segmentHitsPolygon(segment[0], segment[1], ring, margin)) return true;
      }
    }
    return false;
  }
}

/** Orientation-based segment intersection. */
export function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o = (p: Pt, q: Pt, r: Pt) => (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = o(c, d, a);
  const d2 = o(c, d, b);
  const d3 = o(a, b, c);
  const d4 = o(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

export function pointInRing(p: Pt, ring: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(p: Pt, a: Pt, b: Pt): number {
  const abx = b[0] - a[0];
  const aby = b[1] - a[1];
  const length2 = abx * abx + aby * aby;
  const t =
    length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * abx + (p[1] - a[1]) * aby) / length2));
  return Math.hypot(p[0] - a[0] - abx * t, p[1] - a[1] - aby * t);
}

function segmentHitsPolygon(a: Pt, b: Pt, ring: readonly Pt[], margin: number): boolean {
  if (pointInRing(a, ring) || pointInRing(b, ring)) return true;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    if (segmentsCross(a, b, ring[j]!, ring[i]!)) return true;
    if (margin > 0 && distanceToSegment(ring[i]!, a, b) < margin) return true;
  }
  return false;
}

/** Polygons hashed by their bounding box, to refuse overlapping lots. */
export class PolygonIndex {
  private readonly cells = new Map<string, (readonly Pt[])[]>();

  constructor(private readonly size = 100) {}

  private keys(ring: readonly Pt[]): string[] {
    const [minX, minY, maxX, maxY] = boundingBox(ring);
    return gridKeys(this.size, [minX, minY], [maxX, maxY]);
  }

  add(ring: readonly Pt[]) {
    for (const key of this.keys(ring)) {
      const list = this.cells.get(key);
      if (list) list.push(ring);
      else this.cells.set(key, [ring]);
    }
  }

  /** True when the ring overlaps a stored one (a vertex inside the other, or crossing edges). */
  overlaps(ring: readonly Pt[]): boolean {
    const seen = new Set<readonly Pt[]>();
    for (const key of this.keys(ring)) {
      for (const other of this.cells.get(key) ?? []) {
        if (seen.has(other)) continue;
        seen.add(other);
        if (ringsOverlap(ring, other)) return true;
      }
    }
    return false;
  }
}

function ringsOverlap(a: readonly Pt[], b: readonly Pt[]): boolean {
  for (const p of a) if (pointInRing(p, b)) return true;
  for (const p of b) if (pointInRing(p, a)) return true;
  for (let i = 0, j = a.length - 1; i < a.length; j = i, i += 1) {
    for (let k = 0, l = b.length - 1; k < b.length; l = k, k += 1)
      if (segmentsCross(a[j]!, a[i]!, b[l]!, b[k]!)) return true;
  }
  return false;
}
