import type { GeometryCollection, RequestKind, WizardStep } from '@voirie/domain';
import { EMPTY_ADDRESS, type AddressDraft } from './address-fields';
import { EMPTY_DRAFTS, type StepDrafts } from './step-drafts';

/** `[lon, lat]` in EPSG:4326. */
export type LonLat = readonly [number, number];

/** Step 1 Localisation as the user fills it (a draft: anything may still be missing). */
export interface LocationDraft extends AddressDraft {
  /** The drawn footprint (EPSG:4326), null when nothing is drawn. */
  theGeom: GeometryCollection | null;
  lon: number | null;
  lat: number | null;
  /** Comma-joined parcel ids and sections, from POST plots (editable). */
  plotNumbers: string;
  sections: string;
  /** The way type of the road segment under the footprint (POST troncon), accepted or not. */
  wayType: string | null;
  inUrban: boolean | null;
  /** POST zone. */
  operationCode: string | null;
}

/** Fields the user types in (the others come from the map and the services). */
export type EditableField = keyof AddressDraft | 'plotNumbers' | 'sections';

export type ServiceStatus = 'idle' | 'loading' | 'done' | 'failed';

/** The road segment found under the footprint. */
export interface RoadLookup {
  status: ServiceStatus;
  /** `typevoie` of the segment; null when POST troncon found none (data 0). */
  typevoie: string | null;
  name: string | null;
}

/**
 * What the services must be asked after a change (run by useLocationServices). Answers carry
 * the revision back; those of an older revision are ignored.
 */
export interface ServiceRequest {
  revision: number;
  /** POST plots and POST troncon with these shapes, when some are drawn. */
  geom: GeometryCollection | null;
  /** POST zone at this point. */
  point: LonLat | null;
  /** `dep` of POST plots: the first two characters of the postal code. */
  dep: string | null;
  /**
   * Address under the point: 'replace' the fields (the marker was moved), 'fill' only the empty
   * ones (a drawing made without choosing an address), or nothing.
   */
  reverse: 'replace' | 'fill' | null;
}

/** Field errors of the current step, by field path ('theGeom' for the footprint, 'petitioner.email'…). */
export type LocationErrors = Partial<Record<string, string>>;

/** Creation (/ajoutdossier) or completion of a request in state 8 (/updatedossier). */
export type WizardMode = 'create' | 'update';

export interface WizardState {
  kind: RequestKind;
  mode: WizardMode;
  step: WizardStep;
  /** Steps 2 to 6, and step 1's secondary addresses, project and operator. */
  drafts: StepDrafts;
  /** On update: the document types the instructor asked for. */
  missingDocuments: number[] | null;
  /** On update: the request being completed (PUT request/{id}). */
  requestId: number | null;
  location: LocationDraft;
  /** Where lon/lat come from: the chosen address or moved marker, or the centre of the shapes. */
  pointSource: 'address' | 'shapes' | null;
  revision: number;
  request: ServiceRequest | null;
  road: RoadLookup;
  plots: ServiceStatus;
  /** True when POST plots found nothing under the shape and gave the riverside parcels. */
  plotsNearby: boolean;
  /** Centre the map there (a new object each time an address is chosen). */
  mapFocus: { lonLat: LonLat } | null;
  /** Errors of the last Suivant, shown under the fields and on the stepper. */
  errors: LocationErrors;
}

export const EMPTY_LOCATION: LocationDraft = {
  ...EMPTY_ADDRESS,
  theGeom: null,
  lon: null,
  lat: null,
  plotNumbers: '',
  sections: '',
  wayType: null,
  inUrban: null,
  operationCode: null,
};

/** A new request of this kind, on step 1. */
export function initialWizardState(kind: RequestKind): WizardState {
  return {
    kind,
    mode: 'create',
    step: 1,
    drafts: EMPTY_DRAFTS,
    missingDocuments: null,
    requestId: null,
    location: EMPTY_LOCATION,
    pointSource: null,
    revision: 0,
    request: null,
    road: { status: 'idle', typevoie: null, name: null },
    plots: 'idle',
    plotsNearby: false,
    mapFocus: null,
    errors: {},
  };
}
