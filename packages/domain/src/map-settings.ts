/** Map settings of the list, wizard and detail maps (docs/screens.md "Map", docs/constants.md "Map"). */
export const MAP_SETTINGS = {
  /** Data projection. */
  projection: 'EPSG:4326',
  defaultZoom: 12,
  /** Default centre `[lon, lat]`, in Saint-Vincent-de-Tyrosse. */
  center: [-1.316, 43.662] as readonly [number, number],
  resolutionLevels: 22,
  /** Locate a request: zoom at most 18. */
  locateMaxZoom: 18,
  /** Zoom to a layer: zoom at most 19. */
  zoomToLayerMaxZoom: 19,
  animationMs: 2000,
  layerOpacities: [0.5, 0.8, 1] as readonly number[],
} as const;

/**
 * The list's map as vector tiles (`GET request/tiles/{z}/{x}/{y}`, Mapbox Vector Tile): one layer
 * of the visible requests the list's filters match. From `detailMinZoom` each request is its own
 * feature (its footprint simplified for the zoom); below it the requests are grouped in square
 * cells of `cellUnits` tile units, each cell one point feature with its `count` (and, when it holds
 * one request, that request's properties), so that a tile of a dense town stays small.
 */
export const REQUEST_TILES = {
  layer: 'requests',
  /** Tile units across a tile (the MVT default). */
  extent: 4096,
  /** The deepest zoom served (the map's 22 resolution levels). */
  maxZoom: 21,
  detailMinZoom: 15,
  /**
   * A tile of the detail zooms holding more requests than this is served as cells too (more
   * would be a blot on screen, and a tile too slow to build): the next zooms draw them.
   */
  detailMaxRequests: 500,
  /** 64 of 4096 units: 8 px of a 512 px tile. */
  cellUnits: 64,
  contentType: 'application/vnd.mapbox-vector-tile',
} as const;

/** Drawing tools offered per request kind: point (3), line (2), polygon (1); all when editing. */
export const DRAW_TOOLS_BY_KIND = {
  1: ['Polygon'],
  2: ['LineString'],
  3: ['Point'],
  edit: ['Point', 'LineString', 'Polygon'],
} as const;

/** Timings and limits of the UI and its calls (docs/constants.md "Limits and timings"). */
export const UI_LIMITS = {
  autocompleteDebounceMs: 200,
  /** Operator and perimeter queries: at most 10 results. */
  operatorQueryLimit: 10,
  creationTimeoutMs: 20000,
  maxAppointments: 3,
  maxRefusalPhotos: 5,
  toastMs: 3000,
  errorToastMs: 5000,
} as const;
