import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { ActNature, AlignmentPoint, AlignmentStreet, Cerfa14023, Cerfa14024 } from '@voirie/domain';
import type {
  DefaultTimestamp,
  NullableDate,
  NullableGeometry,
  NullableTimestamp,
  Stored,
} from './columns.ts';

// Keys are the columns in camelCase. Where the spec's API name differs (migration 0004 lists
// them): cerfa1402301Id -> cerfa14023Id, alignementId -> alignmentId, isbeneficiaire ->
// isBeneficiaire, extensionid -> extensionOfId, decisionRejetEU -> decisionRejetEu,
// decisionDebitLS -> decisionDebitLs.

/** Address fields shared by the request, its secondary addresses and the parties. */
export interface AddressColumns {
  addressNum: string | null;
  addressExt: string | null;
  addressType: string | null;
  addressName: string | null;
  addressCity: string | null;
  addressPostalCode: string | null;
  /** Lieu-dit or PO box. */
  place: string | null;
}

/** Applicant or beneficiary (docs/data-model.md "Entities"). */
export interface PetitionerTable extends AddressColumns {
  id: Generated<number>;
  nature: string | null;
  title: string | null;
  lastName: string | null;
  firstName: string | null;
  corporationName: string | null;
  corporationSiret: string | null;
  corporationAgent: string | null;
  corporationAgentTitle: string | null;
  country: string | null;
  phone: string | null;
  phoneIndicative: string | null;
  email: string | null;
  /** The account this party is, when it has one. */
  stdUserId: number | null;
  /** Normalized names and e-mail, computed by PostgreSQL (list search). */
  searchText: GeneratedAlways<string>;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** CERFA 14023 (kinds 1 and 3): general fields, then the decision fields. */
export interface Cerfa14023Table {
  id: Generated<number>;
  /** true: access/fencing (kind 3); false: networks (kind 1). */
  isAccessDevelopment: Generated<boolean>;
  /** Comma-joined works themes. */
  themes: string | null;
  natureWork: string | null;
  natureWorkOther: string | null;
  /** false = initial, true = extension. */
  parkingExtension: boolean | null;
  parkingPermit: string | null;
  /** Comma list. */
  parkingNature: string | null;
  parkingNatureOther: string | null;
  trackWidth: number | null;
  protrusionWidth: number | null;
  sidewalkWidth: number | null;
  heightUnderProtrusion: number | null;
  ditchCrossing: boolean | null;
  pipeDiameter: number | null;
  customePipeDiameter: number | null;
  pipeLength: number | null;
  distanceFromRoad: number | null;
  typePipe: string | null;
  layoutWidth: number | null;
  newInstallation: boolean | null;
  /** Comma list. */
  networkConnection: string | null;
  networkConnectionOther: string | null;
  longitudinalTrenchUnderRoad: number | null;
  longitudinalTrenchUnderSidewalks: number | null;
  transverseTrenchUnderRoad: number | null;
  transverseTrenchUnderSidewalks: number | null;
  drivingUnderRoad: number | null;
  drivingUnderSidewalks: number | null;
  /** Comma list. */
  surfacePlanningEquipment: string | null;
  surfacePlanningEquipmentOther: string | null;
  installationConnection: boolean | null;
  installationFencesAlignment: boolean | null;
  installationFencesBackAlignment: number | null;
  installationGateAlignment: boolean | null;
  installationGateBackAlignment: number | null;
  installationPlantationAlignment: boolean | null;
  installationPlantationBackAlignment: number | null;
  workProjectDeclaration: boolean | null;
  teleServiceNumber: string | null;
  digitalPlanningDeclaration: boolean | null;
  ftth: boolean | null;
  pipelineLengthPose: number | null;
  pipelineLengthDeposit: number | null;
  buriedCableLengthPose: number | null;
  buriedCableLengthDeposit: number | null;
  airArteryLengthPose: number | null;
  airArteryLengthDeposit: number | null;
  cupboardNumberPose: number | null;
  cupboardNumberDeposit: number | null;
  cupboardSurfacePose: number | null;
  cupboardSurfaceDeposit: number | null;
  pavilionBollardNumberPose: number | null;
  pavilionBollardNumberDeposit: number | null;
  poleNumberPose: number | null;
  poleNumberDeposit: number | null;
  undergroundChamberNumberPose: number | null;
  undergroundChamberNumberDeposit: number | null;
  undergroundChamberSurfacePose: number | null;
  undergroundChamberSurfaceDeposit: number | null;
  contactLastName: string | null;
  contactFirstName: string | null;
  contactPhone: string | null;
  contactFax: string | null;
  contactFolderNumber: string | null;
  contactEmail: string | null;
  // Decision, common
  isFavorable: boolean | null;
  commentDecision: string | null;
  parapheurDecision: string | null;
  instructeurId: number | null;
  /** The coordination prescription the order prints (migration 0020). */
  prescriptionCoordination: string | null;
  // Decision, access (kind 3)
  decisionAccessEdl: Stored<Cerfa14023['decisionAccessEdl']>;
  decisionAccessPortailOpen: Stored<Cerfa14023['decisionAccessPortailOpen']>;
  decisionAccessRetournement: boolean | null;
  decisionAccessRemiseEtatDp: Stored<Cerfa14023['decisionAccessRemiseEtatDp']>;
  decisionAccessEauxPluviales: string | null;
  decisionAccessFosse: boolean | null;
  decisionAccessFosseDiametre: number | null;
  /** Comma-joined refusal reasons. */
  decisionAccessMotifsRefus: string | null;
  decisionAccessMotifsRefusOther: string | null;
  // Decision, networks (kind 1)
  /** The spec's decisionRejetEU. */
  decisionRejetEu: string | null;
  decisionSurfacem2: number | null;
  /** The spec's decisionDebitLS (l/s). */
  decisionDebitLs: number | null;
  decisionResultCalc: number | null;
  decisionSondage: boolean | null;
  decisionRoadwayTrench: Stored<Cerfa14023['decisionRoadwayTrench']>;
  decisionSidewalkTrench: Stored<Cerfa14023['decisionSidewalkTrench']>;
  decisionShoulderVirginLandTrench: Stored<Cerfa14023['decisionShoulderVirginLandTrench']>;
  decisionRoadwayTrenchRecommended: Stored<Cerfa14023['decisionRoadwayTrenchRecommended']>;
  decisionSidewalkTrenchRecommended: Stored<Cerfa14023['decisionSidewalkTrenchRecommended']>;
  decisionShoulderVirginLandTrenchRecommended: Stored<
    Cerfa14023['decisionShoulderVirginLandTrenchRecommended']
  >;
  decisionHorizontalSignage: boolean | null;
  /** Comma list. */
  decisionFacilitiesInfo: string | null;
  decisionSinking: Stored<Cerfa14023['decisionSinking']>;
  /** Comma list. */
  decisionRefections: string | null;
  decisionTransportNetwork: boolean | null;
  aerien: Stored<Cerfa14023['aerien']>;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** CERFA 14024*01, traffic-police order (the fields the request does not hold). */
export interface Cerfa14024Table {
  id: Generated<number>;
  previousPermission: boolean | null;
  previousPermissionReference: string | null;
  workDescription: string | null;
  durationRegulation: number | null;
  dateRegulation: NullableDate;
  restrictionCurrentSection: boolean | null;
  restrictionSuspenders: boolean | null;
  directionTraffic: Stored<Cerfa14024['directionTraffic']>;
  /** null: no alternating traffic; false: traffic lights; true: manual. */
  alternatingCirculationManual: boolean | null;
  emergencyRestriction: boolean | null;
  encroachmentRoadway: boolean | null;
  trackWidthMaintained: number | null;
  wayRemoval: boolean | null;
  numberWayRemoved: number | null;
  moveCar: boolean | null;
  moveTruck: boolean | null;
  parkCar: boolean | null;
  parkTruck: boolean | null;
  overtakeCar: boolean | null;
  overtakeTruck: boolean | null;
  limitedSpeed: number | null;
  detourRoute: string | null;
  otherPrescriptions: string | null;
  signageBy: Stored<Cerfa14024['signageBy']>;
  gestSignageTitle: string | null;
  gestSignageLastName: string | null;
  gestSignageFirstName: string | null;
  gestSignageCorporationName: string | null;
  gestSignageSiret: string | null;
  gestSignageAgent: string | null;
  gestSignageAddressNum: string | null;
  gestSignageAddressExt: string | null;
  gestSignageAddressName: string | null;
  gestSignageAddressComplement: string | null;
  gestSignageAddressPostalCode: string | null;
  gestSignageAddressCity: string | null;
  gestSignageCountry: string | null;
  gestSignagePhone: string | null;
  gestSignageEmail: string | null;
  attachedNotice: boolean | null;
  attachedSituationPlan: boolean | null;
  attachedWorksPlan: boolean | null;
  attachedSignageDiagram: boolean | null;
  attachedDetourRoute: boolean | null;
  /** The instructor's wording of the published order's detour and prescriptions. */
  publishedDetourRoute: string | null;
  publishedOtherPrescriptions: string | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** Individual alignment request (kind 2) and its decision. */
export interface IndividualAlignmentRequestTable {
  id: Generated<number>;
  reasonRequest: string | null;
  reasonRequestOther: string | null;
  autorisationUrba: 'oui' | 'non' | null;
  typeDossier: string | null;
  dosAutorisationUrba: string | null;
  groundAlreadyRequested: 'oui' | 'non' | null;
  dateRequest: NullableDate;
  alignmentOrderNumber: string | null;
  isFavorable: boolean | null;
  parapheurDecision: string | null;
  commentDecision: string | null;
  decisionHorsCompetence: boolean | null;
  instructeurId: number | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** A street of an alignment decision (`rues`). */
export interface AlignmentStreetTable {
  id: Generated<number>;
  alignmentId: number;
  position: Generated<number>;
  name: string | null;
  competence: Stored<AlignmentStreet['competence']>;
}

/** A point of an alignment street. */
export interface AlignmentPointTable {
  id: Generated<number>;
  streetId: number;
  position: Generated<number>;
  name: string | null;
  type: Stored<AlignmentPoint['type']>;
  /** Metres. */
  distance: number | null;
}

/** The request (dossier), docs/data-model.md "Entities". */
export interface RequestTable extends AddressColumns {
  id: Generated<number>;
  /** Opaque id of the web routes (uuid). */
  publicId: Generated<string>;
  type: number;
  stateId: number;
  exState: number | null;
  petitionerId: number;
  beneficiaryId: number | null;
  /** The spec's isbeneficiaire. */
  isBeneficiaire: Generated<boolean>;
  /** The spec's cerfa1402301Id. */
  cerfa14023Id: number | null;
  cerfa14024Id: number | null;
  /** The spec's alignementId. */
  alignmentId: number | null;
  /** The account that filed the request. */
  ownerUserId: number | null;
  instructeurId: number | null;
  operatorPerimeterId: number | null;
  /** Who signs the order generated for it, chosen at generation (migration 0037). */
  signatoryId: number | null;
  /** On an extension, the request it extends (the spec's extensionid, see migration 0004). */
  extensionOfId: number | null;
  /** GeometryCollection of the drawn shapes. */
  theGeom: NullableGeometry;
  /** The middle of the footprint's box as a Morton code at zoom 31 (migration 0035; PostgreSQL computes it). */
  mapKey: GeneratedAlways<string | null>;
  lon: number | null;
  lat: number | null;
  /** Comma list of parcel ids. */
  plotNumbers: string | null;
  /** Comma list of cadastral sections. */
  sections: string | null;
  wayType: string | null;
  wayNum: string | null;
  inUrban: boolean | null;
  extraUrban: boolean | null;
  intraUrban: boolean | null;
  urbanDocument: string | null;
  operationCode: string | null;
  project: string | null;
  numaffaire: string | null;
  reference: string | null;
  dateStart: NullableDate;
  dateEnd: NullableDate;
  numberDays: number | null;
  milestoneStart1: string | null;
  milestoneStart2: string | null;
  milestoneEnd1: string | null;
  milestoneEnd2: string | null;
  accuracyInformation: Generated<boolean>;
  madeIn: string | null;
  madeDate: NullableDate;
  madeLastName: string | null;
  madeFirstName: string | null;
  madeFonction: string | null;
  sendToSign: Generated<boolean>;
  noMail: Generated<boolean>;
  doAnnexe: Generated<boolean>;
  comment: string | null;
  commentDecision: string | null;
  reorientationMail: string | null;
  completenessDate: NullableDate;
  signatureRefusal: string | null;
  signatureRefusedAt: NullableTimestamp;
  depositDate: DefaultTimestamp;
  /** The legal clock (migration 0019, the domain's LegalClock): its rule id. */
  legalRule: string | null;
  clockStartedOn: NullableDate;
  /** The day its delay runs out; null when the clock does not run. */
  clockDeadlineOn: NullableDate;
  clockSuspendedOn: NullableDate;
  clockStoppedOn: NullableDate;
  implicitDecisionOn: NullableDate;
  /** Normalized case number, reference and address, computed by PostgreSQL (list search). */
  searchText: GeneratedAlways<string>;
  /** The list's sort keys, written by PostgreSQL's triggers (migration 0022): never by the app. */
  sortDemandeur: Generated<string | null>;
  sortInstructeur: Generated<string | null>;
  /** The applicant's and the beneficiary's search texts, a line each (free-text search). */
  searchPeople: Generated<string | null>;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** A secondary address of a request (`adresses`). */
export interface RequestAddressTable extends AddressColumns {
  id: Generated<number>;
  requestId: number;
  position: Generated<number>;
  prescription: string | null;
}

/** A document type asked by a completeness request (`missingDocuments`). */
export interface RequestMissingDocumentTable {
  requestId: number;
  typeDocumentId: number;
}

/** A recipient of the signed order (`mailArreteSignes`). */
export interface MailArreteSigneTable {
  id: Generated<number>;
  requestId: number;
  mail: string;
  name: string | null;
}

/** Signed numbers of requests per state and signature flag, appended by triggers (migration 0033). */
export interface RequestStateCountTable {
  stateId: number;
  sendToSign: boolean;
  total: number | string;
}

/** Numbers whose sum is the requests' revision, appended by triggers (migration 0034). */
export interface RequestRevisionTable {
  n: number | string;
}

/** Each year's last act sequence (migration 0036). */
export interface ActCounterTable {
  year: number;
  lastSequence: number;
}

/** A signed act in the register (migration 0036). */
export interface ActRegisterTable {
  id: Generated<number>;
  year: number;
  sequence: number;
  number: string;
  nature: ActNature;
  subject: string;
  town: string | null;
  requestId: number;
  documentId: number | null;
  recordedBy: number | null;
  signedAt: DefaultTimestamp;
  /** The signatory's name and title at signing time (migration 0037). */
  signatoryName: string | null;
  signatoryTitle: string | null;
}

/** The seal's certificate, one row at most (migration 0037): the secret is encrypted. */
export interface ActSealTable {
  id: Generated<boolean>;
  /** The PKCS#12 and its password, AES-256-GCM, in base64 (requests/acts/seal-key.ts). */
  secret: string;
  holder: string;
  issuer: string;
  notBefore: ColumnType<Date, Date | string, Date | string>;
  notAfter: ColumnType<Date, Date | string, Date | string>;
  updatedBy: number | null;
  updatedAt: DefaultTimestamp;
}

export interface ActTransmissionTable {
  actId: number;
  /** The acknowledgement's day (YYYY-MM-DD). */
  receivedOn: string;
  identifier: string;
  recordedBy: number | null;
  recordedAt: DefaultTimestamp;
}

export interface RequestTables {
  petitioner: PetitionerTable;
  cerfa14023: Cerfa14023Table;
  cerfa14024: Cerfa14024Table;
  individualAlignmentRequest: IndividualAlignmentRequestTable;
  alignmentStreet: AlignmentStreetTable;
  alignmentPoint: AlignmentPointTable;
  request: RequestTable;
  requestAddress: RequestAddressTable;
  requestMissingDocument: RequestMissingDocumentTable;
  mailArreteSigne: MailArreteSigneTable;
  requestStateCount: RequestStateCountTable;
  requestRevision: RequestRevisionTable;
  actCounter: ActCounterTable;
  actRegister: ActRegisterTable;
  actTransmission: ActTransmissionTable;
  actSeal: ActSealTable;
}
