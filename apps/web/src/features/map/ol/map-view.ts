import { MAP_SETTINGS } from '@voirie/domain';
import View from 'ol/View';
import { boundingExtent, type Extent } from 'ol/extent';
import { fromLonLat, get as getProjection } from 'ol/proj';
import { prefersReducedMotion } from '../../../ui/reduced-motion';
import type { LonLat } from '../model/shapes';

/** The view projection: web mercator, the projection of the OSM and IGN tiles. */
export const VIEW_PROJECTION = 'EPSG:3857';

const WEB_MERCATOR_MAX_RESOLUTION = (2 * Math.PI * 6378137) / 256;

/** The view's resolutions: 22 levels (docs/screens.md "Map"), zoom 0 to 21 of the web-mercator grid. */
export const RESOLUTIONS: readonly number[] = Array.from(
  { length: MAP_SETTINGS.resolutionLevels },
  (_, zoom) => WEB_MERCATOR_MAX_RESOLUTION / 2 ** zoom,
);

/** The extent of the web-mercator projection (origin of the WMTS tile grid). */
export function viewProjectionExtent(): Extent {
  const extent = getProjection(VIEW_PROJECTION)?.getExtent();
  if (!extent) throw new Error(`Projection ${VIEW_PROJECTION} inconnue`);
  return extent;
}

/** The default view: zoom 12 on the community (docs/screens.md "Map"). */
export function createView(): View {
  return new View({
    projection: VIEW_PROJECTION,
    center: fromLonLat([...MAP_SETTINGS.center]),
    zoom: MAP_SETTINGS.defaultZoom,
    resolutions: [...RESOLUTIONS],
  });
}

/** An animation's length: none when the user asks for reduced motion. */
const animationMs = (ms: number) => (prefersReducedMotion() ? 0 : ms);

function animate(view: View, extent: Extent, maxZoom: number, size: number[] | undefined): void {
  if (!extent.every(Number.isFinite)) return;
  view.cancelAnimations();
  view.fit(extent, {
    maxZoom,
    duration: animationMs(MAP_SETTINGS.animationMs),
    padding: [40, 40, 40, 40],
    ...(size ? { size } : {}),
  });
}

/** Locate: centre on a point at zoom 18 at most, in 2 s (docs/constants.md "Map"). */
export function locatePoint(view: View, lonLat: LonLat, size?: number[]): void {
  const point = fromLonLat([...lonLat]);
  animate(view, boundingExtent([point]), MAP_SETTINGS.locateMaxZoom, size);
}

/** Locate a feature: fit its extent at zoom 18 at most, in 2 s (docs/constants.md "Map"). */
export function locateExtent(view: View, extent: Extent, size?: number[]): void {
  animate(view, extent, MAP_SETTINGS.locateMaxZoom, size);
}

/** Fit an extent at `maxZoom` at most, in 2 s (docs/constants.md "Map": 19 for a layer, 18 for a point). */
export function fitExtent(view: View, extent: Extent, maxZoom: number, size?: number[]): void {
  animate(view, extent, maxZoom, size);
}

/** Zoom in (+1) or out (−1) by one level, animated. */
export function zoomBy(view: View, delta: number): void {
  const zoom = view.getZoom();
  if (zoom === undefined) return;
  view.cancelAnimations();
  view.animate({ zoom: view.getConstrainedZoom(zoom + delta), duration: animationMs(250) });
}

/** Zoom in by `levels` centred on a point (view projection), animated over 2 s (a cell of the list's map). */
export function zoomInOn(view: View, center: number[], levels: number): void {
  const zoom = view.getZoom();
  if (zoom === undefined || !center.every(Number.isFinite)) return;
  view.cancelAnimations();
  view.animate({
    center,
    zoom: view.getConstrainedZoom(Math.round(zoom) + levels),
    duration: animationMs(MAP_SETTINGS.animationMs),
  });
}
