import type { GeometryCollection, MapLayer } from '@voirie/domain';
import OlMap from 'ol/Map';
import type BaseLayer from 'ol/layer/Base';
import VectorLayer from 'ol/layer/Vector';
import { defaults as defaultInteractions } from 'ol/interaction/defaults';
import type VectorSource from 'ol/source/Vector';
import type { Extent } from 'ol/extent';
import { transformExtent } from 'ol/proj';
import { fitTargetOf, type Bbox, type FitTarget, type LonLat } from '../model/shapes';
import { createControls } from './controls';
import { DrawTools, type DrawToolsCallbacks, type ToolMode } from './draw-tools';
import type { FeatureTiles } from '../model/feature-tiles';
import type { FeatureSelection, MapFeature } from '../model/features';
import { FeatureLayer, type FeatureLayerCallbacks } from './feature-layer';
import { LayerPopup, type LayerPopupCallbacks } from './layer-popup';
import { createLayer, splitLayers } from './layers';
import { createView, fitExtent, locatePoint, VIEW_PROJECTION, zoomBy } from './map-view';

export interface MapControllerOptions extends DrawToolsCallbacks, FeatureLayerCallbacks, LayerPopupCallbacks {
  target: HTMLElement;
  layers: readonly MapLayer[];
  baseLayer: string | null;
}

/** An extent of the view as `[minLon, minLat, maxLon, maxLat]` in EPSG:4326. */
function lonLatBbox(extent: Extent): Bbox {
  const [minLon = NaN, minLat = NaN, maxLon = NaN, maxLat = NaN] = transformExtent(
    extent,
    VIEW_PROJECTION,
    'EPSG:4326',
  );
  return [minLon, minLat, maxLon, maxLat];
}

/** Below this zoom the API simplifies road lines: reload them when the zoom level changes. */
const SIMPLIFIED_BELOW_ZOOM = 17;

/**
 * The OpenLayers map behind the React component: the view, the layers of GET map-layers and
 * the drawing tools. React calls its methods; it calls back through the options.
 */
export class MapController {
  readonly map: OlMap;
  private readonly tools: DrawTools;
  private readonly features: FeatureLayer;
  private readonly layerPopup: LayerPopup;
  private readonly layers = new Map<string, BaseLayer>();
  private readonly baseLayerNames: string[];
  private loadedZoom: number | undefined;
  private readonly target: HTMLElement;

  constructor(options: MapControllerOptions) {
    const view = createView();
    this.map = new OlMap({
      target: options.target,
      view,
      controls: createControls(),
      // Keyboard pan and zoom listen on the map's element, focusable (tabindex) by the component.
      interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false }),
    });
    const { baseLayers, overlays } = splitLayers(options.layers);
    this.baseLayerNames = baseLayers.map((row) => row.layerName);
    for (const row of [...baseLayers, ...overlays]) {
      const layer = createLayer(row, view);
      this.layers.set(row.layerName, layer);
      this.map.addLayer(layer);
    }
    this.setBaseLayer(options.baseLayer);
    this.features = new FeatureLayer(this.map, options);
    this.layerPopup = new LayerPopup(this.map, options, (pixel) => this.features.isSelectableAt(pixel));
    this.tools = new DrawTools(this.map, options);
    this.loadedZoom = Math.floor(view.getZoom() ?? 0);
    this.target = options.target;
    this.map.on('moveend', () => {
      this.reloadSimplifiedLayers();
      this.exposeView();
    });
    this.target.addEventListener('keydown', this.onKeyDown);
  }

  /** With the focus on the map: Escape drops the shape being drawn, Delete the selected one. */
  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') this.tools.abortDrawing();
    else if ((event.key === 'Delete' || event.key === 'Backspace') && this.tools.hasSelection()) {
      event.preventDefault();
      this.tools.deleteSelected();
    }
  };

  /** Shows one base layer, hides the others. */
  setBaseLayer(layerName: string | null): void {
    for (const name of this.baseLayerNames) this.layers.get(name)?.setVisible(name === layerName);
  }

  /** Shows or hides an overlay. */
  setOverlayVisible(layerName: string, visible: boolean): void {
    this.layers.get(layerName)?.setVisible(visible);
  }

  setMode(mode: ToolMode): void {
    this.tools.setMode(mode);
  }

  deleteSelected(): void {
    this.tools.deleteSelected();
  }

  setShapes(shapes: GeometryCollection | null | undefined): void {
    this.tools.setShapes(shapes);
  }

  setMarker(lonLat: LonLat | null | undefined): void {
    this.tools.setMarker(lonLat);
  }

  /** Shows these features, selectable. */
  setFeatures(features: readonly MapFeature[]): void {
    this.features.setFeatures(features);
  }

  /** Shows the features of these vector tiles (the list's requests), selectable; null: none. */
  setFeatureTiles(tiles: FeatureTiles | null): void {
    this.features.setTiles(tiles);
  }

  /** Highlights a feature (null: none); with `zoom`, centres it, zoom 18 at most, over 2 s. */
  selectFeature(selection: FeatureSelection | null): void {
    this.features.select(selection?.id ?? null, Boolean(selection?.zoom), selection?.geometry);
  }

  /** The element to keep on the selected feature. */
  setPopupElement(element: HTMLElement | null): void {
    this.features.setPopupElement(element);
  }

  /** The element kept on the clicked overlay feature (a consultation). */
  setLayerPopupElement(element: HTMLElement | null): void {
    this.layerPopup.setElement(element);
  }

  /** Centres on a point, zoom 18 at most, animated over 2 s. */
  locate(lonLat: LonLat): void {
    locatePoint(this.map.getView(), lonLat, this.map.getSize());
  }

  /** Fits the drawn shapes (`fitTargetOf`: zoom 19 at most, 18 for one point), over 2 s; false when nothing is drawn. */
  zoomToShapes(): boolean {
    const extent = this.tools.getExtent();
    const target = extent && fitTargetOf(lonLatBbox(extent));
    if (!target) return false;
    this.fit(target);
    return true;
  }

  /** Fits a box given in EPSG:4326, at `maxZoom` at most, animated over 2 s. */
  fit({ bbox, maxZoom }: FitTarget): void {
    const extent = transformExtent([...bbox], 'EPSG:4326', VIEW_PROJECTION);
    fitExtent(this.map.getView(), extent, maxZoom, this.map.getSize());
  }

  zoomBy(delta: number): void {
    zoomBy(this.map.getView(), delta);
  }

  /** The map's element changed size (the side panel opened, the window was resized). */
  updateSize(): void {
    this.map.updateSize();
  }

  dispose(): void {
    this.target.removeEventListener('keydown', this.onKeyDown);
    this.map.setTarget(undefined);
    this.map.dispose();
  }

  /**
   * What the map shows once it stops moving, on its element: `data-extent` (minLon,minLat,maxLon,maxLat,
   * EPSG:4326) and `data-zoom`. A canvas cannot be read back otherwise; the end-to-end journeys
   * check there that a fit shows every shape (docs/screens.md "Request detail").
   */
  private exposeView(): void {
    const view = this.map.getView();
    const size = this.map.getSize();
    if (!size) return;
    const bbox = lonLatBbox(view.calculateExtent(size));
    this.target.dataset.extent = bbox.map((value) => value.toFixed(6)).join(',');
    this.target.dataset.zoom = String(Math.round((view.getZoom() ?? 0) * 100) / 100);
  }

  private reloadSimplifiedLayers(): void {
    const zoom = Math.floor(this.map.getView().getZoom() ?? 0);
    const previous = this.loadedZoom;
    this.loadedZoom = zoom;
    if (
      previous === zoom ||
      (previous !== undefined && previous >= SIMPLIFIED_BELOW_ZOOM && zoom >= SIMPLIFIED_BELOW_ZOOM)
    )
      return;
    for (const layer of this.layers.values()) {
      if (layer instanceof VectorLayer && layer.get('localKind') === 'roads' && layer.getVisible())
        (layer.getSource() as VectorSource | null)?.refresh();
    }
  }
}
