import type { FeatureLike } from 'ol/Feature';
import type OlMap from 'ol/Map';
import MVT from 'ol/format/MVT';
import SimpleGeometry from 'ol/geom/SimpleGeometry';
import VectorTileLayer from 'ol/layer/VectorTile';
import RenderFeature from 'ol/render/Feature';
import VectorTileSource from 'ol/source/VectorTile';
import { cellCount, type FeatureTiles } from '../model/feature-tiles';
import type { MapFeatureId, MapFeatureProperties } from '../model/features';
import { VIEW_PROJECTION } from './map-view';
import { tileFeatureStyle } from './styles';

/** What a click finds on the tiles: a cell of several features, or one feature. */
export interface TileHit {
  /** The feature's id; null for a cell of several. */
  id: MapFeatureId | null;
  count: number;
  /** The feature's properties, without the tile's layer name. */
  properties: MapFeatureProperties;
  /** Where the popup points or the zoom centres (view projection): a point's own place, else the click's. */
  coordinate: number[];
}

/** The tiles' own properties, not the feature's: the MVT layer name. */
const LAYER_NAME_PROPERTY = 'layer';

function propertiesOf(feature: FeatureLike): MapFeatureProperties {
  const { [LAYER_NAME_PROPERTY]: _layer, ...properties } = feature.getProperties() as MapFeatureProperties;
  return properties;
}

/** A point feature's coordinate (a cell, a request drawn as a point), else null. */
function pointOf(feature: FeatureLike): number[] | null {
  const geometry = feature.getGeometry();
  if (
    !(geometry instanceof RenderFeature || geometry instanceof SimpleGeometry) ||
    geometry.getType() !== 'Point'
  )
    return null;
  const [x, y] = geometry.getFlatCoordinates();
  return x === undefined || y === undefined ? null : [x, y];
}

function sameTiles(a: FeatureTiles | null, b: FeatureTiles | null): boolean {
  return (
    a?.url === b?.url && a?.layer === b?.layer && a?.maxZoom === b?.maxZoom && a?.revision === b?.revision
  );
}

/**
 * Selectable features read from Mapbox Vector Tiles (the list's requests, GET request/tiles): the
 * web-mercator XYZ grid of 512 px tiles up to the source's deepest zoom, read by OpenLayers'
 * MVT format into the view projection. A new URL shows the new tiles (the old ones stay until
 * they are replaced); a new revision reads the same URLs again — the browser revalidates them
 * (ETag, `no-cache`): 304 when nothing changed.
 */
export class FeatureTilesLayer {
  private readonly layer: VectorTileLayer;
  private tiles: FeatureTiles | null = null;
  private selectedId: MapFeatureId | null = null;

  constructor(
    private readonly map: OlMap,
    zIndex: number,
  ) {
    this.layer = new VectorTileLayer({
      zIndex,
      style: (feature: FeatureLike) => tileFeatureStyle(feature, this.selectedId),
    });
    map.addLayer(this.layer);
  }

  /** Shows these tiles (null: none). */
  setTiles(tiles: FeatureTiles | null): void {
    const previous = this.tiles;
    if (sameTiles(previous, tiles)) return;
    this.tiles = tiles;
    const source = this.layer.getSource();
    if (!tiles) {
      this.layer.setSource(null);
    } else if (!source || previous?.layer !== tiles.layer || previous.maxZoom !== tiles.maxZoom) {
      this.layer.setSource(
        new VectorTileSource({
          format: new MVT({ layers: [tiles.layer] }),
          url: tiles.url,
          maxZoom: tiles.maxZoom,
          projection: VIEW_PROJECTION,
        }),
      );
    } else if (previous.url !== tiles.url) {
      source.setUrl(tiles.url);
    } else {
      source.refresh();
    }
  }

  /** Highlights a feature of the tiles (null: none). */
  setSelected(id: MapFeatureId | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.layer.changed();
  }

  /** The cell or feature at a pixel of the map (clicked at `coordinate`), or null. */
  hitAt(pixel: number[], coordinate: number[], hitTolerance: number): TileHit | null {
    if (!this.tiles) return null;
    let hit: TileHit | null = null;
    this.map.forEachFeatureAtPixel(
      pixel,
      (feature) => {
        const properties = propertiesOf(feature);
        const count = cellCount(properties);
        const id = feature.getId() ?? null;
        if (count === 1 && id === null) return false;
        hit = { id: count > 1 ? null : id, count, properties, coordinate: pointOf(feature) ?? coordinate };
        return true;
      },
      { layerFilter: (layer) => layer === this.layer, hitTolerance },
    );
    return hit;
  }
}
