import type { FeatureLike } from 'ol/Feature';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { cellCount, cellLabel, cellRadius } from '../model/feature-tiles';
import type { MapFeatureId, MapFeatureTone } from '../model/features';
import { roadStyleOf } from '../model/road-palette';
import { TONE_COLORS } from '../model/tones';

// Styles of the local layers, of the drawn shapes and of the address marker.

const roadStyles = new Map<string, Style>();

/** Roads coloured by way type: managed types in colour, the others dashed grey. */
export function roadStyle(feature: FeatureLike): Style {
  const typevoie = String(feature.get('typevoie') ?? '');
  let style = roadStyles.get(typevoie);
  if (!style) {
    const { color, dashed } = roadStyleOf(typevoie);
    style = new Style({
      stroke: new Stroke({ color, width: dashed ? 2 : 3, lineDash: dashed ? [6, 4] : undefined }),
    });
    roadStyles.set(typevoie, style);
  }
  return style;
}

const parcelStroke = new Stroke({ color: '#a15c00', width: 1 });
const parcelFill = new Fill({ color: 'rgba(255, 255, 255, 0.01)' });

/** Parcels: thin outlines, their number once the map is close enough to read it. */
export function parcelStyle(feature: FeatureLike, resolution: number): Style {
  return new Style({
    stroke: parcelStroke,
    fill: parcelFill,
    text:
      resolution < 0.6
        ? new Text({
            text: `${String(feature.get('section') ?? '')} ${String(feature.get('numero') ?? '')}`.trim(),
            font: '12px system-ui, sans-serif',
            fill: new Fill({ color: '#3a2a00' }),
            stroke: new Stroke({ color: '#ffffff', width: 3 }),
            overflow: false,
          })
        : undefined,
  });
}

const consultationStroke = new Stroke({ color: '#6a1b9a', width: 2 });
const consultationFill = new Fill({ color: 'rgba(106, 27, 154, 0.15)' });

/** Plat'AU consultations: a violet dot, or the land outlined in violet (distinct from the roads' colours). */
export const consultationStyle = new Style({
  image: new Circle({
    radius: 7,
    fill: new Fill({ color: '#6a1b9a' }),
    stroke: new Stroke({ color: '#ffffff', width: 2 }),
  }),
  stroke: consultationStroke,
  fill: consultationFill,
});

const townStroke = new Stroke({ color: '#000091', width: 2, lineDash: [8, 4] });

/** Towns: their boundary and, at medium zoom, their name. */
export function townStyle(feature: FeatureLike, resolution: number): Style {
  return new Style({
    stroke: townStroke,
    text:
      resolution > 2 && resolution < 80
        ? new Text({
            text: String(feature.get('name') ?? ''),
            font: 'bold 13px system-ui, sans-serif',
            fill: new Fill({ color: '#000091' }),
            stroke: new Stroke({ color: '#ffffff', width: 3 }),
          })
        : undefined,
  });
}

const DRAWN_COLOR = TONE_COLORS.request.stroke;
const SELECTED_COLOR = '#000091';

/**
 * The points of the list's tiles are never decluttered: OpenLayers 10 finds a point or a text of
 * a vector tile layer under the pointer only when its declutter mode is 'none' (its hit detection
 * keeps other modes for the decluttered features, and a layer without declutter has none). On the
 * other layers, which are not decluttered, it changes nothing.
 */
const NOT_DECLUTTERED = 'none';

function shapeStyle(color: string, fill: string, width: number): Style {
  return new Style({
    stroke: new Stroke({ color, width }),
    fill: new Fill({ color: fill }),
    image: new Circle({
      radius: 7,
      fill: new Fill({ color }),
      stroke: new Stroke({ color: '#ffffff', width: 2 }),
      declutterMode: NOT_DECLUTTERED,
    }),
  });
}

/** The drawn shapes (the works footprint). */
export const drawnStyle = shapeStyle(DRAWN_COLOR, TONE_COLORS.request.fill, 3);

/** A selected shape, ready to be deleted or reshaped. */
export const selectedStyle = shapeStyle(SELECTED_COLOR, 'rgba(0, 0, 145, 0.25)', 4);

/** The address marker (a pin drawn without an image). */
export const markerStyle = [
  new Style({
    image: new Circle({
      radius: 10,
      fill: new Fill({ color: '#000091' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
  }),
  new Style({ image: new Circle({ radius: 3, fill: new Fill({ color: '#ffffff' }) }) }),
];

const FEATURE_COLOR = '#8f4700';

/** The list's requests. */
export const featureStyle = shapeStyle(FEATURE_COLOR, 'rgba(143, 71, 0, 0.2)', 3);

/** Other works in conflict: dashed, so that they read apart from the request's own footprint. */
const conflictStyle = new Style({
  stroke: new Stroke({ color: TONE_COLORS.conflict.stroke, width: 3, lineDash: [8, 5] }),
  fill: new Fill({ color: TONE_COLORS.conflict.fill }),
  image: new Circle({
    radius: 7,
    fill: new Fill({ color: TONE_COLORS.conflict.stroke }),
    stroke: new Stroke({ color: '#ffffff', width: 2 }),
  }),
});

/** A recent resurfacing: a wide translucent band under the works. */
const resurfacingStyle = new Style({
  stroke: new Stroke({ color: TONE_COLORS.resurfacing.stroke, width: 8 }),
  fill: new Fill({ color: TONE_COLORS.resurfacing.fill }),
});

/** The style of a feature by its tone (MapFeature['tone']). */
export function featureStyleOf(tone: MapFeatureTone | undefined): Style {
  if (tone === 'conflict') return conflictStyle;
  if (tone === 'resurfacing') return resurfacingStyle;
  return featureStyle;
}

/** The request whose popup is open. */
export const selectedFeatureStyle = new Style({
  stroke: new Stroke({ color: SELECTED_COLOR, width: 5 }),
  fill: new Fill({ color: 'rgba(0, 0, 145, 0.3)' }),
  image: new Circle({
    radius: 9,
    fill: new Fill({ color: SELECTED_COLOR }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
    declutterMode: NOT_DECLUTTERED,
  }),
  zIndex: 1,
});

const cellFill = new Fill({ color: 'rgba(143, 71, 0, 0.85)' });
const cellStroke = new Stroke({ color: '#ffffff', width: 2 });
const cellTextFill = new Fill({ color: '#ffffff' });
const cellStyles = new Map<number, Style>();

/** A cell of several requests (the list's tiles): a circle sized by their count, the count in it. */
export function cellStyle(count: number): Style {
  let style = cellStyles.get(count);
  if (!style) {
    style = new Style({
      image: new Circle({
        radius: cellRadius(count),
        fill: cellFill,
        stroke: cellStroke,
        declutterMode: NOT_DECLUTTERED,
      }),
      text: new Text({
        text: cellLabel(count),
        font: 'bold 12px system-ui, sans-serif',
        fill: cellTextFill,
        overflow: true,
        declutterMode: NOT_DECLUTTERED,
      }),
    });
    cellStyles.set(count, style);
  }
  return style;
}

/**
 * A feature of the list's tiles: a cell of several requests by its count; a request (a feature
 * of its own, or a cell of one) as the list's requests, highlighted when selected.
 */
export function tileFeatureStyle(feature: FeatureLike, selectedId: MapFeatureId | null): Style {
  const count = cellCount(feature.getProperties());
  if (count > 1) return cellStyle(count);
  return selectedId !== null && feature.getId() === selectedId ? selectedFeatureStyle : featureStyle;
}
