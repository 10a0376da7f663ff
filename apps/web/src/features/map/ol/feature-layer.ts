import type { Feature } from 'ol';
import type { FeatureLike } from 'ol/Feature';
import OlFeature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { isEmpty, type Extent as OlExtent } from 'ol/extent';
import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry as GeoJsonGeometry } from 'geojson';
import type { Geometry } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import type { FeatureTiles } from '../model/feature-tiles';
import {
  anchorOf,
  extentCenteredOn,
  popupPosition,
  type FeatureDetails,
  type MapFeature,
  type MapFeatureId,
  type MapFeatureTone,
} from '../model/features';
import { FeatureTilesLayer } from './feature-tiles-layer';
import { locateExtent, VIEW_PROJECTION, zoomInOn } from './map-view';
import { featureStyleOf, selectedFeatureStyle } from './styles';

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: VIEW_PROJECTION });

/** Above the base layers and overlays, below the drawn shapes and the marker. */
const Z_FEATURES = 900;
const HIT_TOLERANCE = 6;
/** A click on a cell of several features zooms in by two levels, centred on it. */
const CELL_ZOOM_LEVELS = 2;

/** A feature of the layer, its id and the point its popup shows (view projection). */
function toOlFeature(feature: MapFeature): Feature | null {
  const anchor = anchorOf(feature.geometry);
  if (!anchor) return null;
  const olFeature = new OlFeature(format.readGeometry(feature.geometry) as Geometry);
  olFeature.setId(feature.id);
  olFeature.set('anchor', fromLonLat([...anchor]));
  olFeature.set('tone', feature.tone ?? 'default');
  return olFeature;
}

/** The view-projection extent and anchor of a GeoJSON geometry (EPSG:4326); null when it has no position. */
function placeOf(
  geometry: GeoJsonGeometry | null | undefined,
): { extent: OlExtent; anchor: number[] } | null {
  const anchor = anchorOf(geometry);
  if (!geometry || !anchor) return null;
  const extent = (format.readGeometry(geometry) as Geometry).getExtent();
  return { extent, anchor: fromLonLat([...anchor]) };
}

export interface FeatureLayerCallbacks {
  /**
   * A click on a feature (its id; for a feature of the tiles, the point clicked and its properties)
   * or beside every feature (null).
   */
  onFeatureClick?: (id: MapFeatureId | null, details?: FeatureDetails) => void;
}

/**
 * The selectable features — given (`setFeatures`), or read from vector tiles (`setTiles`): one
 * highlighted, a popup element kept on it, a click reports the feature under the pointer; a click
 * on a cell of several features of the tiles zooms in on it.
 */
export class FeatureLayer {
  private readonly source = new VectorSource();
  private readonly layer: VectorLayer;
  private tiles: FeatureTilesLayer | null = null;
  private selectedId: MapFeatureId | null = null;
  /** The selected feature's place when it is not one of the given features (a feature of the tiles). */
  private selectedPlace: { extent: OlExtent; anchor: number[] } | null = null;
  private popup: HTMLElement | null = null;

  constructor(
    private readonly map: OlMap,
    private readonly callbacks: FeatureLayerCallbacks,
  ) {
    this.layer = new VectorLayer({
      source: this.source,
      zIndex: Z_FEATURES,
      style: (feature: FeatureLike) =>
        this.selectedId !== null && feature.getId() === this.selectedId
          ? selectedFeatureStyle
          : featureStyleOf(feature.get('tone') as MapFeatureTone),
    });
    map.addLayer(this.layer);
    map.on('singleclick', this.onClick);
    map.on('pointermove', this.onPointerMove);
    map.on('postrender', () => this.placePopup());
  }

  /** True when a click at this pixel selects a feature or zooms on a cell: their popup wins over an overlay's. */
  isSelectableAt(pixel: number[]): boolean {
    if (this.featureAt(pixel) !== null) return true;
    const coordinate = this.map.getCoordinateFromPixel(pixel);
    return Boolean(coordinate && this.tiles?.hitAt(pixel, coordinate, HIT_TOLERANCE));
  }

  /** The id of the given feature at a pixel of the map, or null. */
  featureAt(pixel: number[]): MapFeatureId | null {
    if (this.source.isEmpty()) return null;
    let found: MapFeatureId | null = null;
    this.map.forEachFeatureAtPixel(
      pixel,
      (feature) => {
        const id = feature.getId();
        if (id === undefined) return false;
        found = id;
        return true;
      },
      { layerFilter: (layer) => layer === this.layer, hitTolerance: HIT_TOLERANCE },
    );
    return found;
  }

  private readonly onClick = (event: MapBrowserEvent): void => {
    const report = this.callbacks.onFeatureClick;
    const id = this.featureAt(event.pixel);
    if (id !== null) {
      report?.(id);
      return;
    }
    const hit = this.tiles?.hitAt(event.pixel, event.coordinate, HIT_TOLERANCE);
    if (hit && hit.id === null) zoomInOn(this.map.getView(), hit.coordinate, CELL_ZOOM_LEVELS);
    else if (hit && hit.id !== null)
      report?.(hit.id, {
        geometry: { type: 'Point', coordinates: toLonLat(hit.coordinate) },
        properties: hit.properties,
      });
    else if (!this.source.isEmpty() || this.tiles) report?.(null);
  };

  private readonly onPointerMove = (event: MapBrowserEvent): void => {
    if (event.dragging || (!this.callbacks.onFeatureClick && !this.tiles)) return;
    const viewport: HTMLElement | undefined = this.map.getViewport();
    if (!viewport) return;
    viewport.style.cursor = this.isSelectableAt(event.pixel) ? 'pointer' : '';
  };

  /** Shows the features of these vector tiles (null: none), selectable like the given ones. */
  setTiles(tiles: FeatureTiles | null): void {
    if (!tiles && !this.tiles) return;
    this.tiles ??= new FeatureTilesLayer(this.map, Z_FEATURES);
    this.tiles.setTiles(tiles);
    this.tiles.setSelected(this.selectedId);
  }

  /** Replaces the features (a new page of the list). */
  setFeatures(features: readonly MapFeature[]): void {
    this.source.clear();
    this.source.addFeatures(features.map(toOlFeature).filter((feature) => feature !== null));
    this.placePopup();
  }

  /**
   * The view-projection point of a feature's popup: a given feature's anchor, else the selected
   * feature's place (a feature of the tiles); null when the feature is not shown.
   */
  anchorOf(id: MapFeatureId): number[] | null {
    const anchor: unknown = this.source.getFeatureById(id)?.get('anchor');
    if (Array.isArray(anchor)) return anchor as number[];
    return id === this.selectedId ? (this.selectedPlace?.anchor ?? null) : null;
  }

  /**
   * Highlights a feature (null: none); with `zoom`, centres it (zoom 18 at most, 2 s). A feature
   * that is not one of the given ones (a feature of the tiles) is where `geometry` says (EPSG:4326).
   */
  select(id: MapFeatureId | null, zoom: boolean, geometry?: GeoJsonGeometry | null): void {
    this.selectedId = id;
    this.selectedPlace = id === null ? null : placeOf(geometry);
    this.layer.changed();
    this.tiles?.setSelected(id);
    this.placePopup();
    if (id === null || !zoom) return;
    const feature = this.source.getFeatureById(id);
    const extent: OlExtent | undefined = feature?.getGeometry()?.getExtent() ?? this.selectedPlace?.extent;
    const anchor = this.anchorOf(id);
    if (!extent || isEmpty(extent) || !anchor) return;
    const [x = 0, y = 0] = anchor;
    locateExtent(
      this.map.getView(),
      [...extentCenteredOn([x, y], [extent[0]!, extent[1]!, extent[2]!, extent[3]!])],
      this.map.getSize(),
    );
  }

  /** The element kept on the selected feature (absolutely placed over the map's element). */
  setPopupElement(element: HTMLElement | null): void {
    this.popup = element;
    this.placePopup();
  }

  private placePopup(): void {
    const popup = this.popup;
    if (!popup || this.selectedId === null) return;
    const anchor = this.anchorOf(this.selectedId);
    const size = this.map.getSize();
    const pixel = anchor && size ? this.map.getPixelFromCoordinate(anchor) : null;
    // Without a rendered map (jsdom, before the first frame) the popup stays in its corner.
    if (!pixel || !size) return;
    const { left, top } = popupPosition(
      [pixel[0] ?? 0, pixel[1] ?? 0],
      [popup.offsetWidth, popup.offsetHeight],
      [size[0] ?? 0, size[1] ?? 0],
    );
    popup.style.transform = `translate(${left}px, ${top}px)`;
  }
}
