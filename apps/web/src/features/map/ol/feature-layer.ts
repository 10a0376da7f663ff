import type { Feature } from 'ol';
import type { FeatureLike } from 'ol/Feature';
import OlFeature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { isEmpty, type Extent as OlExtent } from 'ol/extent';
import GeoJSON from 'ol/format/GeoJSON';
import type { Geometry } from 'ol/geom';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import {
  anchorOf,
  extentCenteredOn,
  popupPosition,
  type MapFeature,
  type MapFeatureId,
  type MapFeatureTone,
} from '../model/features';
import { locateExtent, VIEW_PROJECTION } from './map-view';
import { featureStyleOf, selectedFeatureStyle } from './styles';

const format = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: VIEW_PROJECTION });

/** Above the base layers and overlays, below the drawn shapes and the marker. */
const Z_FEATURES = 900;
const HIT_TOLERANCE = 6;

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

export interface FeatureLayerCallbacks {
  /** A click on a feature (its id) or beside every feature (null). */
  onFeatureClick?: (id: MapFeatureId | null) => void;
}

/**
 * The selectable features (the list's requests): one highlighted, a popup element kept on it,
 * a click reports the feature under the pointer.
 */
export class FeatureLayer {
  private readonly source = new VectorSource();
  private readonly layer: VectorLayer;
  private selectedId: MapFeatureId | null = null;
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

  /** The id of the feature at a pixel of the map, or null. */
  featureAt(pixel: number[]): MapFeatureId | null {
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
    if (!this.callbacks.onFeatureClick || this.source.isEmpty()) return;
    this.callbacks.onFeatureClick(this.featureAt(event.pixel));
  };

  private readonly onPointerMove = (event: MapBrowserEvent): void => {
    if (event.dragging || !this.callbacks.onFeatureClick) return;
    const viewport: HTMLElement | undefined = this.map.getViewport();
    if (!viewport) return;
    viewport.style.cursor = !this.source.isEmpty() && this.featureAt(event.pixel) !== null ? 'pointer' : '';
  };

  /** Replaces the features (a new page of the list). */
  setFeatures(features: readonly MapFeature[]): void {
    this.source.clear();
    this.source.addFeatures(features.map(toOlFeature).filter((feature) => feature !== null));
    this.placePopup();
  }

  /** The view-projection point of a feature's popup, or null when the feature is not shown. */
  anchorOf(id: MapFeatureId): number[] | null {
    const anchor: unknown = this.source.getFeatureById(id)?.get('anchor');
    return Array.isArray(anchor) ? (anchor as number[]) : null;
  }

  /** Highlights a feature (null: none); with `zoom`, centres it (zoom 18 at most, 2 s). */
  select(id: MapFeatureId | null, zoom: boolean): void {
    this.selectedId = id;
    this.layer.changed();
    this.placePopup();
    if (id === null || !zoom) return;
    const feature = this.source.getFeatureById(id);
    const extent: OlExtent | undefined = feature?.getGeometry()?.getExtent();
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
