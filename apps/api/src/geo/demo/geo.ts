// Planar helpers for the demo generator: one equirectangular frame in metres centred on the
// EPCI (its 42 km extent distorts lengths by < 0.5 %, plenty for demo data), point-in-polygon,
// and the Lambert-93 projection of the BAN `x`/`y` columns.

export type Pt = readonly [number, number];

const ORIGIN_LON = -1.316;
const ORIGIN_LAT = 43.662;
const KX = 111_320 * Math.cos((ORIGIN_LAT * Math.PI) / 180);
const KY = 110_574;

/** lon/lat -> metres in the frame. */
export function toLocal(lon: number, lat: number): Pt {
  return [(lon - ORIGIN_LON) * KX, (lat - ORIGIN_LAT) * KY];
}

/** Metres in the frame -> [lon, lat] rounded to 6 decimals (~0.1 m, as Etalab and BAN files). */
export function toLonLat(p: Pt): [number, number] {
  return [round6(ORIGIN_LON + p[0] / KX), round6(ORIGIN_LAT + p[1] / KY)];
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function add(a: Pt, b: Pt): Pt {
  return [a[0] + b[0], a[1] + b[1]];
}
export function sub(a: Pt, b: Pt): Pt {
  return [a[0] - b[0], a[1] - b[1]];
}
export function scale(a: Pt, k: number): Pt {
  return [a[0] * k, a[1] * k];
}
export function lerp(a: Pt, b: Pt, t: number): Pt {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}
export function dist(a: Pt, b: Pt): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}
export function norm(a: Pt): Pt {
  const length = Math.hypot(a[0], a[1]) || 1;
  return [a[0] / length, a[1] / length];
}
export function rotate(a: Pt, angle: number): Pt {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [a[0] * c - a[1] * s, a[0] * s + a[1] * c];
}
export function dot(a: Pt, b: Pt): number {
  return a[0] * b[0] + a[1] * b[1];
}

/** A polygon with holes, in frame metres, with its bounding box. */
export class Region {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;

  constructor(readonly rings: readonly (readonly Pt[])[]) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const ring of rings) {
      for (const [x, y] of ring) {
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
    }
    this.minX = minX;
    this.minY = minY;
    this.maxX = maxX;
    this.maxY = maxY;
  }

  /** From GeoJSON Polygon or MultiPolygon coordinates (a MultiPolygon's parts become rings). */
  static fromGeoJson(geometry: { type: string; coordinates: unknown }): Region {
    const polygons = (
      geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
    ) as number[][][][];
    const rings: Pt[][] = [];
    for (const polygon of polygons)
      for (const ring of polygon) rings.push(ring.map(([lon, lat]) => toLocal(lon!, lat!)));
    return new Region(rings);
  }

  /** Even-odd point-in-polygon over every ring. */
  contains(p: Pt): boolean {
    const [x, y] = p;
    if (x < this.minX || x > this.maxX || y < this.minY || y > this.maxY) return false;
    let inside = false;
    for (const ring of this.rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
    return inside;
  }

  /** Distance from a point to the boundary. */
  boundaryDistance(p: Pt): number {
    let best = Infinity;
    for (const ring of this.rings) {
      for (let i = 1; i < ring.length; i += 1)
        best = Math.min(best, segmentDistance(p, ring[i - 1]!, ring[i]!));
    }
    return best;
  }

  /** Inside and at least `margin` metres from the boundary. */
  containsWithMargin(p: Pt, margin: number): boolean {
    return this.contains(p) && this.boundaryDistance(p) >= margin;
  }
}

export function segmentDistance(p: Pt, a: Pt, b: Pt): number {
  const ab = sub(b, a);
  const length2 = dot(ab, ab);
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, dot(sub(p, a), ab) / length2));
  return dist(p, lerp(a, b, t));
}

/** Area of a ring in m² (absolute), shoelace. */
export function ringArea(ring: readonly Pt[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1)
    sum += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return Math.abs(sum) / 2;
}

export function centroid(points: readonly Pt[]): Pt {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

/** Intersection of lines (a + t·u) and (b + s·v), or null when parallel. */
export function lineIntersection(a: Pt, u: Pt, b: Pt, v: Pt): Pt | null {
  const det = u[0] * v[1] - u[1] * v[0];
  if (Math.abs(det) < 1e-9) return null;
  const t = ((b[0] - a[0]) * v[1] - (b[1] - a[1]) * v[0]) / det;
  return [a[0] + u[0] * t, a[1] + u[1] * t];
}

/** A convex quad (counter-clockwise) shrunk by `inset` metres on every side. */
export function insetQuad(quad: readonly Pt[], inset: number): Pt[] | null {
  const n = quad.length;
  const lines = quad.map((p, i) => {
    const q = quad[(i + 1) % n]!;
    const u = norm(sub(q, p));
    const inward: Pt = [-u[1], u[0]]; // left of the edge: inside for a counter-clockwise ring
    return { a: add(p, scale(inward, inset)), u };
  });
  const out: Pt[] = [];
  for (let i = 0; i < n; i += 1) {
    const previous = lines[(i + n - 1) % n]!;
    const current = lines[i]!;
    const corner = lineIntersection(previous.a, previous.u, current.a, current.u);
    if (!corner) return null;
    out.push(corner);
  }
  return out;
}

// Lambert-93 (EPSG:2154, IGN's ALG0003 constants for RGF93 / GRS80): BAN files carry it in x, y.
const L93 = {
  e: 0.0818191910428158,
  n: 0.725607765053267,
  c: 11_754_255.426096,
  xs: 700_000,
  ys: 12_655_612.049876,
  lon0: 3,
};

/** [x, y] in Lambert-93 metres, rounded to the centimetre like BAN files. */
export function lambert93(lon: number, lat: number): [number, number] {
  const phi = (lat * Math.PI) / 180;
  const sin = Math.sin(phi);
  const isometric = Math.log(
    Math.tan(Math.PI / 4 + phi / 2) * ((1 - L93.e * sin) / (1 + L93.e * sin)) ** (L93.e / 2),
  );
  const radius = L93.c * Math.exp(-L93.n * isometric);
  const gamma = L93.n * (((lon - L93.lon0) * Math.PI) / 180);
  return [
    Math.round((L93.xs + radius * Math.sin(gamma)) * 100) / 100,
    Math.round((L93.ys - radius * Math.cos(gamma)) * 100) / 100,
  ];
}
