import type { Generated } from 'kysely';
import type { DefaultTimestamp } from './columns.ts';

/** Request states (docs/workflow.md "States"). */
export interface StateTable {
  id: number;
  name: string;
}

/** Request kinds: 1 networks permission, 2 alignment, 3 access/fencing permission. */
export interface RequestKindTable {
  id: number;
  label: string;
}

/** Document types (see migration 0002 for categorie, nature, flags and cerfa). */
export interface TypeDocumentTable {
  id: Generated<number>;
  name: string;
  categorie: string | null;
  nature: string | null;
  isMandatory: Generated<boolean>;
  isMandatoryReseaux: Generated<boolean>;
  /** 1 = CERFA 14023 piece, 2 = CERFA 14024 piece, null = any request. */
  cerfa: number | null;
}

export type ModeleKind =
  | 'arrete'
  | 'mise_en_demeure'
  | 'pv_reception'
  | 'pv_perturbation'
  /** The traffic-police order (migration 0021): looked up by kind, its id is not fixed. */
  | 'arrete_circulation';

/**
 * Letter templates (DOCX); ids 6–10 the letters of docs/constants.md "Letter templates", 1–5 the decision
 * orders, the traffic order by its kind.
 */
export interface ModeleTable {
  id: Generated<number>;
  libelle: string;
  kind: ModeleKind;
  /** The request kind the template is for; null = any. */
  requestType: number | null;
  /** For orders: the decision the template writes; null = not a decision. */
  isFavorable: boolean | null;
  /** The template's key in the document storage. */
  fileKey: string;
  updatedAt: DefaultTimestamp;
}

/** Map layers (docs/data-model.md "Entities"). */
export interface MapLayerTable {
  id: Generated<number>;
  layerName: string;
  text: string;
  /** 'OSM', 'IGN' (WMTS) or 'mapserver' (local layer served by the API). */
  type: string;
  url: string;
  format: string | null;
  projection: string | null;
  map: string | null;
  matrix: string | null;
  opacity: Generated<number>;
  zindex: Generated<number>;
  checked: Generated<boolean>;
  baseLayer: Generated<boolean>;
  attribution: string | null;
  minZoom: number | null;
  maxZoom: number | null;
  /** The domain capability that reads the layer; null: every map (migration 0032). */
  capability: string | null;
}

export interface ReferenceTables {
  state: StateTable;
  requestKind: RequestKindTable;
  typeDocument: TypeDocumentTable;
  modele: ModeleTable;
  mapLayer: MapLayerTable;
}
