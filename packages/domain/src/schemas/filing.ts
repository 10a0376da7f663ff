import { z } from 'zod';
import { CHOOSE_CERFA_MESSAGE } from '../kinds.ts';
import type { RequestKind } from '../kinds.ts';
import { numberOfDays } from '../dates.ts';
import { COMMUNITY_WAY_TYPES, wayTypeNotManagedMessage } from '../way-types.ts';
import { SecondaryAddressInputSchema, SiteAddressInputSchema } from './address.ts';
import { IndividualAlignmentRequestInputSchema } from './alignment.ts';
import { cerfa14023InputSchema } from './cerfa-14023.ts';
import { Cerfa14024InputSchema, trafficOrderFilingIssues } from './cerfa-14024.ts';
import { VALIDATION_MESSAGES, isoDate, optionalText, requiredText } from './common.ts';
import { DatabaseIdSchema } from './ids.ts';
import { DrawnGeometrySchema, isEmptyGeometry } from './geometry.ts';
import { partyInputSchema } from './party.ts';

// The filing wizard's steps (docs/validation.md "Filing wizard") as schemas, and the atomic filing
// payload built from them (`POST request`, docs/api-filing.md). The update of a request in state 8 uses the same
// payload without the drawn footprint requirement.

/**
 * Step 1 Localisation: the site address (member town), secondary addresses, parcels, the
 * road segment's way type (one the community manages) and, unless the request is being
 * completed (state 8), a drawn footprint; a footprint, when sent, passes DrawnGeometrySchema.
 */
export function locationStepSchema(options: { requireGeometry: boolean }) {
  return z
    .object(
      {
        ...SiteAddressInputSchema.shape,
        adresses: z.array(SecondaryAddressInputSchema).default([]),
        theGeom: DrawnGeometrySchema.nullish(),
        lon: z.number().min(-180).max(180).nullish(),
        lat: z.number().min(-90).max(90).nullish(),
        plotNumbers: z
          .string({ error: VALIDATION_MESSAGES.parcelsRequired })
          .trim()
          .min(1, VALIDATION_MESSAGES.parcelsRequired)
          .max(4000, VALIDATION_MESSAGES.maxLength(4000)),
        sections: optionalText(4000),
        wayType: z.string({ error: VALIDATION_MESSAGES.required }).superRefine((value, ctx) => {
          if (!(COMMUNITY_WAY_TYPES as readonly string[]).includes(value)) {
            ctx.addIssue({ code: 'custom', message: wayTypeNotManagedMessage(value) });
          }
        }),
        inUrban: z.boolean().nullish(),
        operationCode: optionalText(50),
        operatorPerimeterId: DatabaseIdSchema.nullish(),
        project: optionalText(2000),
      },
      { error: VALIDATION_MESSAGES.required },
    )
    .superRefine((step, ctx) => {
      if (options.requireGeometry && isEmptyGeometry(step.theGeom)) {
        ctx.addIssue({ code: 'custom', path: ['theGeom'], message: VALIDATION_MESSAGES.geometryRequired });
      }
    });
}

/**
 * Step 4 dates: start and end required; for kinds 1 and 3 the number of days
 * (end − start + 1) must be above 0 (kind 2 is exempt).
 */
export function worksDatesSchema(kind: RequestKind) {
  return z
    .object(
      {
        dateStart: isoDate.nullish(),
        dateEnd: isoDate.nullish(),
      },
      { error: VALIDATION_MESSAGES.required },
    )
    .superRefine((dates, ctx) => checkWorksDates(dates, kind, ctx))
    .transform((dates) => ({
      dateStart: dates.dateStart as string,
      dateEnd: dates.dateEnd as string,
      numberDays: numberOfDays(dates.dateStart, dates.dateEnd) ?? 0,
    }));
}

/** Adds the works-date issues (required, and positive day count except for kind 2). */
function checkWorksDates(
  dates: { dateStart?: string | null; dateEnd?: string | null },
  kind: RequestKind,
  ctx: z.RefinementCtx,
): void {
  if (!dates.dateStart)
    ctx.addIssue({ code: 'custom', path: ['dateStart'], message: VALIDATION_MESSAGES.required });
  if (!dates.dateEnd)
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: VALIDATION_MESSAGES.required });
  if (!dates.dateStart || !dates.dateEnd || kind === 2) return;
  const days = numberOfDays(dates.dateStart, dates.dateEnd);
  if (days !== null && days <= 0) {
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: VALIDATION_MESSAGES.daysNotPositive });
  }
}

/** Step 6 Attestation: the accuracy box, place, name, first name and quality (made-on is today). */
export const AttestationStepSchema = z.object(
  {
    accuracyInformation: z.literal(true, { error: VALIDATION_MESSAGES.accuracyRequired }),
    madeIn: requiredText(),
    madeLastName: requiredText(),
    madeFirstName: requiredText(),
    madeFonction: requiredText(),
  },
  { error: VALIDATION_MESSAGES.required },
);
export type AttestationStep = z.infer<typeof AttestationStepSchema>;

/** The parties of step 3: petitioner, and the beneficiary when it differs. */
export function partiesStepSchema(kind: RequestKind) {
  return z
    .object(
      {
        petitioner: partyInputSchema({ role: 'petitioner', kind }),
        isbeneficiaire: z.boolean().default(false),
        beneficiary: partyInputSchema({ role: 'beneficiary', kind }).nullish(),
      },
      { error: VALIDATION_MESSAGES.required },
    )
    .superRefine((parties, ctx) => {
      if (parties.isbeneficiaire && !parties.beneficiary) {
        ctx.addIssue({ code: 'custom', path: ['beneficiary'], message: VALIDATION_MESSAGES.required });
      }
    })
    .transform((parties) => ({
      ...parties,
      beneficiary: parties.isbeneficiaire ? (parties.beneficiary ?? null) : null,
    }));
}

/** The steps shared by every kind: location, parties, dates, attestation. */
function stepShape(kind: RequestKind, options: { requireGeometry: boolean }) {
  return {
    location: locationStepSchema(options),
    parties: partiesStepSchema(kind),
    dates: worksDatesSchema(kind),
    attestation: AttestationStepSchema,
  };
}

type Steps = Record<keyof ReturnType<typeof stepShape>, object>;

/** A valid filing comes out flat: its steps' fields beside the payload's own (no name is in two). */
function flattenSteps<F extends Steps>({
  location,
  parties,
  dates,
  attestation,
  ...rest
}: F): Omit<F, keyof Steps> & F['location'] & F['parties'] & F['dates'] & F['attestation'] {
  return { ...rest, ...location, ...parties, ...dates, ...attestation };
}

/**
 * The filing payload of a permission (kind 1 or 3). `requireGeometry` is false for the update
 * of a request in state 8. With it may come the alignment request of the same place ('Demander
 * aussi l'alignement') and, for works on the carriageway, the traffic-police order
 * (cerfa 14024): null or absent when not asked.
 */
export function permissionFilingSchema<K extends 1 | 3>(kind: K, options: { requireGeometry: boolean }) {
  return z
    .object({
      type: z.literal(kind),
      ...stepShape(kind, options),
      cerfa1402301: cerfa14023InputSchema(kind),
      individualAlignmentRequest: IndividualAlignmentRequestInputSchema.nullish(),
      cerfa14024: Cerfa14024InputSchema.nullish(),
    })
    .superRefine((filing, ctx) => {
      if (!filing.cerfa14024) return;
      const context = { cerfa1402301: filing.cerfa1402301, dateStart: filing.dates.dateStart };
      for (const issue of trafficOrderFilingIssues(filing.cerfa14024, context))
        ctx.addIssue({ code: 'custom', path: ['cerfa14024', ...issue.path], message: issue.message });
    })
    .transform((filing) => flattenSteps(filing));
}

/** The filing payload of an individual alignment request (kind 2). */
export function alignmentFilingSchema(options: { requireGeometry: boolean }) {
  return z
    .object({
      type: z.literal(2),
      ...stepShape(2, options),
      cerfa1402301: z.null().optional(),
      individualAlignmentRequest: IndividualAlignmentRequestInputSchema,
    })
    .transform((filing) => flattenSteps(filing));
}

/** The filing payload of any kind, grouped by wizard step, flattened once valid. */
export function fileRequestSchema(options: { requireGeometry: boolean }) {
  return z.discriminatedUnion(
    'type',
    [permissionFilingSchema(1, options), alignmentFilingSchema(options), permissionFilingSchema(3, options)],
    { error: CHOOSE_CERFA_MESSAGE },
  );
}

/**
 * `POST request`: the atomic filing (applicant, beneficiary, form and request in one call),
 * grouped by wizard step; the result is flat, as the request is stored.
 */
export const FileRequestSchema = fileRequestSchema({ requireGeometry: true });
export type FileRequest = z.infer<typeof FileRequestSchema>;
export type FileRequestInput = z.input<typeof FileRequestSchema>;

/** `PUT request/{id}` of a request in state 8 (update route): the same, footprint optional. */
export const UpdateRequestSchema = fileRequestSchema({ requireGeometry: false });
export type UpdateRequest = z.infer<typeof UpdateRequestSchema>;
