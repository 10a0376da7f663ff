import { DRAFT_LIMITS, wizardStepsFor, type DraftInput, type RequestKind } from '@voirie/domain';
import { EMPTY_SECONDARY_ADDRESS, type StepDrafts } from './step-drafts';
import { wizardReducer } from './wizard-reducer';
import { initialWizardState, type WizardState } from './wizard-state';

// A new request's wizard kept as a draft on the server (docs/api-drafts.md):
// what the user entered — step, location, the drafts of each step — without the chosen files
// (a File cannot be stored; the wizard says they must be added again) nor what only lives while
// the page is open (pending service calls, errors, the map's centring).

/** The part of the wizard a draft keeps. */
type SavedWizard = Pick<
  WizardState,
  'step' | 'location' | 'pointSource' | 'road' | 'plots' | 'plotsNearby'
> & {
  drafts: Omit<StepDrafts, 'files'>;
};

/** The draft's fields of a wizard, as saved and compared (the files are left out). */
function savedWizard(state: WizardState): SavedWizard {
  const { files: _files, ...drafts } = state.drafts;
  return {
    step: state.step,
    location: state.location,
    pointSource: state.pointSource,
    road: state.road,
    plots: state.plots,
    plotsNearby: state.plotsNearby,
    drafts,
  };
}

/** The draft's content as text: two states with the same content are the same draft. */
export function draftContentKey(state: WizardState): string {
  return JSON.stringify(savedWizard(state));
}

/** The list's label: the main address, else the project ('' when neither is typed). */
export function draftLabel(state: WizardState): string {
  const { addressNum, addressExt, addressType, addressName, addressCity } = state.location;
  const street = [addressNum, addressExt, addressType, addressName]
    .map((part) => part.trim())
    .filter(Boolean);
  const address = [street.join(' '), addressCity.trim()].filter(Boolean).join(', ');
  return (address || state.drafts.project.trim()).slice(0, DRAFT_LIMITS.labelMax);
}

/** What `POST drafts` / `PUT drafts/{id}` receive for this wizard. */
export function draftInputOf(state: WizardState): DraftInput {
  return {
    kind: state.kind,
    step: state.step,
    label: draftLabel(state),
    state: savedWizard(state),
  };
}

// eslint-disable-next-line no-restricted-syntax -- a saved draft of any past wizard version, read field by field against the defaults
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The saved values over the defaults, field by field: a field keeps its default unless the
 * saved one has the same type (a null default takes any saved value). A draft of an older
 * version of the wizard thus opens with what still fits, never with a value of the wrong type.
 */
function overDefaults<T extends object>(defaults: T, saved: unknown): T {
  if (!isObject(saved)) return defaults;
  const merged: Json = { ...(defaults as Json) };
  for (const [key, fallback] of Object.entries(defaults as Json)) {
    const value = saved[key];
    if (value === undefined) continue;
    if (fallback === null || typeof value === typeof fallback) merged[key] = value;
  }
  return merged as T;
}

/**
 * The wizard of a resumed draft, on the step it was left on (its kind's steps only). A footprint
 * whose road was not yet checked is checked again, as if just drawn.
 */
export function wizardStateFromDraft(kind: RequestKind, saved: unknown): WizardState {
  const initial = initialWizardState(kind);
  const draft = isObject(saved) ? saved : {};
  const drafts = isObject(draft.drafts) ? draft.drafts : {};
  const step = wizardStepsFor(kind).find((candidate) => candidate === draft.step) ?? 1;
  const state: WizardState = {
    ...initial,
    step,
    location: overDefaults(initial.location, draft.location),
    pointSource: draft.pointSource === 'address' || draft.pointSource === 'shapes' ? draft.pointSource : null,
    road: overDefaults(initial.road, draft.road),
    plots: draft.plots === 'done' || draft.plots === 'failed' ? draft.plots : 'idle',
    plotsNearby: draft.plotsNearby === true,
    drafts: {
      ...initial.drafts,
      adresses: Array.isArray(drafts.adresses)
        ? drafts.adresses.map((address) => overDefaults(EMPTY_SECONDARY_ADDRESS, address))
        : [],
      project: typeof drafts.project === 'string' ? drafts.project : '',
      operator: overDefaults({ id: 0, libelle: '' }, drafts.operator),
      cerfa: overDefaults(initial.drafts.cerfa, drafts.cerfa),
      alignment: overDefaults(initial.drafts.alignment, drafts.alignment),
      withAlignment: drafts.withAlignment === true,
      withTrafficOrder: drafts.withTrafficOrder === true,
      trafficOrder: overDefaults(initial.drafts.trafficOrder, drafts.trafficOrder),
      petitioner: overDefaults(initial.drafts.petitioner, drafts.petitioner),
      isbeneficiaire: drafts.isbeneficiaire === true,
      beneficiary: overDefaults(initial.drafts.beneficiary, drafts.beneficiary),
      dates: overDefaults(initial.drafts.dates, drafts.dates),
      attestation: overDefaults(initial.drafts.attestation, drafts.attestation),
    },
  };
  if (!isObject(drafts.operator)) state.drafts.operator = null;
  // A call under way when it was saved is not under way any more.
  if (state.road.status === 'loading') state.road = initial.road;
  const { lon, lat, theGeom } = state.location;
  if (lon !== null && lat !== null) state.mapFocus = { lonLat: [lon, lat] };
  if (theGeom && state.road.status !== 'done')
    return wizardReducer(state, { type: 'shapesChanged', shapes: theGeom });
  return state;
}
