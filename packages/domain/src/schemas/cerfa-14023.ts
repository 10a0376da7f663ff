import { z } from 'zod';
import {
  ACCESS_EDL_OPTIONS,
  ACCESS_GATE_OPTIONS,
  ACCESS_RESTORATION_OPTIONS,
  OVERHEAD_OPTIONS,
  ROADWAY_CODES,
  SHOULDER_CODES,
  SIDEWALK_CODES,
  SINKING_OPTIONS,
} from '../decision-lists.ts';
import { joinList, normalizeWorksTheme, splitList, worksThemesFor } from '../lists.ts';
import { LIMITS } from '../accounts.ts';
import {
  NUMERIC_BOUNDS,
  VALIDATION_MESSAGES,
  bool,
  num,
  optionalEmail,
  optionalNumber,
  optionalText,
  text,
} from './common.ts';
import { DatabaseIdSchema } from './ids.ts';

// CERFA 14023 (road permission), docs/data-model.md "Entities". The spec does not give
// the exact names of the declaration, network-item and contact fields: ours follow its words.

/** Widths and lengths in metres (max 1000). */
export const CERFA_14023_WIDTH_FIELDS = [
  'trackWidth',
  'protrusionWidth',
  'sidewalkWidth',
  'heightUnderProtrusion',
  'pipeLength',
  'distanceFromRoad',
  'layoutWidth',
  'installationFencesBackAlignment',
  'installationGateBackAlignment',
  'installationPlantationBackAlignment',
] as const;

/** Trench and driving lengths in metres (max 10000). */
export const CERFA_14023_TRENCH_FIELDS = [
  'longitudinalTrenchUnderRoad',
  'longitudinalTrenchUnderSidewalks',
  'transverseTrenchUnderRoad',
  'transverseTrenchUnderSidewalks',
  'drivingUnderRoad',
  'drivingUnderSidewalks',
] as const;

/** Network items of the declaration block, each with pose and deposit variants. */
export const CERFA_14023_NETWORK_ITEM_FIELDS = [
  'pipelineLengthPose',
  'pipelineLengthDeposit',
  'buriedCableLengthPose',
  'buriedCableLengthDeposit',
  'airArteryLengthPose',
  'airArteryLengthDeposit',
  'cupboardNumberPose',
  'cupboardNumberDeposit',
  'cupboardSurfacePose',
  'cupboardSurfaceDeposit',
  'pavilionBollardNumberPose',
  'pavilionBollardNumberDeposit',
  'poleNumberPose',
  'poleNumberDeposit',
  'undergroundChamberNumberPose',
  'undergroundChamberNumberDeposit',
  'undergroundChamberSurfacePose',
  'undergroundChamberSurfaceDeposit',
] as const;

const numbers = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, num])) as Record<K, typeof num>;

/** General fields of the form, as stored and returned. */
const generalShape = {
  id: z.number().int(),
  /** Comma-joined works themes. */
  themes: text,
  parkingExtension: bool,
  parkingPermit: text,
  /** Comma-joined parking natures. */
  parkingNature: text,
  parkingNatureOther: text,
  ditchCrossing: bool,
  pipeDiameter: num,
  customePipeDiameter: num,
  typePipe: text,
  newInstallation: bool,
  /** Comma-joined networks. */
  networkConnection: text,
  networkConnectionOther: text,
  /** Comma-joined surface equipment. */
  surfacePlanningEquipment: text,
  surfacePlanningEquipmentOther: text,
  natureWork: text,
  natureWorkOther: text,
  isAccessDevelopment: z.boolean(),
  installationConnection: bool,
  installationFencesAlignment: bool,
  installationGateAlignment: bool,
  installationPlantationAlignment: bool,
  workProjectDeclaration: bool,
  teleServiceNumber: text,
  digitalPlanningDeclaration: bool,
  ftth: bool,
  contactLastName: text,
  contactFirstName: text,
  contactPhone: text,
  contactFax: text,
  contactFolderNumber: text,
  contactEmail: text,
  ...numbers(CERFA_14023_WIDTH_FIELDS),
  ...numbers(CERFA_14023_TRENCH_FIELDS),
  ...numbers(CERFA_14023_NETWORK_ITEM_FIELDS),
};

/** Decision fields common to both permission kinds. */
export const DecisionCommonSchema = z.object({
  isFavorable: bool,
  commentDecision: text,
  parapheurDecision: text,
  instructeurId: DatabaseIdSchema.nullish(),
  /** The coordination prescription the order prints. */
  prescriptionCoordination: text,
});

/** Decision fields of an access/fencing permission (kind 3). */
export const AccessDecisionSchema = z.object({
  decisionAccessEdl: z.enum(ACCESS_EDL_OPTIONS).nullish(),
  decisionAccessPortailOpen: z.enum(ACCESS_GATE_OPTIONS).nullish(),
  decisionAccessRetournement: bool,
  decisionAccessRemiseEtatDp: z.enum(ACCESS_RESTORATION_OPTIONS).nullish(),
  decisionAccessEauxPluviales: text,
  decisionAccessFosse: bool,
  decisionAccessFosseDiametre: num,
  /** Comma-joined refusal reasons ('multiplication des accès', 'visibilité'). */
  decisionAccessMotifsRefus: text,
  /** The free comment of a refusal. */
  decisionAccessMotifsRefusOther: text,
});

/** Decision fields of a networks permission (kind 1). */
export const NetworksDecisionSchema = z.object({
  decisionRejetEU: text,
  decisionSurfacem2: num,
  /** Flow rate in l/s; forced to 3 on load (DEFAULT_DECISION_DEBIT_LS). */
  decisionDebitLS: num,
  /** Debit in l/s/ha (debitPerHectare). */
  decisionResultCalc: num,
  decisionSondage: bool,
  decisionRoadwayTrench: z.enum(ROADWAY_CODES).nullish(),
  decisionSidewalkTrench: z.enum(SIDEWALK_CODES).nullish(),
  decisionShoulderVirginLandTrench: z.enum(SHOULDER_CODES).nullish(),
  decisionRoadwayTrenchRecommended: z.enum(ROADWAY_CODES).nullish(),
  decisionSidewalkTrenchRecommended: z.enum(SIDEWALK_CODES).nullish(),
  decisionShoulderVirginLandTrenchRecommended: z.enum(SHOULDER_CODES).nullish(),
  decisionHorizontalSignage: bool,
  /** Comma-joined facilities information. */
  decisionFacilitiesInfo: text,
  decisionSinking: z.enum(SINKING_OPTIONS).nullish(),
  /** Comma-joined restoration options. */
  decisionRefections: text,
  decisionTransportNetwork: bool,
  aerien: z.enum(OVERHEAD_OPTIONS).nullish(),
});

/** The CERFA 14023 form with its decision, as stored and returned. */
export const Cerfa14023Schema = z.object(generalShape).extend({
  ...DecisionCommonSchema.shape,
  ...AccessDecisionSchema.shape,
  ...NetworksDecisionSchema.shape,
});
export type Cerfa14023 = z.infer<typeof Cerfa14023Schema>;

const optionalBool = z.boolean().nullish();

/**
 * The applicant's part of the form (docs/validation.md "Step 2") for a
 * permission kind: at least one theme of that kind; widths and lengths 0–1000 step 0.01, trenches
 * 0–10000; pipe diameter required when the ditch is crossed — in mm, whole number, for kind 3.
 */
export function cerfa14023InputSchema(kind: 1 | 3) {
  const widths = Object.fromEntries(
    CERFA_14023_WIDTH_FIELDS.map((key) => [key, optionalNumber(NUMERIC_BOUNDS.width)]),
  ) as Record<(typeof CERFA_14023_WIDTH_FIELDS)[number], ReturnType<typeof optionalNumber>>;
  const trenches = Object.fromEntries(
    CERFA_14023_TRENCH_FIELDS.map((key) => [key, optionalNumber(NUMERIC_BOUNDS.trenchLength)]),
  ) as Record<(typeof CERFA_14023_TRENCH_FIELDS)[number], ReturnType<typeof optionalNumber>>;
  const items = Object.fromEntries(
    CERFA_14023_NETWORK_ITEM_FIELDS.map((key) => [
      key,
      optionalNumber(key.includes('Number') ? NUMERIC_BOUNDS.count : NUMERIC_BOUNDS.trenchLength),
    ]),
  ) as Record<(typeof CERFA_14023_NETWORK_ITEM_FIELDS)[number], ReturnType<typeof optionalNumber>>;
  const allowedThemes: readonly string[] = worksThemesFor(kind);
  return z
    .object(
      {
        id: z.number().int().nullish(),
        themes: z
          .string({ error: VALIDATION_MESSAGES.themesRequired })
          .refine((value) => splitList(value).length > 0, VALIDATION_MESSAGES.themesRequired)
          .refine(
            (value) => splitList(value).every((theme) => allowedThemes.includes(normalizeWorksTheme(theme))),
            VALIDATION_MESSAGES.choice,
          ),
        parkingExtension: optionalBool,
        parkingPermit: optionalText(LIMITS.nameMax),
        parkingNature: optionalText(1000),
        parkingNatureOther: optionalText(255),
        ditchCrossing: optionalBool,
        pipeDiameter: optionalNumber(kind === 3 ? NUMERIC_BOUNDS.pipeDiameterMm : NUMERIC_BOUNDS.width),
        customePipeDiameter: optionalNumber(
          kind === 3 ? NUMERIC_BOUNDS.pipeDiameterMm : NUMERIC_BOUNDS.width,
        ),
        typePipe: optionalText(LIMITS.nameMax),
        newInstallation: optionalBool,
        networkConnection: optionalText(1000),
        networkConnectionOther: optionalText(255),
        surfacePlanningEquipment: optionalText(1000),
        surfacePlanningEquipmentOther: optionalText(255),
        natureWork: optionalText(LIMITS.nameMax),
        natureWorkOther: optionalText(255),
        installationConnection: optionalBool,
        installationFencesAlignment: optionalBool,
        installationGateAlignment: optionalBool,
        installationPlantationAlignment: optionalBool,
        workProjectDeclaration: optionalBool,
        teleServiceNumber: optionalText(LIMITS.nameMax),
        digitalPlanningDeclaration: optionalBool,
        ftth: optionalBool,
        contactLastName: optionalText(LIMITS.nameMax),
        contactFirstName: optionalText(LIMITS.nameMax),
        contactPhone: optionalText(20),
        contactFax: optionalText(20),
        contactFolderNumber: optionalText(LIMITS.nameMax),
        contactEmail: optionalEmail,
        ...widths,
        ...trenches,
        ...items,
      },
      { error: VALIDATION_MESSAGES.required },
    )
    .superRefine((form, ctx) => {
      if (form.ditchCrossing === true && (form.pipeDiameter === null || form.pipeDiameter === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['pipeDiameter'],
          message: VALIDATION_MESSAGES.pipeDiameterRequired,
        });
      }
    })
    .transform((form) => ({
      ...form,
      themes: joinList(splitList(form.themes).map(normalizeWorksTheme)) ?? '',
      isAccessDevelopment: kind === 3,
    }));
}
export type Cerfa14023Input = z.infer<ReturnType<typeof cerfa14023InputSchema>>;
