import {
  isAlignmentKind,
  emptyStringsToNull,
  isPermissionKind,
  isWorkOnCarriageway,
  partyForNature,
  type RequestKind,
} from '@voirie/domain';
import {
  CERFA_NUMBER_FIELDS,
  TRAFFIC_ORDER_NUMBER_FIELDS,
  type AlignmentDraft,
  type AttestationDraft,
  type CerfaDraft,
  type PartyDraft,
  type StepDrafts,
  type TrafficOrderDraft,
} from './step-drafts';
import type { LocationDraft } from './wizard-state';

// The drafts as the domain's step inputs (FileRequestInput grouped by step, docs/api-filing.md):
// empty strings become null (docs/validation.md "Common rules"), numbers typed in French ('12,5')
// become numbers. The same objects are validated by the domain's schemas on each Suivant and sent
// on Terminer.

/**
 * A typed number: null when empty, the number when it reads as one (comma or dot), else the
 * text as typed, so that the schema answers 'Veuillez saisir un nombre'.
 */
export function parseDecimal(value: string): number | string | null {
  const text = value.trim().replace(/\s/g, '').replace(',', '.');
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : value;
}

export function locationInput(location: LocationDraft, drafts: StepDrafts, kind: RequestKind) {
  return emptyStringsToNull({
    ...location,
    // Kind 2 has no secondary addresses (docs/screens.md "Filing wizard": 'Ajouter une adresse' hidden).
    adresses: isAlignmentKind(kind) ? [] : drafts.adresses,
    operatorPerimeterId: drafts.operator?.id ?? null,
    project: drafts.project,
  });
}

export function cerfaInput(cerfa: CerfaDraft) {
  const numbers = Object.fromEntries(CERFA_NUMBER_FIELDS.map((field) => [field, parseDecimal(cerfa[field])]));
  return emptyStringsToNull({ ...cerfa, ...numbers });
}

export function alignmentInput(alignment: AlignmentDraft) {
  return emptyStringsToNull({ ...alignment });
}

/** A party as sent: only the identity its nature shows (the hidden fields are not sent). */
export function partyInput(party: PartyDraft) {
  return partyForNature(emptyStringsToNull({ ...party }));
}

export function partiesInput(drafts: StepDrafts) {
  return {
    petitioner: partyInput(drafts.petitioner),
    isbeneficiaire: drafts.isbeneficiaire,
    beneficiary: drafts.isbeneficiaire ? partyInput(drafts.beneficiary) : null,
  };
}

export function attestationInput(attestation: AttestationDraft) {
  return emptyStringsToNull({ ...attestation });
}

// The traffic-police order (cerfa 14024): offered at step 4 when the works form puts
// the works on the carriageway (the domain's rule, as the server checks it), sent only while
// offered and asked.

/** The works form as sent, read by the domain's carriageway rule. */
export function worksFormOf(drafts: StepDrafts): Parameters<typeof isWorkOnCarriageway>[0] {
  return cerfaInput(drafts.cerfa) as Parameters<typeof isWorkOnCarriageway>[0];
}

/** True when step 4 offers the 14024: a permission whose works take part of the carriageway. */
export function offersTrafficOrderIn(kind: RequestKind, drafts: StepDrafts): boolean {
  return isPermissionKind(kind) && isWorkOnCarriageway(worksFormOf(drafts));
}

/** True when the 14024 is sent: offered, and the applicant asked for it. */
export function asksTrafficOrder(kind: RequestKind, drafts: StepDrafts): boolean {
  return drafts.withTrafficOrder && offersTrafficOrderIn(kind, drafts);
}

/** The 14024 as sent: empty fields null, numbers typed in French read as numbers. */
export function trafficOrderInput(draft: TrafficOrderDraft) {
  const numbers = Object.fromEntries(
    TRAFFIC_ORDER_NUMBER_FIELDS.map((field) => [field, parseDecimal(draft[field])]),
  );
  return emptyStringsToNull({ ...draft, ...numbers });
}

/** The `request` part of POST / PUT request: the payload grouped by step. */
export function filingRequestPayload(kind: RequestKind, location: LocationDraft, drafts: StepDrafts) {
  const common = {
    type: kind,
    location: locationInput(location, drafts, kind),
    parties: partiesInput(drafts),
    dates: { dateStart: drafts.dates.dateStart, dateEnd: drafts.dates.dateEnd },
    attestation: attestationInput(drafts.attestation),
  };
  if (isAlignmentKind(kind))
    return { ...common, individualAlignmentRequest: alignmentInput(drafts.alignment) };
  // A permission's alignment and 14024: null when not asked, or no longer offered.
  return {
    ...common,
    cerfa1402301: cerfaInput(drafts.cerfa),
    individualAlignmentRequest: drafts.withAlignment ? alignmentInput(drafts.alignment) : null,
    cerfa14024: asksTrafficOrder(kind, drafts) ? trafficOrderInput(drafts.trafficOrder) : null,
  };
}
export type FilingRequestPayload = ReturnType<typeof filingRequestPayload>;
