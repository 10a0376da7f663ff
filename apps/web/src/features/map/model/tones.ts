// The colours of what a request's map draws, shared by the map's styles (ol/styles.ts) and the
// legends of the pages (no OpenLayers here: a legend does not pull the map's chunk).

export const TONE_COLORS = {
  /** The request's own footprint (the drawn shapes). */
  request: { stroke: '#ce0500', fill: 'rgba(206, 5, 0, 0.2)' },
  /** Other works in conflict: dashed. */
  conflict: { stroke: '#6e445a', fill: 'rgba(110, 68, 90, 0.25)' },
  /** A recent resurfacing: a wide translucent band. */
  resurfacing: { stroke: 'rgba(24, 117, 60, 0.7)', fill: 'rgba(24, 117, 60, 0.2)' },
} as const;
