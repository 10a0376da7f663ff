import { dist, lerp, toLocal, type Pt } from './geo.ts';
import type { DemoTown } from './model.ts';

/** A stretch of a long road inside one town (or outside every member town: insee null). */
export interface LineRun {
  insee: string | null;
  points: Pt[];
}

const SAMPLE = 20;

function townAt(towns: readonly DemoTown[], p: Pt, hint: DemoTown | null): DemoTown | null {
  if (hint?.region.contains(p)) return hint;
  return towns.find((town) => town.region.contains(p)) ?? null;
}

/**
 * Cuts a road drawn through waypoints (lon/lat) at the town borders (found by bisection
 * between 20 m samples), and keeps its middle part when it is longer than `maxLength`.
 */
export function runsAlong(
  waypoints: readonly (readonly [number, number])[],
  towns: readonly DemoTown[],
  maxLength: number,
): LineRun[] {
  const local = waypoints.map(([lon, lat]) => toLocal(lon, lat));
  // Dense samples along the polyline.
  const samples: Pt[] = [local[0]!];
  for (let k = 1; k < local.length; k += 1) {
    const a = local[k - 1]!;
    const b = local[k]!;
    const n = Math.max(1, Math.ceil(dist(a, b) / SAMPLE));
    for (let s = 1; s <= n; s += 1) samples.push(lerp(a, b, s / n));
  }
  const trimmed = middle(samples, maxLength);
  const runs: LineRun[] = [];
  let current: DemoTown | null = townAt(towns, trimmed[0]!, null);
  let points: Pt[] = [trimmed[0]!];
  for (let k = 1; k < trimmed.length; k += 1) {
    const p = trimmed[k]!;
    const town = townAt(towns, p, current);
    if (town === current) {
      points.push(p);
      continue;
    }
    // Bisection between the previous sample and this one for the border.
    let a = trimmed[k - 1]!;
    let b = p;
    for (let i = 0; i < 30; i += 1) {
      const m = lerp(a, b, 0.5);
      if (townAt(towns, m, current) === current) a = m;
      else b = m;
    }
    const border = lerp(a, b, 0.5);
    points.push(border);
    runs.push({ insee: current?.insee ?? null, points });
    current = town;
    points = [border, p];
  }
  runs.push({ insee: current?.insee ?? null, points });
  return runs.filter((run) => length(run.points) > 1);
}

export function length(points: readonly Pt[]): number {
  let total = 0;
  for (let k = 1; k < points.length; k += 1) total += dist(points[k - 1]!, points[k]!);
  return total;
}

/** The middle `maxLength` metres of a polyline. */
function middle(points: Pt[], maxLength: number): Pt[] {
  const total = length(points);
  if (total <= maxLength) return points;
  return slice(points, (total - maxLength) / 2, (total + maxLength) / 2);
}

/** The part of a polyline between two distances from its start. */
export function slice(points: readonly Pt[], from: number, to: number): Pt[] {
  const out: Pt[] = [];
  let travelled = 0;
  for (let k = 1; k < points.length; k += 1) {
    const a = points[k - 1]!;
    const b = points[k]!;
    const d = dist(a, b);
    const start = travelled;
    const end = travelled + d;
    travelled = end;
    if (end < from || start > to || d === 0) continue;
    if (out.length === 0) out.push(lerp(a, b, Math.max(0, (from - start) / d)));
    out.push(lerp(a, b, Math.min(1, (to - start) / d)));
    if (end >= to) break;
  }
  return out;
}

/** Cuts a polyline into equal pieces of `target` metres at most. */
export function cut(points: readonly Pt[], target: number): Pt[][] {
  const total = length(points);
  const n = Math.max(1, Math.ceil(total / target));
  const pieces: Pt[][] = [];
  for (let k = 0; k < n; k += 1) pieces.push(slice(points, (total * k) / n, (total * (k + 1)) / n));
  return pieces.filter((piece) => piece.length >= 2);
}
