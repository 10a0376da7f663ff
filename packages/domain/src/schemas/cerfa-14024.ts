import { z } from 'zod';
import { LIMITS } from '../accounts.ts';
import { DIRECTION_TRAFFIC_OPTIONS, SIGNAGE_BY_OPTIONS } from '../decision-lists.ts';
import { optionValues } from '../lists.ts';
import {
  NUMERIC_BOUNDS,
  isoDate,
  optionalAddressNum,
  optionalEmail,
  optionalNumber,
  optionalPhone,
  optionalPostalCode,
  optionalSiret,
  optionalText,
} from './common.ts';

// CERFA 14024*01 « Demande d'arrêté de police de la circulation » (spec 2 §3, field list in
// shared/data/cerfa-14024.json). The applicant, beneficiary, location, dates and signature
// blocks of the printed form are the request's own fields (petitioner, beneficiary, address,
// wayType/wayNum, milestones, dateStart/numberDays, made*); this schema holds the rest:
// works, regulation, signage and attachments. Names not given by the spec are ours
// (restrictionCurrentSection, wayRemoval, signageBy, gestSignage*, attached*).

const optionalBool = z.boolean().nullish();

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
});
export type Cerfa14024 = z.infer<typeof Cerfa14024Schema>;
