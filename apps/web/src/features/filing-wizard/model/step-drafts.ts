import { CERFA_14023_TRENCH_FIELDS, CERFA_14023_WIDTH_FIELDS } from '@voirie/domain';
import { EMPTY_ADDRESS, type AddressDraft } from './address-fields';

// The drafts of steps 2 to 6 as the form holds them: text for what the user types (numbers
// included, so that '12,' or '' stay as typed), booleans for the boxes, null when unanswered.
// They become the domain's payload in filing-payload.ts.

/** A secondary address of step 1 (same required fields as the main one). */
export interface SecondaryAddressDraft extends AddressDraft {
  id: number | null;
  prescription: string;
}

export const EMPTY_SECONDARY_ADDRESS: SecondaryAddressDraft = {
  ...EMPTY_ADDRESS,
  id: null,
  prescription: '',
};

/** Numeric fields of the works form: widths, trenches, pipe diameter. */
export const CERFA_NUMBER_FIELDS = [
  ...CERFA_14023_WIDTH_FIELDS,
  ...CERFA_14023_TRENCH_FIELDS,
  'pipeDiameter',
] as const;
export type CerfaNumberField = (typeof CERFA_NUMBER_FIELDS)[number];

/** Yes/no answers of the works form. */
export const CERFA_BOOLEAN_FIELDS = [
  'parkingExtension',
  'ditchCrossing',
  'newInstallation',
  'installationFencesAlignment',
  'installationGateAlignment',
  'installationPlantationAlignment',
] as const;
export type CerfaBooleanField = (typeof CERFA_BOOLEAN_FIELDS)[number];

/** Text fields of the works form; the lists (themes…) are comma-joined, as stored. */
export const CERFA_TEXT_FIELDS = [
  'themes',
  'parkingPermit',
  'parkingNature',
  'parkingNatureOther',
  'typePipe',
  'networkConnection',
  'networkConnectionOther',
  'surfacePlanningEquipment',
  'surfacePlanningEquipmentOther',
  'natureWork',
  'natureWorkOther',
] as const;
export type CerfaTextField = (typeof CERFA_TEXT_FIELDS)[number];

export type CerfaDraft = { id: number | null } & Record<CerfaNumberField | CerfaTextField, string> &
  Record<CerfaBooleanField, boolean | null>;

const fill = <K extends string, V>(keys: readonly K[], value: V) =>
  Object.fromEntries(keys.map((key) => [key, value])) as Record<K, V>;

export const EMPTY_CERFA: CerfaDraft = {
  id: null,
  ...fill(CERFA_NUMBER_FIELDS, ''),
  ...fill(CERFA_TEXT_FIELDS, ''),
  ...fill(CERFA_BOOLEAN_FIELDS, null),
};

/** The alignment reason form (kind 2). */
export interface AlignmentDraft {
  id: number | null;
  reasonRequest: string;
  reasonRequestOther: string;
  autorisationUrba: string;
  typeDossier: string;
  dosAutorisationUrba: string;
  groundAlreadyRequested: string;
  /** 'YYYY-MM-DD' or ''. */
  dateRequest: string;
  alignmentOrderNumber: string;
}

export const EMPTY_ALIGNMENT: AlignmentDraft = {
  id: null,
  reasonRequest: '',
  reasonRequestOther: '',
  autorisationUrba: '',
  typeDossier: '',
  dosAutorisationUrba: '',
  groundAlreadyRequested: '',
  dateRequest: '',
  alignmentOrderNumber: '',
};

/** Numbers of the traffic-police order (cerfa 14024), typed as text. */
export const TRAFFIC_ORDER_NUMBER_FIELDS = [
  'durationRegulation',
  'trackWidthMaintained',
  'limitedSpeed',
] as const;
export type TrafficOrderNumberField = (typeof TRAFFIC_ORDER_NUMBER_FIELDS)[number];

/**
 * Boxes and yes/no answers of the 14024; `alternatingCirculationManual` is null for no
 * alternating traffic, false by traffic lights, true by hand (as stored).
 */
export const TRAFFIC_ORDER_BOOLEAN_FIELDS = [
  'previousPermission',
  'alternatingCirculationManual',
  'encroachmentRoadway',
  'moveCar',
  'moveTruck',
  'parkCar',
  'parkTruck',
  'overtakeCar',
  'overtakeTruck',
] as const;
export type TrafficOrderBooleanField = (typeof TRAFFIC_ORDER_BOOLEAN_FIELDS)[number];

/** Texts and choices of the 14024 the wizard asks (its date 'YYYY-MM-DD' or ''). */
export const TRAFFIC_ORDER_TEXT_FIELDS = [
  'previousPermissionReference',
  'workDescription',
  'dateRegulation',
  'directionTraffic',
  'detourRoute',
  'otherPrescriptions',
  'signageBy',
  'gestSignageCorporationName',
  'gestSignageSiret',
  'gestSignageAgent',
  'gestSignageLastName',
  'gestSignageFirstName',
  'gestSignageAddressNum',
  'gestSignageAddressName',
  'gestSignageAddressPostalCode',
  'gestSignageAddressCity',
  'gestSignagePhone',
  'gestSignageEmail',
] as const;
export type TrafficOrderTextField = (typeof TRAFFIC_ORDER_TEXT_FIELDS)[number];

/** The traffic-police order (cerfa 14024) asked with a permission whose works take the carriageway. */
export type TrafficOrderDraft = Record<TrafficOrderNumberField | TrafficOrderTextField, string> &
  Record<TrafficOrderBooleanField, boolean | null>;

export const EMPTY_TRAFFIC_ORDER: TrafficOrderDraft = {
  ...fill(TRAFFIC_ORDER_NUMBER_FIELDS, ''),
  ...fill(TRAFFIC_ORDER_TEXT_FIELDS, ''),
  ...fill(TRAFFIC_ORDER_BOOLEAN_FIELDS, null),
};

/** The applicant or the beneficiary (step 3). */
export interface PartyDraft extends AddressDraft {
  id: number | null;
  nature: string;
  title: string;
  lastName: string;
  firstName: string;
  corporationName: string;
  corporationSiret: string;
  corporationAgentTitle: string;
  corporationAgent: string;
  phone: string;
  phoneIndicative: string;
  email: string;
}
export type PartyField = Exclude<keyof PartyDraft, 'id'>;

/** The party's own fields besides its address. */
export const PARTY_IDENTITY_FIELDS = [
  'nature',
  'title',
  'lastName',
  'firstName',
  'corporationName',
  'corporationSiret',
  'corporationAgentTitle',
  'corporationAgent',
  'phone',
  'phoneIndicative',
  'email',
] as const satisfies readonly PartyField[];

export const EMPTY_PARTY: PartyDraft = {
  ...EMPTY_ADDRESS,
  id: null,
  nature: '',
  title: '',
  lastName: '',
  firstName: '',
  corporationName: '',
  corporationSiret: '',
  corporationAgentTitle: '',
  corporationAgent: '',
  phone: '',
  phoneIndicative: '',
  email: '',
};

/** Step 4: calendar dates 'YYYY-MM-DD', or null. */
export interface DatesDraft {
  dateStart: string | null;
  dateEnd: string | null;
}

/** Step 6. The made-on date is today's, shown and not editable. */
export interface AttestationDraft {
  accuracyInformation: boolean;
  madeIn: string;
  madeLastName: string;
  madeFirstName: string;
  madeFonction: string;
}
export type AttestationTextField = Exclude<keyof AttestationDraft, 'accuracyInformation'>;

export const EMPTY_ATTESTATION: AttestationDraft = {
  accuracyInformation: false,
  madeIn: '',
  madeLastName: '',
  madeFirstName: '',
  madeFonction: '',
};

/** Everything after step 1's map data. */
export interface StepDrafts {
  /** Secondary addresses of step 1 (none for kind 2). */
  adresses: SecondaryAddressDraft[];
  project: string;
  /** The operator chosen by a non-ordinary user, from GET perimeter. */
  operator: { id: number; libelle: string } | null;
  cerfa: CerfaDraft;
  /** The alignment reason form: kind 2's own, or a permission's 'Demander aussi l'alignement'. */
  alignment: AlignmentDraft;
  /** A permission also asks for the alignment of the place. */
  withAlignment: boolean;
  /** A permission on the carriageway also asks for the traffic-police order. */
  withTrafficOrder: boolean;
  trafficOrder: TrafficOrderDraft;
  petitioner: PartyDraft;
  isbeneficiaire: boolean;
  beneficiary: PartyDraft;
  dates: DatesDraft;
  /** The file chosen per document type id, in the order chosen. */
  files: Partial<Record<number, File>>;
  attestation: AttestationDraft;
}

export const EMPTY_DRAFTS: StepDrafts = {
  adresses: [],
  project: '',
  operator: null,
  cerfa: EMPTY_CERFA,
  alignment: EMPTY_ALIGNMENT,
  withAlignment: false,
  withTrafficOrder: false,
  trafficOrder: EMPTY_TRAFFIC_ORDER,
  petitioner: EMPTY_PARTY,
  isbeneficiaire: false,
  beneficiary: EMPTY_PARTY,
  dates: { dateStart: null, dateEnd: null },
  files: {},
  attestation: EMPTY_ATTESTATION,
};
