import type { GeometryCollection } from '@voirie/domain';
import type { Feature } from 'ol';
import Collection from 'ol/Collection';
import OlFeature from 'ol/Feature';
import type OlMap from 'ol/Map';
import { Point } from 'ol/geom';
import { Draw, Modify, Select, Translate } from 'ol/interaction';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, toLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import type { DrawKind, LonLat } from '../model/shapes';
import { featuresToShapes, shapesToFeatures } from './geojson';
import { drawnStyle, markerStyle, selectedStyle } from './styles';

/** The active tool: a drawing kind, selection (to delete or reshape), or none (pan only). */
export type ToolMode = DrawKind | 'select' | null;

export interface DrawToolsCallbacks {
  /** The user drew, reshaped or deleted a shape. */
  onShapesChange: (shapes: GeometryCollection) => void;
  onSelectionChange: (hasSelection: boolean) => void;
  /** The user dragged the address marker. */
  onMarkerMove?: (lonLat: LonLat) => void;
}

const Z_DRAWN = 1000;
const Z_MARKER = 1001;

/**
 * The drawn shapes' layer with the draw, select, modify and delete tools, and the address
 * marker (draggable when a callback listens). Programmatic changes (setShapes, setMarker) do
 * not call back: only the user's actions do.
 */
export class DrawTools {
  private readonly source = new VectorSource();
  private readonly layer = new VectorLayer({ source: this.source, style: drawnStyle, zIndex: Z_DRAWN });
  private readonly select = new Select({ layers: [this.layer], style: selectedStyle, hitTolerance: 6 });
  private readonly modify = new Modify({ features: this.select.getFeatures() });
  private readonly markerFeature = new OlFeature<Point>();
  private readonly markerSource = new VectorSource<Feature<Point>>();
  private readonly translate: Translate;
  private draw: Draw | null = null;
  private mode: ToolMode = null;

  constructor(
    private readonly map: OlMap,
    private readonly callbacks: DrawToolsCallbacks,
  ) {
    map.addLayer(this.layer);
    map.addLayer(new VectorLayer({ source: this.markerSource, style: markerStyle, zIndex: Z_MARKER }));
    this.translate = new Translate({ features: new Collection([this.markerFeature]), hitTolerance: 6 });
    this.translate.setActive(Boolean(callbacks.onMarkerMove));
    this.translate.on('translateend', () => {
      const point = this.markerFeature.getGeometry();
      if (point) callbacks.onMarkerMove?.(toLonLat(point.getCoordinates()) as unknown as LonLat);
    });
    this.select.setActive(false);
    this.modify.setActive(false);
    this.select.on('select', () => this.callbacks.onSelectionChange(this.hasSelection()));
    this.modify.on('modifyend', () => this.emit());
    for (const interaction of [this.select, this.modify, this.translate]) map.addInteraction(interaction);
  }

  getMode(): ToolMode {
    return this.mode;
  }

  /** Turns one tool on (the others off); null leaves the map to panning. */
  setMode(mode: ToolMode): void {
    if (this.draw) {
      this.map.removeInteraction(this.draw);
      this.draw = null;
    }
    this.mode = mode;
    const selecting = mode === 'select';
    this.select.setActive(selecting);
    this.modify.setActive(selecting);
    if (!selecting) this.clearSelection();
    // Dragging the marker while drawing would steal the clicks of the drawing.
    this.translate.setActive(Boolean(this.callbacks.onMarkerMove) && (mode === null || selecting));
    if (mode && mode !== 'select') {
      this.draw = new Draw({ source: this.source, type: mode });
      // The feature is added to the source after 'drawend': report once it is there.
      this.draw.on('drawend', () => this.source.once('addfeature', () => this.emit()));
      this.map.addInteraction(this.draw);
    }
  }

  /** Drops the shape being drawn (Escape). */
  abortDrawing(): void {
    this.draw?.abortDrawing();
  }

  hasSelection(): boolean {
    return this.select.getFeatures().getLength() > 0;
  }

  /** Deletes the selected shapes ('Supprimer la forme sélectionnée'). */
  deleteSelected(): void {
    const selected = this.select.getFeatures().getArray().slice();
    if (selected.length === 0) return;
    this.clearSelection();
    for (const feature of selected) this.source.removeFeature(feature);
    this.emit();
  }

  /** Replaces the shapes without calling back (initial shapes, a choice made in the list). */
  setShapes(shapes: GeometryCollection | null | undefined): void {
    this.clearSelection();
    this.source.clear();
    this.source.addFeatures(shapesToFeatures(shapes));
  }

  getShapes(): GeometryCollection {
    return featuresToShapes(this.source.getFeatures());
  }

  /** The shapes' extent in the view projection, or null when nothing is drawn. */
  getExtent() {
    return this.source.getFeatures().length > 0 ? this.source.getExtent() : null;
  }

  /** Places (or removes) the address marker. */
  setMarker(lonLat: LonLat | null | undefined): void {
    if (!lonLat) {
      this.markerSource.clear();
      return;
    }
    this.markerFeature.setGeometry(new Point(fromLonLat([...lonLat])));
    if (!this.markerSource.hasFeature(this.markerFeature)) this.markerSource.addFeature(this.markerFeature);
  }

  private clearSelection(): void {
    if (this.hasSelection()) {
      this.select.getFeatures().clear();
      this.callbacks.onSelectionChange(false);
    }
  }

  private emit(): void {
    this.callbacks.onShapesChange(this.getShapes());
  }
}
