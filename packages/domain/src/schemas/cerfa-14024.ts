import { z } from 'zod';
import { LIMITS } from '../accounts.ts';
import { numberOfDays } from '../dates.ts';
import { DIRECTION_TRAFFIC_OPTIONS, SIGNAGE_BY_OPTIONS } from '../decision-lists.ts';
import { optionValues } from '../lists.ts';
import { isWorkOnCarriageway, TRAFFIC_ORDER_NOT_OFFERED } from '../traffic-order.ts';
import type { Cerfa14023 } from './cerfa-14023.ts';
import {
  NUMERIC_BOUNDS,
  VALIDATION_MESSAGES,
  isoDate,
  optionalAddressNum,
  optionalEmail,
  optionalNumber,
  optionalPhone,
  optionalPostalCode,
  optionalSiret,
  optionalText,
} from './common.ts';

// CERFA 14024*01 « Demande d'arrêté de police de la circulation » (docs/data-model.md "Entities",
// field list in shared/data/cerfa-14024.json). The applicant, beneficiary, location, dates and signature
// blocks of the printed form are the request's own fields (petitioner, beneficiary, address,
// wayType/wayNum, milestones, dateStart/numberDays, made*); this schema holds the rest:
// works, regulation, signage and attachments. Names not given by the spec are ours
// (restrictionCurrentSection, wayRemoval, signageBy, gestSignage*, attached*).

const optionalBool = z.boolean().nullish();

/**
 * The instructor's wording of the traffic order's free texts, as the published act prints them
 * (ADR 0010): the applicant's detour route and other prescriptions are never printed
 * in a published act — they may name people, a house, a phone. Not the applicant's to file.
 */
const PUBLISHED_TEXTS = {
  publishedDetourRoute: optionalText(4000),
  publishedOtherPrescriptions: optionalText(4000),
};

/** signageBy when a specialised company places the signage (its name is then required). */
export const SIGNAGE_BY_COMPANY = 'entreprise' satisfies (typeof SIGNAGE_BY_OPTIONS)[number]['value'];

/** The traffic-order form, as stored, returned and sent (all fields optional). */
export const Cerfa14024Schema = z.object({
  id: z.number().int().nullish(),
  requestId: z.number().int().nullish(),
  // Nature et date des travaux
  previousPermission: optionalBool,
  previousPermissionReference: optionalText(LIMITS.nameMax),
  workDescription: optionalText(4000),
  // Réglementation souhaitée
  durationRegulation: optionalNumber(NUMERIC_BOUNDS.days),
  dateRegulation: isoDate.nullish(),
  restrictionCurrentSection: optionalBool,
  restrictionSuspenders: optionalBool,
  directionTraffic: z.enum(DIRECTION_TRAFFIC_OPTIONS).nullish(),
  /** null: no alternating traffic; false: by traffic lights; true: manually. */
  alternatingCirculationManual: optionalBool,
  emergencyRestriction: optionalBool,
  encroachmentRoadway: optionalBool,
  trackWidthMaintained: optionalNumber(NUMERIC_BOUNDS.width),
  wayRemoval: optionalBool,
  numberWayRemoved: optionalNumber(NUMERIC_BOUNDS.count),
  moveCar: optionalBool,
  moveTruck: optionalBool,
  parkCar: optionalBool,
  parkTruck: optionalBool,
  overtakeCar: optionalBool,
  overtakeTruck: optionalBool,
  limitedSpeed: optionalNumber(NUMERIC_BOUNDS.speedKmh),
  detourRoute: optionalText(4000),
  otherPrescriptions: optionalText(4000),
  // Signalisation : pose, maintien, retrait effectués par
  signageBy: z.enum(optionValues(SIGNAGE_BY_OPTIONS)).nullish(),
  gestSignageTitle: optionalText(20),
  gestSignageLastName: optionalText(LIMITS.nameMax),
  gestSignageFirstName: optionalText(LIMITS.nameMax),
  gestSignageCorporationName: optionalText(LIMITS.nameMax),
  gestSignageSiret: optionalSiret,
  gestSignageAgent: optionalText(LIMITS.nameMax),
  gestSignageAddressNum: optionalAddressNum,
  gestSignageAddressExt: optionalText(LIMITS.addressExtMax),
  gestSignageAddressName: optionalText(255),
  gestSignageAddressComplement: optionalText(255),
  gestSignageAddressPostalCode: optionalPostalCode,
  gestSignageAddressCity: optionalText(LIMITS.nameMax),
  gestSignageCountry: optionalText(LIMITS.nameMax),
  gestSignagePhone: optionalPhone,
  gestSignageEmail: optionalEmail,
  // Pièces jointes à la demande (checked boxes of the printed form)
  attachedNotice: optionalBool,
  attachedSituationPlan: optionalBool,
  attachedWorksPlan: optionalBool,
  attachedSignageDiagram: optionalBool,
  attachedDetourRoute: optionalBool,
  // Rédaction de l'arrêté publié (the instructor's, PUT request/{id}/cerfa14024)
  ...PUBLISHED_TEXTS,
});
export type Cerfa14024 = z.infer<typeof Cerfa14024Schema>;

/**
 * The 14024 as the applicant files it (wizard step 4, `cerfa14024` of POST / PUT request) and as
 * an instructor edits it: the stored fields without ids, the numbers within the form's sense —
 * a regulation of 1 to 3650 days, a speed limit of 10 to 130 km/h by tens (the signs' values),
 * a kept lane of 0 to 50 m —, a reference when a previous permission is declared, the company's
 * name when a specialised company handles the signage. What needs the rest of the request (works
 * on the carriageway, regulation not before the works) is trafficOrderFilingIssues.
 */
const cerfa14024InputShape = Cerfa14024Schema.omit({
  id: true,
  requestId: true,
  publishedDetourRoute: true,
  publishedOtherPrescriptions: true,
}).extend({
  durationRegulation: optionalNumber(NUMERIC_BOUNDS.regulationDays),
  limitedSpeed: optionalNumber(NUMERIC_BOUNDS.speedLimitKmh),
  trackWidthMaintained: optionalNumber(NUMERIC_BOUNDS.keptWidth),
  directionTraffic: z.enum(DIRECTION_TRAFFIC_OPTIONS, { error: VALIDATION_MESSAGES.choice }).nullish(),
  signageBy: z.enum(optionValues(SIGNAGE_BY_OPTIONS), { error: VALIDATION_MESSAGES.choice }).nullish(),
});

function checkCerfa14024(
  form: Pick<
    Cerfa14024,
    'previousPermission' | 'previousPermissionReference' | 'signageBy' | 'gestSignageCorporationName'
  >,
  ctx: z.RefinementCtx,
): void {
  if (form.previousPermission === true && !form.previousPermissionReference) {
    ctx.addIssue({
      code: 'custom',
      path: ['previousPermissionReference'],
      message: VALIDATION_MESSAGES.otherDetailsRequired,
    });
  }
  if (form.signageBy === SIGNAGE_BY_COMPANY && !form.gestSignageCorporationName) {
    ctx.addIssue({
      code: 'custom',
      path: ['gestSignageCorporationName'],
      message: VALIDATION_MESSAGES.required,
    });
  }
}

export const Cerfa14024InputSchema = cerfa14024InputShape.superRefine(checkCerfa14024);
export type Cerfa14024Input = z.infer<typeof Cerfa14024InputSchema>;

/**
 * The 14024 as the instructor completes it (`PUT request/{id}/cerfa14024`): the
 * applicant's form, plus the wording of the published traffic order's free texts.
 */
export const TrafficOrderCompletionSchema = cerfa14024InputShape
  .extend(PUBLISHED_TEXTS)
  .superRefine(checkCerfa14024);
export type TrafficOrderCompletion = z.infer<typeof TrafficOrderCompletionSchema>;

/** What a filed 14024 is checked against: the works form and the works' start. */
export interface TrafficOrderFilingContext {
  /** Its id (absent from a filing) is not read. */
  cerfa1402301: Omit<Partial<Cerfa14023>, 'id'> | null | undefined;
  dateStart: string | null | undefined;
}

/** A refusal of a filed 14024, its path under the 14024 (empty: the form as a whole). */
export interface TrafficOrderIssue {
  path: string[];
  message: string;
}

/**
 * The refusals of a filed 14024 that need the rest of the request: a 14024 only for works on the
 * carriageway (the domain's isWorkOnCarriageway), its regulation not starting before the works.
 * Shared by the filing schemas and the wizard's step 4.
 */
export function trafficOrderFilingIssues(
  form: Pick<Cerfa14024Input, 'dateRegulation'>,
  context: TrafficOrderFilingContext,
): TrafficOrderIssue[] {
  if (!isWorkOnCarriageway(context.cerfa1402301)) return [{ path: [], message: TRAFFIC_ORDER_NOT_OFFERED }];
  // Null when either date is not a real day: its own field says so.
  const fromWorksStart = numberOfDays(context.dateStart, form.dateRegulation);
  if (fromWorksStart !== null && fromWorksStart < 1)
    return [{ path: ['dateRegulation'], message: VALIDATION_MESSAGES.regulationBeforeWorks }];
  return [];
}
