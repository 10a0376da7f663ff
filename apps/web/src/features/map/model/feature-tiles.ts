// The selectable features of a map read from vector tiles (the list's requests, GET request/tiles):
// what the tiles are and how a cell of grouped features reads. No OpenLayers here.

/**
 * Vector tiles of selectable features (Mapbox Vector Tile, web-mercator XYZ grid of 512 px tiles).
 * Below `detailMinZoom` features are grouped in cells: a point with its `count` (and, when it
 * holds one feature, that feature's id and properties); from it, each feature with its id.
 */
export interface FeatureTiles {
  /** The URL template, `{z}`, `{x}` and `{y}` in it; a new URL shows the tiles of the new one. */
  url: string;
  /** The tiles' layer to read. */
  layer: string;
  /** The deepest zoom served; deeper views draw its tiles. */
  maxZoom: number;
  /** A new value reads the tiles again (the browser revalidates them: cheap when unchanged). */
  revision?: number;
}

const NUMBER = new Intl.NumberFormat('fr-FR');
const ONE_DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** How many features a cell holds: its `count` property, 1 for a feature of its own. */
export function cellCount(properties: { count?: unknown }): number {
  const count = Number(properties.count ?? 1);
  return Number.isFinite(count) && count >= 1 ? Math.floor(count) : 1;
}

/** The radius of a cell's circle, in pixels: 13 for 2 features, growing with the count, 26 at most. */
export function cellRadius(count: number): number {
  return Math.min(26, Math.round(10 + 3 * Math.log2(Math.max(count, 2))));
}

/** The count written in a cell: '12', '999', then '1,2 k', '15 k' so that it fits in the circle. */
export function cellLabel(count: number): string {
  if (count < 1000) return NUMBER.format(count);
  return `${ONE_DECIMAL.format(count >= 10_000 ? Math.floor(count / 1000) : Math.floor(count / 100) / 10)} k`;
}
