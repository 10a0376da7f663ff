import { z } from 'zod';
import { RequestKindSchema } from '../kinds.ts';
import { StateIdSchema } from '../states.ts';
import { AddressFieldsSchema, SecondaryAddressSchema } from './address.ts';
import { IndividualAlignmentRequestSchema } from './alignment.ts';
import { Cerfa14023Schema } from './cerfa-14023.ts';
import { bool, num, text } from './common.ts';
import { DocumentSchema } from './document.ts';
import { GeometryCollectionSchema, PointSchema } from './geometry.ts';
import { PartySchema } from './party.ts';
import { StateSchema } from './state.ts';

/** An order recipient of the decision (`mailArreteSignes`). */
export const OrderRecipientSchema = z.object({ mail: z.string(), name: text });
export type OrderRecipient = z.infer<typeof OrderRecipientSchema>;

/**
 * A request (dossier) as the API returns it (docs/data-model.md "Entities"). Dates are ISO strings:
 * 'YYYY-MM-DD' for calendar dates, ISO 8601 date-times for depositDate.
 */
export const RequestSchema = AddressFieldsSchema.extend({
  id: z.number().int(),
  /** The opaque id of web routes (/dossiers/{publicId}); authorization never relies on it. */
  publicId: z.string().nullish(),
  type: RequestKindSchema,
  stateId: StateIdSchema,
  state: StateSchema.nullish(),
  /** The account that filed the request (ownership). */
  stdUserId: z.number().int().nullish(),
  petitionerId: z.number().int().nullish(),
  beneficiaryId: z.number().int().nullish(),
  isbeneficiaire: bool,
  cerfa1402301Id: z.number().int().nullish(),
  alignementId: z.number().int().nullish(),
  cerfa1402301: Cerfa14023Schema.nullish(),
  individualAlignmentRequest: IndividualAlignmentRequestSchema.nullish(),
  petitioner: PartySchema.nullish(),
  beneficiary: PartySchema.nullish(),
  lon: num,
  lat: num,
  point: PointSchema.nullish(),
  /** The drawn shapes. */
  theGeom: GeometryCollectionSchema.nullish(),
  /** Map features of the request (GeoJSON), as the detail call returns them. */
  features: z.array(z.unknown()).nullish(),
  /** Comma-joined parcel numbers and sections (from `POST plots`, editable). */
  plotNumbers: text,
  sections: text,
  /** The road segment's typevoie at filing, or a CERFA way type set by the instructor. */
  wayType: text,
  wayNum: text,
  inUrban: bool,
  extraUrban: bool,
  intraUrban: bool,
  urbanDocument: text,
  operationCode: text,
  operator: z.object({ id: z.number().int(), libelle: z.string() }).nullish(),
  operatorPerimeterId: z.number().int().nullish(),
  adresses: z.array(SecondaryAddressSchema).nullish(),
  project: text,
  numaffaire: text,
  reference: text,
  dateStart: text,
  dateEnd: text,
  numberDays: num,
  completenessDate: text,
  accuracyInformation: bool,
  madeIn: text,
  madeDate: text,
  madeLastName: text,
  madeFirstName: text,
  madeFonction: text,
  milestoneStart1: text,
  milestoneStart2: text,
  milestoneEnd1: text,
  milestoneEnd2: text,
  isAccessDevelopment: bool,
  sendToSign: z.boolean(),
  noMail: bool,
  doAnnexe: bool,
  comment: text,
  commentDecision: text,
  reorientationMail: text,
  instructeurId: z.number().int().nullish(),
  instructeurFirstName: text,
  instructeurLastName: text,
  depositDate: text,
  demandeurPrenom: text,
  demandeurNom: text,
  demandeurCorporation: text,
  demandeurCorporationAgent: text,
  /** On an extension request: the original request it extends. */
  extensionid: z.number().int().nullish(),
  /** On an extended request (state 10): the extension created from it. */
  extensionRequest: z.object({ id: z.number().int(), stateId: StateIdSchema.nullish() }).nullish(),
  /** Document type ids the applicant must provide (completeness). */
  missingDocuments: z.array(z.number().int()).nullish(),
  documents: z.array(DocumentSchema).nullish(),
  mailArreteSignes: z.array(OrderRecipientSchema).nullish(),
  /** The detail only: the workflow actions the viewer may perform now (the page shows exactly these). */
  actions: z.array(z.string()).nullish(),
});
export type Request = z.infer<typeof RequestSchema>;

/** A row of the request list (`GET request`, docs/screens.md "Request list"). */
export const RequestListItemSchema = RequestSchema.pick({
  id: true,
  type: true,
  stateId: true,
  state: true,
  sendToSign: true,
  instructeurId: true,
  instructeurFirstName: true,
  instructeurLastName: true,
  addressNum: true,
  addressExt: true,
  addressType: true,
  addressName: true,
  addressCity: true,
  demandeurPrenom: true,
  demandeurNom: true,
  demandeurCorporation: true,
  demandeurCorporationAgent: true,
  numaffaire: true,
  depositDate: true,
  dateStart: true,
  dateEnd: true,
  lon: true,
  lat: true,
  extensionid: true,
});
export type RequestListItem = z.infer<typeof RequestListItemSchema>;

/**
 * The requester shown in the list: first and last name, or company and agent (docs/screens.md
 * "Request list").
 */
export function requesterDisplayName(row: {
  demandeurPrenom?: string | null;
  demandeurNom?: string | null;
  demandeurCorporation?: string | null;
  demandeurCorporationAgent?: string | null;
}): string {
  const person = [row.demandeurPrenom, row.demandeurNom].filter(Boolean).join(' ');
  if (person) return person;
  return [row.demandeurCorporation, row.demandeurCorporationAgent].filter(Boolean).join(' - ');
}

/**
 * Instructor initials for the list column; 'Inconnu' when there is no instructor (docs/screens.md
 * "Request list").
 */
export function instructorInitials(row: {
  instructeurFirstName?: string | null;
  instructeurLastName?: string | null;
}): string {
  const initials = `${row.instructeurFirstName?.trim()[0] ?? ''}${row.instructeurLastName?.trim()[0] ?? ''}`;
  return initials ? initials.toUpperCase() : 'Inconnu';
}

/** The list's location text: number, extension, type and street name. */
export function locationDisplay(row: {
  addressNum?: string | null;
  addressExt?: string | null;
  addressType?: string | null;
  addressName?: string | null;
}): string {
  return [row.addressNum, row.addressExt, row.addressType, row.addressName]
    .filter((part) => !!part && part.trim())
    .join(' ');
}
