import { TOWNS_ATTRIBUTION, type MapLayer } from '@voirie/domain';
import type { FeatureLike } from 'ol/Feature';
import { bbox as bboxStrategy, all as allStrategy } from 'ol/loadingstrategy';
import type BaseLayer from 'ol/layer/Base';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { transformExtent } from 'ol/proj';
import OSM from 'ol/source/OSM';
import VectorSource from 'ol/source/Vector';
import WMTS from 'ol/source/WMTS';
import type { Style } from 'ol/style';
import WMTSTileGrid from 'ol/tilegrid/WMTS';
import { getTopLeft } from 'ol/extent';
import type View from 'ol/View';
import { fetchLayer, layerUrl } from '../api/map-api';
import { localLayerKind, type LocalLayerKind } from '../model/layer-kind';
import type { Bbox } from '../model/shapes';
import { readLayerFeatures } from './geojson';
import { RESOLUTIONS, VIEW_PROJECTION, viewProjectionExtent } from './map-view';
import { consultationStyle, parcelStyle, roadStyle, townStyle } from './styles';

// The layers of the `map_layer` table (GET map-layers, docs/gis-api.md): OSM and IGN WMTS base
// layers (online: without internet their tiles stay blank) and the local vector layers served
// by the API (towns, roads by way type, parcels; for the staff, the Plat'AU consultations), which
// work offline.

const STYLES: Record<LocalLayerKind, ((feature: FeatureLike, resolution: number) => Style) | undefined> = {
  towns: townStyle,
  roads: roadStyle,
  parcels: parcelStyle,
  consultations: () => consultationStyle,
  other: undefined,
};

function zoomRange(row: MapLayer) {
  return {
    ...(row.minZoom != null ? { minZoom: row.minZoom } : {}),
    ...(row.maxZoom != null ? { maxZoom: row.maxZoom } : {}),
  };
}

function ignSource(row: MapLayer): WMTS {
  return new WMTS({
    url: row.url,
    layer: row.layerName,
    matrixSet: row.matrix ?? 'PM',
    format: row.format ?? 'image/png',
    style: 'normal',
    projection: VIEW_PROJECTION,
    tileGrid: new WMTSTileGrid({
      origin: getTopLeft(viewProjectionExtent()),
      resolutions: [...RESOLUTIONS],
      matrixIds: RESOLUTIONS.map((_, zoom) => String(zoom)),
    }),
    attributions: row.attribution ?? undefined,
    crossOrigin: 'anonymous',
  });
}

/** A local vector layer, loaded from the API; roads and parcels by bbox (and zoom). */
function localLayer(row: MapLayer, view: View): VectorLayer {
  const kind = localLayerKind(row);
  const byBbox = kind !== 'towns';
  // The towns layer shows the towns' attribution wherever it is shown (shared/data/README.md).
  const attribution = kind === 'towns' ? TOWNS_ATTRIBUTION : (row.attribution ?? undefined);
  const source: VectorSource = new VectorSource({
    attributions: attribution,
    strategy: byBbox ? bboxStrategy : allStrategy,
    loader: (extent, resolution, _projection, success, failure) => {
      const bbox = transformExtent(extent, VIEW_PROJECTION, 'EPSG:4326') as unknown as Bbox;
      const zoom = view.getZoomForResolution(resolution) ?? view.getZoom() ?? 0;
      const url = byBbox ? layerUrl(row.url, bbox, zoom) : row.url;
      fetchLayer(url)
        .then((collection) => {
          const features = readLayerFeatures(collection);
          source.addFeatures(features);
          success?.(features);
        })
        .catch(() => {
          // A failed load leaves the extent unloaded: the next move asks again.
          source.removeLoadedExtent(extent);
          failure?.();
        });
    },
  });
  return new VectorLayer({
    source,
    style: STYLES[kind],
    opacity: row.opacity,
    zIndex: row.zindex,
    visible: row.checked,
    ...zoomRange(row),
    properties: { layerName: row.layerName, localKind: kind },
  });
}

/** The OpenLayers layer of one `map_layer` row. */
export function createLayer(row: MapLayer, view: View): BaseLayer {
  const common = { opacity: row.opacity, zIndex: row.zindex, visible: row.checked, ...zoomRange(row) };
  switch (row.type) {
    case 'OSM':
      return new TileLayer({
        ...common,
        source: new OSM({
          url: row.url,
          attributions: row.attribution ?? undefined,
          crossOrigin: 'anonymous',
        }),
        properties: { layerName: row.layerName },
      });
    case 'IGN':
      return new TileLayer({ ...common, source: ignSource(row), properties: { layerName: row.layerName } });
    case 'mapserver':
      return localLayer(row, view);
  }
}

/** The base layers (one shown at a time) and the overlays (toggled), as the rows order them. */
export function splitLayers(rows: readonly MapLayer[]) {
  const sorted = [...rows].sort((a, b) => a.zindex - b.zindex || (a.id ?? 0) - (b.id ?? 0));
  return {
    baseLayers: sorted.filter((row) => row.baseLayer),
    overlays: sorted.filter((row) => !row.baseLayer),
  };
}

/** The base layer shown first: the one checked, else the first. */
export function initialBaseLayer(baseLayers: readonly MapLayer[]): string | null {
  return (baseLayers.find((row) => row.checked) ?? baseLayers[0])?.layerName ?? null;
}
