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
