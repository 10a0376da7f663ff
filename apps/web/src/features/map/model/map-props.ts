import type { GeometryCollection } from '@voirie/domain';
import type { FeatureTiles } from './feature-tiles';
import type {
  FeatureDetails,
  FeaturePopupContent,
  FeatureSelection,
  MapFeature,
  MapFeatureId,
  MapFeatureProperties,
} from './features';
import type { DrawKind, LonLat } from './shapes';

/** A request to centre the map on a point; a new object animates again, even to the same point. */
export interface MapFocus {
  lonLat: LonLat;
}

/** The one map of the portal (wizard, list, detail). */
export interface MapViewProps {
  /** Name of the map's region, e.g. 'Carte de localisation des travaux'. */
  ariaLabel: string;
  /** The drawing tools offered (drawKindsFor(kind)); none shows a map without drawing. */
  drawKinds?: readonly DrawKind[];
  /** The drawn shapes (EPSG:4326); a new value replaces what the map shows. */
  shapes?: GeometryCollection | null;
  /** Called with every shape the user draws, reshapes or deletes (EPSG:4326). */
  onShapesChange?: (shapes: GeometryCollection) => void;
  /** The address marker. */
  marker?: LonLat | null;
  /** Makes the marker draggable; called where it is dropped. */
  onMarkerMove?: (lonLat: LonLat) => void;
  /** Centres the map there (zoom 18 at most, 2 s). */
  focus?: MapFocus | null;
  /**
   * Fits the map onto every shape of `shapes` (points, lines, polygons) once they are shown, once
   * per map: a new `shapes` of the same request (the page read it again) leaves the view alone.
   */
  fitShapes?: boolean;
  /** Selectable features (EPSG:4326); a new array replaces them. */
  features?: readonly MapFeature[];
  /**
   * Selectable features read from vector tiles (the list's requests): a cell of several is a
   * circle with their count, a click on it zooms in two levels; a feature of its own is selected
   * by a click like `features`.
   */
  featureTiles?: FeatureTiles | null;
  /** The selected feature (highlighted, with its popup); `zoom` also centres the map on it. */
  selectedFeature?: FeatureSelection | null;
  /**
   * A click on a feature (its id; for a feature of the tiles, also where it was clicked and its
   * properties) or beside them (null), the popup's close button or Escape (null). Without it the
   * features cannot be selected by a click.
   */
  onFeatureSelect?: (id: MapFeatureId | null, details?: FeatureDetails) => void;
  /**
   * What the popup of the selected feature says, from its id or its properties (`selectedFeature`'s,
   * e.g. those of its tile); null shows no popup.
   */
  featurePopup?: (id: MapFeatureId, properties?: MapFeatureProperties) => FeaturePopupContent | null;
  /** The text alternative under the map, instead of the description of the drawn shapes. */
  description?: string;
  /** Height of the map, in pixels. */
  height?: number;
  /** The layers of a page without a session (GET public/map-layers: the public works map). */
  publicLayers?: boolean;
}
