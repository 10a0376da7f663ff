import OlFeature from 'ol/Feature';
import OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { Point } from 'ol/geom';
import VectorTileLayer from 'ol/layer/VectorTile';
import { fromLonLat, toLonLat } from 'ol/proj';
import RenderFeature from 'ol/render/Feature';
import type VectorTileSource from 'ol/source/VectorTile';
import { Circle, type Style } from 'ol/style';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureTiles } from '../model/feature-tiles';
import { FeatureLayer } from './feature-layer';
import { createView, VIEW_PROJECTION } from './map-view';
import { cellStyle, featureStyle, selectedFeatureStyle, tileFeatureStyle } from './styles';

// The map's features read from vector tiles (the list's requests), without a canvas: the source and
// its URL, the styles of cells and requests, what a click on them does.

const TILES: FeatureTiles = {
  url: '/api/request/tiles/{z}/{x}/{y}?type=1',
  layer: 'requests',
  maxZoom: 21,
};

function setUp() {
  const map = new OlMap({ view: createView() });
  const onFeatureClick = vi.fn();
  const layer = new FeatureLayer(map, { onFeatureClick });
  layer.setTiles(TILES);
  const tileLayer = map
    .getLayers()
    .getArray()
    .find((candidate) => candidate instanceof VectorTileLayer);
  if (!tileLayer) throw new Error('no tile layer');
  return { map, layer, tileLayer, onFeatureClick };
}

const sourceOf = (layer: VectorTileLayer) => layer.getSource() as VectorTileSource;

const CELL_AT = fromLonLat([-1.3, 43.66]);
const cell = (count: number, id?: number, properties: Record<string, unknown> = {}) =>
  new RenderFeature('Point', [...CELL_AT], [], 2, { layer: 'requests', count, ...properties }, id);
const detailLine = (id: number) =>
  new RenderFeature(
    'LineString',
    [0, 0, 100, 0],
    [4],
    2,
    { layer: 'requests', id, dateStart: '2026-04-01' },
    id,
  );

/** A click at a pixel of the map where `found` is under the pointer (the tiles are not drawn in jsdom). */
function clickOn(map: OlMap, tileLayer: VectorTileLayer, found: RenderFeature | null, coordinate = [10, 20]) {
  vi.spyOn(map, 'forEachFeatureAtPixel').mockImplementation((_pixel, callback, options) => {
    if (!found || (options?.layerFilter && !options.layerFilter(tileLayer))) return undefined;
    return callback(found, tileLayer, new Point([0, 0])) || undefined;
  });
  map.dispatchEvent({ type: 'singleclick', pixel: [5, 5], coordinate } as unknown as MapBrowserEvent);
}

describe("the map's vector tiles", () => {
  it('reads the MVT layer on the web-mercator grid, up to the deepest zoom served', () => {
    const { tileLayer } = setUp();
    const source = sourceOf(tileLayer);
    expect(source.getUrls()).toEqual([TILES.url]);
    expect(source.getProjection()?.getCode()).toBe(VIEW_PROJECTION);
    expect(source.getTileGrid()?.getMaxZoom()).toBe(21);
    expect(source.getTileGrid()?.getTileSize(0)).toBe(512);
    // The tile of zoom 15 at x 16 000, y 11 800 asks the template's URL with its z/x/y.
    const url = source.getTileUrlFunction()([15, 16_000, 11_800], 1, source.getProjection()!);
    expect(url).toBe('/api/request/tiles/15/16000/11800?type=1');
  });

  it('shows the new filters at a new URL, and reads the same URL again on a new revision', () => {
    const { layer, tileLayer } = setUp();
    const source = sourceOf(tileLayer);
    const refresh = vi.spyOn(source, 'refresh');
    layer.setTiles({ ...TILES });
    expect(refresh).not.toHaveBeenCalled();
    layer.setTiles({ ...TILES, url: '/api/request/tiles/{z}/{x}/{y}?type=2' });
    expect(sourceOf(tileLayer)).toBe(source);
    expect(source.getUrls()).toEqual(['/api/request/tiles/{z}/{x}/{y}?type=2']);
    expect(refresh).not.toHaveBeenCalled();
    layer.setTiles({ ...TILES, url: '/api/request/tiles/{z}/{x}/{y}?type=2', revision: 2 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(source.getUrls()).toEqual(['/api/request/tiles/{z}/{x}/{y}?type=2']);
    layer.setTiles(null);
    expect(tileLayer.getSource()).toBeNull();
  });

  it('draws a cell of several requests as a circle sized by their count, with the count', () => {
    const style = tileFeatureStyle(cell(12), null);
    expect(style).toBe(cellStyle(12));
    expect(style.getText()?.getText()).toBe('12');
    const radius = (value: Style) => (value.getImage() as Circle).getRadius();
    expect(radius(tileFeatureStyle(cell(40), null))).toBeGreaterThan(radius(style));
    // A cell of one request, a request of its own: the list's request style, highlighted when selected.
    expect(tileFeatureStyle(cell(1, 42), null)).toBe(featureStyle);
    expect(tileFeatureStyle(cell(1, 42), 42)).toBe(selectedFeatureStyle);
    expect(tileFeatureStyle(detailLine(7), 42)).toBe(featureStyle);
    expect(tileFeatureStyle(detailLine(42), 42)).toBe(selectedFeatureStyle);
    expect(tileFeatureStyle(new OlFeature({ geometry: new Point(CELL_AT), count: 3 }), null)).toBe(
      cellStyle(3),
    );
  });

  it('keeps its points and counts findable under the pointer: never decluttered', () => {
    // OpenLayers finds a point or text of a vector tile layer without declutter only in mode 'none'.
    for (const style of [cellStyle(2), cellStyle(1234), featureStyle, selectedFeatureStyle]) {
      expect(style.getImage()?.getDeclutterMode()).toBe('none');
      expect(style.getText()?.getDeclutterMode() ?? 'none').toBe('none');
    }
  });

  it('highlights the selected request in the layer', () => {
    const { layer, tileLayer } = setUp();
    const style = (feature: RenderFeature) =>
      (tileLayer.getStyleFunction() as (feature: RenderFeature, resolution: number) => Style)(feature, 1);
    expect(style(detailLine(42))).toBe(featureStyle);
    layer.select(42, false);
    expect(style(detailLine(42))).toBe(selectedFeatureStyle);
    expect(style(cell(1, 42))).toBe(selectedFeatureStyle);
    layer.select(null, false);
    expect(style(detailLine(42))).toBe(featureStyle);
  });

  it('a click on a cell of several zooms in two levels, centred on it, over 2 s', () => {
    const { map, tileLayer, onFeatureClick } = setUp();
    const animate = vi.spyOn(map.getView(), 'animate');
    clickOn(map, tileLayer, cell(5));
    expect(animate).toHaveBeenCalledWith({ center: CELL_AT, zoom: 14, duration: 2000 });
    expect(onFeatureClick).not.toHaveBeenCalled();
  });

  it('a click on a request selects it with its properties and where it is', () => {
    const { map, tileLayer, onFeatureClick } = setUp();
    const properties = { id: 42, publicId: 'p42', type: 3, stateId: 4, dateStart: '2026-04-01' };
    clickOn(map, tileLayer, cell(1, 42, properties));
    expect(onFeatureClick).toHaveBeenLastCalledWith(42, {
      geometry: { type: 'Point', coordinates: toLonLat(CELL_AT) },
      properties: { count: 1, ...properties },
    });
    // A line: its popup points where it was clicked.
    clickOn(map, tileLayer, detailLine(43), [1000, 2000]);
    expect(onFeatureClick).toHaveBeenLastCalledWith(43, {
      geometry: { type: 'Point', coordinates: toLonLat([1000, 2000]) },
      properties: { id: 43, dateStart: '2026-04-01' },
    });
    // Beside every request: nothing selected.
    clickOn(map, tileLayer, null);
    expect(onFeatureClick).toHaveBeenLastCalledWith(null);
  });

  it("locates a request of the tiles by the shape it comes with, its popup at the shape's anchor", () => {
    const { map, layer } = setUp();
    const fit = vi.spyOn(map.getView(), 'fit');
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [-1.43, 43.63],
        [-1.41, 43.63],
      ],
    };
    layer.select(42, true, line);
    const [x = 0, y = 0] = layer.anchorOf(42) ?? [];
    const [ex = 0, ey = 0] = fromLonLat([-1.42, 43.63]);
    expect(x).toBeCloseTo(ex, 3);
    expect(y).toBeCloseTo(ey, 3);
    expect(fit).toHaveBeenCalledTimes(1);
    expect(fit.mock.calls[0]?.[1]).toMatchObject({ maxZoom: 18, duration: 2000 });
    // Selected without a shape (a click elsewhere, then nothing): no anchor, no zoom.
    layer.select(42, true, null);
    expect(layer.anchorOf(42)).toBeNull();
    expect(fit).toHaveBeenCalledTimes(1);
    layer.select(null, false);
    expect(layer.anchorOf(42)).toBeNull();
  });
});
