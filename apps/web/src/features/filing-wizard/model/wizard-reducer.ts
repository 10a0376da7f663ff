import {
  checkRoadSegment,
  joinList,
  nextWizardStep,
  previousWizardStep,
  type DocumentType,
  type GeometryCollection,
  type WizardStep,
} from '@voirie/domain';
import { centerOf, hasShapes } from '../../map';
import { fillEmptyFields, type AddressDraft } from './address-fields';
import { draftReducer, isDraftAction, type DraftAction } from './draft-reducer';
import { validateStep } from './step-validation';
import { stepCheckInput } from './wizard-selectors';
import type { EditableField, LocationErrors, LonLat, ServiceRequest, WizardState } from './wizard-state';

export type WizardAction =
  /** The user drew, reshaped or deleted a shape, or chose roads/parcels in the list. */
  | { type: 'shapesChanged'; shapes: GeometryCollection }
  /** An address chosen in the search: fields filled, marker placed, map centred. */
  | { type: 'addressChosen'; address: AddressDraft; lonLat: LonLat }
  /** The marker was dragged to a new point. */
  | { type: 'markerMoved'; lonLat: LonLat }
  /** The address found under the point (GET address/reverse, or the town of GET commune/at). */
  | { type: 'addressFound'; revision: number; address: Partial<AddressDraft>; mode: 'replace' | 'fill' }
  | { type: 'fieldChanged'; field: EditableField; value: string }
  | {
      type: 'plotsLoaded';
      revision: number;
      plots: readonly string[];
      sections: readonly string[];
      nearby?: boolean;
    }
  | { type: 'roadLoaded'; revision: number; typevoie: string | null; name: string | null }
  | { type: 'zoneLoaded'; revision: number; operationCode: string | null }
  | { type: 'serviceFailed'; revision: number; service: 'plots' | 'road' }
  /** Suivant / Terminer: the step is checked; Terminer (no next step) only records the errors. */
  | { type: 'next'; documentTypes?: readonly DocumentType[] }
  | { type: 'previous' }
  /** Terminer refused by the server: back to the first step it found fault with. */
  | { type: 'serverRefused'; step: WizardStep; errors: LocationErrors }
  | DraftAction;

function depOf(postalCode: string): string | null {
  const code = postalCode.trim();
  return /^\d{5}$/.test(code) ? code.slice(0, 2) : null;
}

/** A new revision: the services are asked again, and older answers will be ignored. */
function withRequest(state: WizardState, reverse: ServiceRequest['reverse']): WizardState {
  const revision = state.revision + 1;
  const { theGeom, lon, lat, addressPostalCode } = state.location;
  const geom = hasShapes(theGeom) ? theGeom : null;
  return {
    ...state,
    revision,
    request: {
      revision,
      geom,
      point: lon !== null && lat !== null ? [lon, lat] : null,
      dep: depOf(addressPostalCode),
      reverse,
    },
    road: geom
      ? { status: 'loading', typevoie: null, name: null }
      : { status: 'idle', typevoie: null, name: null },
    plots: geom ? 'loading' : 'idle',
    plotsNearby: false,
  };
}

/** Drops the errors of the fields that changed (the others stay until the next Suivant). */
function clearErrors(state: WizardState, fields: readonly string[]): WizardState {
  if (!fields.some((field) => field in state.errors)) return state;
  const errors = { ...state.errors };
  for (const field of fields) delete errors[field];
  return { ...state, errors };
}

function onShapesChanged(state: WizardState, shapes: GeometryCollection): WizardState {
  const drawn = hasShapes(shapes);
  const theGeom = drawn ? shapes : null;
  // Without a chosen address, the request's point is the centre of what is drawn.
  const follows = state.pointSource !== 'address';
  const point = follows ? (drawn ? centerOf(shapes) : null) : null;
  const location = {
    ...state.location,
    theGeom,
    ...(follows ? { lon: point?.[0] ?? null, lat: point?.[1] ?? null } : {}),
    // What the services said about the previous drawing no longer holds.
    plotNumbers: '',
    sections: '',
    wayType: null,
    inUrban: null,
    ...(follows ? { operationCode: null } : {}),
  };
  const next = clearErrors(
    { ...state, location, pointSource: follows ? (point ? 'shapes' : null) : 'address' },
    ['theGeom', 'plotNumbers', 'wayType'],
  );
  return withRequest(next, follows && point ? 'fill' : null);
}

/** The current revision's answer, or null when it comes too late (the drawing changed since). */
function current(state: WizardState, revision: number): WizardState | null {
  return revision === state.revision ? state : null;
}

/**
 * The filing wizard's state (docs/screens.md "Filing wizard", docs/validation.md "Filing wizard"):
 * the moves, the edits and the service answers are plain actions so that the rules are tested
 * without a browser.
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  if (isDraftAction(action)) return draftReducer(state, action);
  switch (action.type) {
    case 'shapesChanged':
      return onShapesChanged(state, action.shapes);
    case 'addressChosen': {
      const [lon, lat] = action.lonLat;
      const location = { ...state.location, ...action.address, lon, lat };
      const next = clearErrors(
        { ...state, location, pointSource: 'address', mapFocus: { lonLat: action.lonLat } },
        [...Object.keys(action.address)],
      );
      return withRequest(next, null);
    }
    case 'markerMoved': {
      const [lon, lat] = action.lonLat;
      return withRequest(
        { ...state, location: { ...state.location, lon, lat }, pointSource: 'address' },
        'replace',
      );
    }
    case 'addressFound': {
      if (!current(state, action.revision)) return state;
      const address =
        action.mode === 'replace'
          ? { ...state.location, ...action.address }
          : fillEmptyFields(state.location, action.address);
      return clearErrors(
        { ...state, location: { ...state.location, ...address } },
        Object.keys(action.address),
      );
    }
    case 'fieldChanged':
      return clearErrors({ ...state, location: { ...state.location, [action.field]: action.value } }, [
        action.field,
      ]);
    case 'plotsLoaded': {
      if (!current(state, action.revision)) return state;
      return {
        ...state,
        plots: 'done',
        plotsNearby: action.nearby === true,
        location: {
          ...state.location,
          plotNumbers: joinList(action.plots) ?? '',
          sections: joinList(action.sections) ?? '',
        },
      };
    }
    case 'roadLoaded': {
      if (!current(state, action.revision)) return state;
      const verdict = checkRoadSegment(action.typevoie);
      const inUrban = verdict.ok ? verdict.inUrban : null;
      return {
        ...state,
        road: { status: 'done', typevoie: action.typevoie, name: action.name },
        location: { ...state.location, wayType: action.typevoie, inUrban },
      };
    }
    case 'zoneLoaded':
      if (!current(state, action.revision)) return state;
      return { ...state, location: { ...state.location, operationCode: action.operationCode } };
    case 'serviceFailed':
      if (!current(state, action.revision)) return state;
      return action.service === 'plots'
        ? { ...state, plots: 'failed' }
        : { ...state, road: { status: 'failed', typevoie: null, name: null } };
    case 'next': {
      const errors = validateStep(state.step, stepCheckInput(state, action.documentTypes));
      if (Object.keys(errors).length > 0) return { ...state, errors };
      const step = nextWizardStep(state.kind, state.step);
      return step ? { ...state, step, errors: {} } : { ...state, errors: {} };
    }
    case 'serverRefused':
      return { ...state, step: action.step, errors: action.errors };
    case 'previous': {
      const step = previousWizardStep(state.kind, state.step);
      if (!step) return state;
      // Back on step 1 the map is drawn anew and centred on the request's point (docs/screens.md
      // "Filing wizard").
      const { lon, lat } = state.location;
      const mapFocus =
        step === 1 && lon !== null && lat !== null ? { lonLat: [lon, lat] as const } : state.mapFocus;
      return { ...state, step, errors: {}, mapFocus };
    }
  }
}
