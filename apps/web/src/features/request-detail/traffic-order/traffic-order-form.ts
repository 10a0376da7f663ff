import {
  TrafficOrderCompletionSchema,
  trafficOrderForm,
  type Cerfa14024,
  type RequestDetail,
} from '@voirie/domain';
import { nullableNumber, nullableText, type FieldIssue } from '../decision/decision-form';

// The « Compléter le cerfa 14024 » dialog's form (docs/api-instruction.md): the
// request's traffic-order form as the instructor reviews it — filled from what the applicant
// filed and, where they said nothing, from the request (the domain's trafficOrderForm), plus the
// instructor's wording of the published order's detour and prescriptions — and the
// input `PUT request/{id}/cerfa14024` validates with the domain's TrafficOrderCompletionSchema.

/** The form's text inputs (typed text, numbers included), by field. */
export const TEXT_FIELDS = [
  'previousPermissionReference',
  'workDescription',
  'durationRegulation',
  'trackWidthMaintained',
  'numberWayRemoved',
  'limitedSpeed',
  'detourRoute',
  'otherPrescriptions',
  'gestSignageTitle',
  'gestSignageLastName',
  'gestSignageFirstName',
  'gestSignageCorporationName',
  'gestSignageSiret',
  'gestSignageAgent',
  'gestSignageAddressNum',
  'gestSignageAddressExt',
  'gestSignageAddressName',
  'gestSignageAddressComplement',
  'gestSignageAddressPostalCode',
  'gestSignageAddressCity',
  'gestSignageCountry',
  'gestSignagePhone',
  'gestSignageEmail',
  'publishedDetourRoute',
  'publishedOtherPrescriptions',
] as const satisfies readonly (keyof Cerfa14024)[];
export type TextField = (typeof TEXT_FIELDS)[number];

/** The signage company's (or person's) fields, in the form's order. */
export const SIGNAGE_FIELDS = TEXT_FIELDS.filter((field) => field.startsWith('gestSignage'));

/** The numbers among them, sent as numbers. */
const NUMBER_FIELDS: readonly TextField[] = [
  'durationRegulation',
  'trackWidthMaintained',
  'numberWayRemoved',
  'limitedSpeed',
];

/** The form's boxes, by field. */
export const CHECK_FIELDS = [
  'previousPermission',
  'restrictionCurrentSection',
  'restrictionSuspenders',
  'emergencyRestriction',
  'encroachmentRoadway',
  'wayRemoval',
  'moveCar',
  'moveTruck',
  'parkCar',
  'parkTruck',
  'overtakeCar',
  'overtakeTruck',
  'attachedNotice',
  'attachedSituationPlan',
  'attachedWorksPlan',
  'attachedSignageDiagram',
  'attachedDetourRoute',
] as const satisfies readonly (keyof Cerfa14024)[];
export type CheckField = (typeof CHECK_FIELDS)[number];

/** The pieces the applicant says are attached. */
export const ATTACHMENT_FIELDS = CHECK_FIELDS.filter((field) => field.startsWith('attached'));

/** The inputs' values: texts as typed ('' when empty), boxes, choices ('' for none). */
export type TrafficOrderFormValues = Record<TextField, string> &
  Record<CheckField, boolean> & {
    dateRegulation: string;
    directionTraffic: string;
    /** '' no alternating traffic, 'false' by traffic lights, 'true' manually. */
    alternatingCirculationManual: '' | 'true' | 'false';
    signageBy: string;
  };

const textOf = (value: string | number | null | undefined) => (value == null ? '' : String(value));

/** The form filled from the request: its 14024, completed from the request where it is silent. */
export function trafficOrderDefaults(request: RequestDetail): TrafficOrderFormValues {
  const form = trafficOrderForm({ ...request, cerfa14024: request.cerfa14024 });
  const alternating = form.alternatingCirculationManual;
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, textOf(form[field])])) as Record<
      TextField,
      string
    >),
    ...(Object.fromEntries(CHECK_FIELDS.map((field) => [field, form[field] === true])) as Record<
      CheckField,
      boolean
    >),
    dateRegulation: textOf(form.dateRegulation),
    directionTraffic: textOf(form.directionTraffic),
    alternatingCirculationManual: alternating == null ? '' : alternating ? 'true' : 'false',
    signageBy: textOf(form.signageBy),
  };
}

/** The form as sent: each field a text, a number, a box or null; the schema checks it here and on the server. */
export type TrafficOrderBody = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** What is sent: texts trimmed or null, numbers as numbers (NaN refused by the schema), boxes as booleans. */
export function trafficOrderInput(values: TrafficOrderFormValues): TrafficOrderBody {
  const texts = Object.fromEntries(
    TEXT_FIELDS.map((field) => [
      field,
      NUMBER_FIELDS.includes(field) ? nullableNumber(values[field]) : nullableText(values[field]),
    ]),
  );
  const boxes = Object.fromEntries(CHECK_FIELDS.map((field) => [field, values[field]]));
  return {
    ...texts,
    ...boxes,
    // A reference belongs to a previous permission only.
    previousPermissionReference: values.previousPermission ? texts.previousPermissionReference : null,
    // A count of lanes removed belongs to a lane removal only.
    numberWayRemoved: values.wayRemoval ? texts.numberWayRemoved : null,
    dateRegulation: values.dateRegulation || null,
    directionTraffic: values.directionTraffic || null,
    alternatingCirculationManual:
      values.alternatingCirculationManual === '' ? null : values.alternatingCirculationManual === 'true',
    signageBy: values.signageBy || null,
  };
}

export type TrafficOrderValidation =
  { ok: true; input: TrafficOrderBody } | { ok: false; issues: FieldIssue[] };

/** Checks the form with the schema the server uses (TrafficOrderCompletionSchema). */
export function validateTrafficOrder(values: TrafficOrderFormValues): TrafficOrderValidation {
  const input = trafficOrderInput(values);
  const result = TrafficOrderCompletionSchema.safeParse(input);
  if (result.success) return { ok: true, input };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.') || 'root',
      message: issue.message,
    })),
  };
}
