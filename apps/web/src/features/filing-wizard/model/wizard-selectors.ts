import {
  checkRoadSegment,
  FORM_ERRORS_MESSAGE,
  isMemberTown,
  locationStepSchema,
  notMemberTownMessage,
  previousWizardStep,
  type DocumentType,
} from '@voirie/domain';
import type { StepCheckInput } from './step-validation';
import type { LocationDraft, LocationErrors, WizardState } from './wizard-state';

/** The verdict on the road segment under the footprint, once POST troncon has answered. */
export function selectRoadVerdict(state: WizardState) {
  return state.road.status === 'done' ? checkRoadSegment(state.road.typevoie) : null;
}

/** True while a spatial service runs for the latest drawing. */
export function selectIsLookingUp(state: WizardState): boolean {
  return state.road.status === 'loading' || state.plots === 'loading';
}

/**
 * Suivant (docs/validation.md "Step 1"): enabled only once the road segment under the drawn shape is of
 * a type the community manages; on update, the stored way type holds until the user draws
 * again. The later steps check their fields when Suivant is pressed.
 */
export function selectCanGoNext(state: WizardState): boolean {
  if (state.step !== 1) return true;
  if (selectIsLookingUp(state)) return false;
  if (state.road.status === 'idle' && state.mode === 'update') {
    return checkRoadSegment(state.location.wayType).ok;
  }
  return selectRoadVerdict(state)?.ok === true;
}

/** What the step checks read from the state. */
export function stepCheckInput(state: WizardState, documentTypes?: readonly DocumentType[]): StepCheckInput {
  return {
    kind: state.kind,
    location: state.location,
    drafts: state.drafts,
    requireGeometry: state.mode === 'create',
    documentTypes,
    missingDocuments: state.missingDocuments,
  };
}

/** Précédent is offered from step 2 on (docs/screens.md "Filing wizard"). */
export function selectHasPrevious(state: WizardState): boolean {
  return previousWizardStep(state.kind, state.step) !== null;
}

/** The exact refusal of the road segment (refused type, or none found), else null. */
export function selectRoadRefusal(state: WizardState): string | null {
  const verdict = selectRoadVerdict(state);
  return verdict && !verdict.ok ? verdict.message : null;
}

/** The error shown under a field: the live town check ('{city} ne fait pas partie de la communauté.'), or the last Suivant's. */
export function selectFieldError(state: WizardState, field: string): string | undefined {
  if (field === 'addressCity') {
    const city = state.location.addressCity.trim();
    if (city && !isMemberTown(city)) return notMemberTownMessage(city);
  }
  return state.errors[field];
}

/** The footprint notice when Suivant found nothing drawn. */
export function selectGeometryError(state: WizardState): string | undefined {
  return state.errors.theGeom;
}

/** True when the last Suivant found errors (the stepper turns to its error style). */
export function selectHasErrors(state: WizardState): boolean {
  return Object.keys(state.errors).length > 0;
}

/**
 * The errors of step 1 by field, from the domain's schema (required fields, member town,
 * managed way type, drawn footprint); empty when the step is complete.
 */
export function validateLocation(location: LocationDraft): LocationErrors {
  const result = locationStepSchema({ requireGeometry: true }).safeParse({ ...location, adresses: [] });
  if (result.success) return {};
  const errors: LocationErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The toast of a refused Suivant: the footprint message first, else the generic one. */
export function errorsMessage(errors: LocationErrors): string | null {
  if (Object.keys(errors).length === 0) return null;
  return errors.theGeom ?? FORM_ERRORS_MESSAGE;
}
