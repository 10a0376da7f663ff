import {
  isAlignmentKind,
  REQUEST_KIND,
  kindOfCerfa14023,
  toIsoDate,
  type Cerfa14024,
  type Party,
  type Request,
  type RequestDetail,
  type RequestKind,
} from '@voirie/domain';
import { EMPTY_ADDRESS, type AddressDraft } from './address-fields';
import {
  CERFA_BOOLEAN_FIELDS,
  CERFA_NUMBER_FIELDS,
  CERFA_TEXT_FIELDS,
  EMPTY_ALIGNMENT,
  EMPTY_ATTESTATION,
  EMPTY_CERFA,
  EMPTY_DRAFTS,
  EMPTY_PARTY,
  EMPTY_TRAFFIC_ORDER,
  TRAFFIC_ORDER_BOOLEAN_FIELDS,
  TRAFFIC_ORDER_NUMBER_FIELDS,
  TRAFFIC_ORDER_TEXT_FIELDS,
  type TrafficOrderDraft,
  type AlignmentDraft,
  type CerfaDraft,
  PARTY_IDENTITY_FIELDS,
  type PartyDraft,
} from './step-drafts';
import { initialWizardState, type WizardState } from './wizard-state';

// The update route (docs/api-filing.md "PUT /api/request/{id}"): a request in state 8 loaded into
// the wizard, every step filled.

const text = (value: string | null | undefined) => value ?? '';

function addressOf(source: Partial<Record<keyof AddressDraft, string | null | undefined>>): AddressDraft {
  const address = { ...EMPTY_ADDRESS };
  for (const field of Object.keys(EMPTY_ADDRESS) as (keyof AddressDraft)[])
    address[field] = text(source[field]);
  return address;
}

/** The kind of a stored request: its CERFA tells networks (1) from access (3). */
export function kindOfRequest(request: Pick<Request, 'type' | 'cerfa1402301'>): RequestKind {
  if (isAlignmentKind(request.type)) return REQUEST_KIND.ALIGNMENT;
  return request.cerfa1402301 ? kindOfCerfa14023(request.cerfa1402301.isAccessDevelopment) : request.type;
}

function partyDraft(party: Party | null | undefined): PartyDraft {
  if (!party) return EMPTY_PARTY;
  const draft: PartyDraft = { ...EMPTY_PARTY, ...addressOf(party), id: party.id };
  for (const field of PARTY_IDENTITY_FIELDS) {
    draft[field] = text(party[field]);
  }
  return draft;
}

function cerfaDraft(cerfa: Request['cerfa1402301']): CerfaDraft {
  if (!cerfa) return EMPTY_CERFA;
  const draft: CerfaDraft = { ...EMPTY_CERFA, id: cerfa.id };
  for (const field of CERFA_NUMBER_FIELDS) {
    const value = cerfa[field];
    draft[field] = value === null || value === undefined ? '' : String(value);
  }
  for (const field of CERFA_TEXT_FIELDS) draft[field] = text(cerfa[field]);
  for (const field of CERFA_BOOLEAN_FIELDS) draft[field] = cerfa[field] ?? null;
  return draft;
}

function alignmentDraft(alignment: Request['individualAlignmentRequest']): AlignmentDraft {
  if (!alignment) return EMPTY_ALIGNMENT;
  return {
    id: alignment.id,
    reasonRequest: text(alignment.reasonRequest),
    reasonRequestOther: text(alignment.reasonRequestOther),
    autorisationUrba: text(alignment.autorisationUrba),
    typeDossier: text(alignment.typeDossier),
    dosAutorisationUrba: text(alignment.dosAutorisationUrba),
    groundAlreadyRequested: text(alignment.groundAlreadyRequested),
    // Dates may come as day/month/year (docs/api-filing.md "PUT /api/request/{id}").
    dateRequest: toIsoDate(alignment.dateRequest) ?? '',
    alignmentOrderNumber: text(alignment.alignmentOrderNumber),
  };
}

/** The stored 14024 as the wizard's draft (only the fields the wizard asks). */
function trafficOrderDraft(order: Partial<Cerfa14024> | null | undefined): TrafficOrderDraft {
  if (!order) return EMPTY_TRAFFIC_ORDER;
  const draft: TrafficOrderDraft = { ...EMPTY_TRAFFIC_ORDER };
  for (const field of [...TRAFFIC_ORDER_NUMBER_FIELDS, ...TRAFFIC_ORDER_TEXT_FIELDS]) {
    const value = order[field];
    draft[field] = value === null || value === undefined ? '' : String(value);
  }
  for (const field of TRAFFIC_ORDER_BOOLEAN_FIELDS) draft[field] = order[field] ?? null;
  draft.dateRegulation = toIsoDate(order.dateRegulation) ?? '';
  return draft;
}

/** The wizard on step 1 with every step filled from the request. */
export function wizardStateFromRequest(
  request: Request & Pick<Partial<RequestDetail>, 'cerfa14024'>,
): WizardState {
  const kind = kindOfRequest(request);
  const initial = initialWizardState(kind);
  return {
    ...initial,
    mode: 'update',
    requestId: request.id,
    missingDocuments: request.missingDocuments ?? [],
    location: {
      ...initial.location,
      ...addressOf(request),
      theGeom: request.theGeom ?? null,
      lon: request.lon ?? null,
      lat: request.lat ?? null,
      plotNumbers: text(request.plotNumbers),
      sections: text(request.sections),
      wayType: request.wayType ?? null,
      inUrban: request.inUrban ?? null,
      operationCode: request.operationCode ?? null,
    },
    pointSource: request.lon !== null && request.lon !== undefined ? 'address' : null,
    mapFocus:
      request.lon !== null && request.lon !== undefined && request.lat !== null && request.lat !== undefined
        ? { lonLat: [request.lon, request.lat] }
        : null,
    drafts: {
      ...EMPTY_DRAFTS,
      adresses: (request.adresses ?? []).map((address) => ({
        ...addressOf(address),
        id: address.id ?? null,
        prescription: text(address.prescription),
      })),
      project: text(request.project),
      operator: request.operator ?? null,
      cerfa: cerfaDraft(request.cerfa1402301),
      alignment: alignmentDraft(request.individualAlignmentRequest),
      // A permission filed with its alignment and its 14024.
      withAlignment: !isAlignmentKind(kind) && Boolean(request.individualAlignmentRequest),
      withTrafficOrder: !isAlignmentKind(kind) && Boolean(request.cerfa14024),
      trafficOrder: trafficOrderDraft(request.cerfa14024),
      petitioner: partyDraft(request.petitioner),
      isbeneficiaire: request.isbeneficiaire === true || Boolean(request.beneficiary),
      beneficiary: partyDraft(request.beneficiary),
      dates: { dateStart: toIsoDate(request.dateStart), dateEnd: toIsoDate(request.dateEnd) },
      attestation: {
        ...EMPTY_ATTESTATION,
        madeIn: text(request.madeIn),
        madeLastName: text(request.madeLastName),
        madeFirstName: text(request.madeFirstName),
        madeFonction: text(request.madeFonction),
      },
    },
  };
}
