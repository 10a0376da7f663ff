import OlMap from 'ol/Map';
import { fromLonLat } from 'ol/proj';
import type { Style } from 'ol/style';
import { describe, expect, it, vi } from 'vitest';
import type { MapFeature } from '../model/features';
import { FeatureLayer } from './feature-layer';
import { createView } from './map-view';
import { featureStyle, featureStyleOf, selectedFeatureStyle } from './styles';

// The layer without a canvas: features, selection, style and the zoom of 'locate'.

const LINE: MapFeature = {
  id: 12,
  geometry: {
    type: 'GeometryCollection',
    geometries: [
      {
        type: 'LineString',
        coordinates: [
          [-1.43, 43.63],
          [-1.41, 43.63],
        ],
      },
    ],
  },
};
const POINT: MapFeature = { id: 'p', geometry: { type: 'Point', coordinates: [-1.3, 43.66] } };
const EMPTY: MapFeature = { id: 13, geometry: { type: 'GeometryCollection', geometries: [] } };

function setUp() {
  const map = new OlMap({ view: createView() });
  const layer = new FeatureLayer(map, {});
  layer.setFeatures([LINE, POINT, EMPTY]);
  return { map, layer };
}

/** The style the layer gives a feature now, by its id. */
function styleOf(map: OlMap) {
  const vector = map
    .getLayers()
    .getArray()
    .find((candidate) => candidate.getZIndex() === 900) as unknown as {
    getStyleFunction(): (feature: unknown, resolution: number) => Style;
    getSource(): { getFeatureById(id: string | number): unknown };
  };
  return (id: string | number) => vector.getStyleFunction()(vector.getSource().getFeatureById(id), 1);
}

describe('the selectable features of a map', () => {
  it('keeps the features with a position, their popup at their anchor', () => {
    const { layer } = setUp();
    const [x = 0, y = 0] = layer.anchorOf(12) ?? [];
    const [ex = 0, ey = 0] = fromLonLat([-1.42, 43.63]);
    expect(x).toBeCloseTo(ex, 3);
    expect(y).toBeCloseTo(ey, 3);
    expect(layer.anchorOf('p')).toEqual(fromLonLat([-1.3, 43.66]));
    expect(layer.anchorOf(13)).toBeNull();
  });

  it('highlights the selected feature', () => {
    const { map, layer } = setUp();
    const style = styleOf(map);
    expect(style(12)).toBe(featureStyle);
    layer.select(12, false);
    expect(style(12)).toBe(selectedFeatureStyle);
    expect(style('p')).toBe(featureStyle);
    layer.select(null, false);
    expect(style(12)).toBe(featureStyle);
  });

  it('draws the other works in conflict and the recent resurfacings in their own style', () => {
    const map = new OlMap({ view: createView() });
    const layer = new FeatureLayer(map, {});
    layer.setFeatures([
      { ...LINE, id: 'conflict-1', tone: 'conflict' },
      { ...POINT, id: 'resurfacing-1', tone: 'resurfacing' },
      LINE,
    ]);
    const style = styleOf(map);
    expect(style('conflict-1')).toBe(featureStyleOf('conflict'));
    expect(style('resurfacing-1')).toBe(featureStyleOf('resurfacing'));
    expect(style('conflict-1')).not.toBe(featureStyle);
    expect(style('resurfacing-1')).not.toBe(style('conflict-1'));
    expect(style(12)).toBe(featureStyle);
    layer.select('conflict-1', false);
    expect(style('conflict-1')).toBe(selectedFeatureStyle);
  });

  it('locating fits an extent centred on the anchor, zoom 18 at most, over 2 s', () => {
    const { map, layer } = setUp();
    const fit = vi.spyOn(map.getView(), 'fit');
    layer.select(12, false);
    expect(fit).not.toHaveBeenCalled();
    layer.select('p', true);
    expect(fit).toHaveBeenCalledTimes(1);
    const [extent, options] = fit.mock.calls[0] ?? [];
    const [px, py] = fromLonLat([-1.3, 43.66]);
    expect(extent).toEqual([px, py, px, py]);
    expect(options).toMatchObject({ maxZoom: 18, duration: 2000 });
    layer.select(13, true);
    expect(fit).toHaveBeenCalledTimes(1);
  });

  it('leaves the popup in its corner until the map has rendered a frame', () => {
    const { layer } = setUp();
    const popup = document.createElement('div');
    layer.select(12, false);
    layer.setPopupElement(popup);
    // jsdom renders no frame: the popup stays in its corner rather than somewhere wrong.
    expect(popup.style.transform).toBe('');
  });
});
