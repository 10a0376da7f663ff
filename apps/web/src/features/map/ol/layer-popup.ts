import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { popupPosition, type FeaturePopupContent } from '../model/features';
import type { LocalLayerKind } from '../model/layer-kind';
import { layerFeaturePopup } from '../model/layer-popups';

const HIT_TOLERANCE = 6;

export interface LayerPopupCallbacks {
  /** A click on a feature of an overlay that has a popup (its content), or beside them (null). */
  onLayerFeatureClick?: (content: FeaturePopupContent | null) => void;
}

/**
 * The popup of an overlay's feature (the Plat'AU consultations): a click finds the feature, the
 * component shows what `layerFeaturePopup` says, and its element is kept where the click was.
 */
export class LayerPopup {
  private anchor: number[] | null = null;
  private element: HTMLElement | null = null;

  constructor(
    private readonly map: OlMap,
    private readonly callbacks: LayerPopupCallbacks,
    /** True when the click is on a selectable feature (the list's requests): their popup wins. */
    private readonly onSelectable: (pixel: number[]) => boolean,
  ) {
    map.on('singleclick', this.onClick);
    map.on('postrender', () => this.place());
  }

  private readonly onClick = (event: MapBrowserEvent): void => {
    if (!this.callbacks.onLayerFeatureClick) return;
    let content: FeaturePopupContent | null = null;
    if (!this.onSelectable(event.pixel)) {
      this.map.forEachFeatureAtPixel(
        event.pixel,
        (feature, layer) => {
          const kind: unknown = layer?.get('localKind');
          content = layerFeaturePopup(isKind(kind) ? kind : 'other', feature.getProperties());
          return content !== null;
        },
        {
          layerFilter: (layer) => layer.getVisible() && layer.get('localKind') !== undefined,
          hitTolerance: HIT_TOLERANCE,
        },
      );
    }
    this.anchor = content ? event.coordinate : null;
    this.callbacks.onLayerFeatureClick(content);
    this.place();
  };

  /** The element kept at the clicked feature (absolutely placed over the map's element). */
  setElement(element: HTMLElement | null): void {
    this.element = element;
    this.place();
  }

  private place(): void {
    const element = this.element;
    const size = this.map.getSize();
    if (!element || !this.anchor || !size) return;
    const pixel = this.map.getPixelFromCoordinate(this.anchor);
    // Without a rendered map (jsdom, before the first frame) the popup stays in its corner.
    if (!pixel) return;
    const { left, top } = popupPosition(
      [pixel[0] ?? 0, pixel[1] ?? 0],
      [element.offsetWidth, element.offsetHeight],
      [size[0] ?? 0, size[1] ?? 0],
    );
    element.style.transform = `translate(${left}px, ${top}px)`;
  }
}

const KINDS: readonly LocalLayerKind[] = ['towns', 'roads', 'parcels', 'consultations', 'other'];

function isKind(value: unknown): value is LocalLayerKind {
  return KINDS.some((kind) => kind === value);
}
