import type { ConnectedUser } from '@voirie/domain';
import { applicantFromUser, partyWithNature } from './applicant-from-user';
import {
  EMPTY_PARTY,
  EMPTY_SECONDARY_ADDRESS,
  type AlignmentDraft,
  type AttestationDraft,
  type CerfaDraft,
  type DatesDraft,
  type PartyDraft,
  type SecondaryAddressDraft,
  type StepDrafts,
  type TrafficOrderDraft,
} from './step-drafts';
import { fillEmptyTrafficOrder, followRequest, prefilledDraft } from './traffic-order-draft';
import type { WizardState } from './wizard-state';

/** The sections of the drafts whose fields are edited one by one. */
export interface DraftSections {
  cerfa: CerfaDraft;
  alignment: AlignmentDraft;
  trafficOrder: TrafficOrderDraft;
  petitioner: PartyDraft;
  beneficiary: PartyDraft;
  dates: DatesDraft;
  attestation: AttestationDraft;
}
export type DraftSection = keyof DraftSections;

/** A field change of any section, typed by its section. */
export type DraftChange = {
  [S in DraftSection]: {
    [F in keyof DraftSections[S]]: { section: S; field: F; value: DraftSections[S][F] };
  }[keyof DraftSections[S]];
}[DraftSection];

export type DraftAction =
  | ({ type: 'draftChanged' } & DraftChange)
  | { type: 'beneficiaryToggled'; value: boolean }
  /** 'Demander aussi l'alignement' (step 2 of a permission). */
  | { type: 'alignmentToggled'; value: boolean }
  /** 'Demander l'arrêté de police de la circulation (cerfa 14024)' (step 4 of a permission). */
  | { type: 'trafficOrderToggled'; value: boolean }
  | { type: 'applicantFromUser'; user: ConnectedUser }
  | { type: 'fileChosen'; typeId: number; file: File }
  | { type: 'fileRemoved'; typeId: number }
  | { type: 'addressAdded' }
  | { type: 'addressRemoved'; index: number }
  | { type: 'secondaryAddressChanged'; index: number; field: keyof SecondaryAddressDraft; value: string }
  | { type: 'projectChanged'; value: string }
  | { type: 'operatorChosen'; operator: { id: number; libelle: string } | null };

const DRAFT_ACTIONS: ReadonlySet<string> = new Set([
  'draftChanged',
  'beneficiaryToggled',
  'alignmentToggled',
  'trafficOrderToggled',
  'applicantFromUser',
  'fileChosen',
  'fileRemoved',
  'addressAdded',
  'addressRemoved',
  'secondaryAddressChanged',
  'projectChanged',
  'operatorChosen',
]);

export function isDraftAction(action: { type: string }): action is DraftAction {
  return DRAFT_ACTIONS.has(action.type);
}

/** Drops the errors whose path is one of these or starts with one of them followed by '.'. */
function withoutErrors(state: WizardState, prefixes: readonly string[]): WizardState {
  const kept = Object.entries(state.errors).filter(
    ([path]) => !prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
  );
  if (kept.length === Object.keys(state.errors).length) return state;
  return { ...state, errors: Object.fromEntries(kept) };
}

function withDrafts(state: WizardState, drafts: Partial<StepDrafts>, clear: readonly string[]): WizardState {
  return withoutErrors({ ...state, drafts: { ...state.drafts, ...drafts } }, clear);
}

/**
 * Steps 2 to 6 and step 1's addresses, project and operator: plain edits of the drafts. While
 * the traffic-police order is asked, the fields it took from the request follow the request.
 */
export function draftReducer(state: WizardState, action: DraftAction): WizardState {
  const next = editDrafts(state, action);
  if (next === state || !next.drafts.withTrafficOrder || action.type === 'trafficOrderToggled') return next;
  const trafficOrder = followRequest(
    next.drafts.trafficOrder,
    prefilledDraft(state.kind, state.drafts),
    prefilledDraft(next.kind, next.drafts),
  );
  return trafficOrder === next.drafts.trafficOrder
    ? next
    : { ...next, drafts: { ...next.drafts, trafficOrder } };
}

function editDrafts(state: WizardState, action: DraftAction): WizardState {
  const { drafts } = state;
  switch (action.type) {
    case 'draftChanged': {
      const section =
        (action.section === 'petitioner' || action.section === 'beneficiary') && action.field === 'nature'
          ? partyWithNature(drafts[action.section], action.value)
          : { ...drafts[action.section], [action.field]: action.value };
      return withDrafts(state, { [action.section]: section }, [`${action.section}.${String(action.field)}`]);
    }
    case 'beneficiaryToggled':
      // The checkbox cannot change on update (docs/screens.md "Filing wizard", docs/api-filing.md).
      if (state.mode === 'update') return state;
      return withDrafts(
        state,
        { isbeneficiaire: action.value, beneficiary: action.value ? drafts.beneficiary : EMPTY_PARTY },
        ['beneficiary'],
      );
    case 'alignmentToggled':
      // The alignment asked with a permission stays as filed on update (docs/api-filing.md).
      if (state.mode === 'update') return state;
      return withDrafts(state, { withAlignment: action.value }, ['alignment']);
    case 'trafficOrderToggled':
      // Asked: the empty fields filled from the request (what was typed before stays).
      return withDrafts(
        state,
        {
          withTrafficOrder: action.value,
          trafficOrder: action.value
            ? fillEmptyTrafficOrder(drafts.trafficOrder, prefilledDraft(state.kind, drafts))
            : drafts.trafficOrder,
        },
        ['trafficOrder'],
      );
    case 'applicantFromUser':
      return withDrafts(
        state,
        { petitioner: applicantFromUser(drafts.petitioner, action.user, state.kind) },
        ['petitioner'],
      );
    case 'fileChosen':
      return withDrafts(state, { files: { ...drafts.files, [action.typeId]: action.file } }, [
        `documents.${action.typeId}`,
      ]);
    case 'fileRemoved': {
      const files = { ...drafts.files };
      delete files[action.typeId];
      return withDrafts(state, { files }, []);
    }
    case 'addressAdded':
      return withDrafts(state, { adresses: [...drafts.adresses, EMPTY_SECONDARY_ADDRESS] }, []);
    case 'addressRemoved':
      // The following addresses move up: their errors no longer match their index.
      return withDrafts(state, { adresses: drafts.adresses.filter((_, index) => index !== action.index) }, [
        'adresses',
      ]);
    case 'secondaryAddressChanged': {
      const adresses = drafts.adresses.map((address, index) =>
        index === action.index ? { ...address, [action.field]: action.value } : address,
      );
      return withDrafts(state, { adresses }, [`adresses.${action.index}.${action.field}`]);
    }
    case 'projectChanged':
      return withDrafts(state, { project: action.value }, ['project']);
    case 'operatorChosen':
      return withDrafts(state, { operator: action.operator }, ['operatorPerimeterId']);
  }
}

/** The action of one field's change, typed by its section. */
export function changeDraft<S extends DraftSection, F extends keyof DraftSections[S]>(
  section: S,
  field: F,
  value: DraftSections[S][F],
): DraftAction {
  return { type: 'draftChanged', section, field, value } as DraftAction;
}
