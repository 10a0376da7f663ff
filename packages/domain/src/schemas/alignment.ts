import { z } from 'zod';
import { LIMITS } from '../accounts.ts';
import { ALIGNMENT_POINT_TYPES, COMPETENCES } from '../decision-lists.ts';
import {
  ALIGNMENT_REASONS,
  ALIGNMENT_REASON_OTHER,
  URBANISM_FILE_TYPES,
  YES_NO,
  optionValues,
} from '../lists.ts';
import {
  NUMERIC_BOUNDS,
  VALIDATION_MESSAGES,
  bool,
  isoDate,
  optionalNumber,
  optionalText,
  text,
} from './common.ts';

/** A point of an alignment street: name, type, distance in metres. */
export const AlignmentPointSchema = z.object({
  name: optionalText(LIMITS.nameMax),
  type: z.enum(ALIGNMENT_POINT_TYPES, { error: VALIDATION_MESSAGES.choice }).nullish(),
  distance: optionalNumber(NUMERIC_BOUNDS.alignmentPointDistance),
});
export type AlignmentPoint = z.infer<typeof AlignmentPointSchema>;

/** A street of an alignment decision (`rues`), with its competence and points. */
export const AlignmentStreetSchema = z.object({
  name: optionalText(255),
  competence: z.enum(COMPETENCES, { error: VALIDATION_MESSAGES.choice }).nullish(),
  points: z.array(AlignmentPointSchema).default([]),
});
export type AlignmentStreet = z.infer<typeof AlignmentStreetSchema>;

/** The individual alignment request (kind 2), with its decision, as stored and returned. */
export const IndividualAlignmentRequestSchema = z.object({
  id: z.number().int(),
  alignmentOrderNumber: text,
  autorisationUrba: z.enum(optionValues(YES_NO)).nullish(),
  dosAutorisationUrba: text,
  dateRequest: text,
  groundAlreadyRequested: z.enum(optionValues(YES_NO)).nullish(),
  typeDossier: text,
  reasonRequest: text,
  reasonRequestOther: text,
  isFavorable: bool,
  parapheurDecision: text,
  commentDecision: text,
  decisionHorsCompetence: bool,
  instructeurId: z.number().int().nullish(),
  rues: z.array(AlignmentStreetSchema).nullish(),
  /** Template variables derived from the streets' points (merge data). */
  ruespointVars: z.unknown().optional(),
});
export type IndividualAlignmentRequest = z.infer<typeof IndividualAlignmentRequestSchema>;

/** The applicant's part (wizard step 2 of kind 2): a reason, with details for 'Autre'. */
export const IndividualAlignmentRequestInputSchema = z
  .object(
    {
      id: z.number().int().nullish(),
      reasonRequest: z.enum(optionValues(ALIGNMENT_REASONS), { error: VALIDATION_MESSAGES.required }),
      reasonRequestOther: optionalText(1000),
      autorisationUrba: z.enum(optionValues(YES_NO), { error: VALIDATION_MESSAGES.choice }).nullish(),
      typeDossier: z.enum(optionValues(URBANISM_FILE_TYPES), { error: VALIDATION_MESSAGES.choice }).nullish(),
      dosAutorisationUrba: optionalText(LIMITS.nameMax),
      groundAlreadyRequested: z.enum(optionValues(YES_NO), { error: VALIDATION_MESSAGES.choice }).nullish(),
      dateRequest: isoDate.nullish(),
      alignmentOrderNumber: optionalText(LIMITS.nameMax),
    },
    { error: VALIDATION_MESSAGES.required },
  )
  .superRefine((form, ctx) => {
    if (form.reasonRequest === ALIGNMENT_REASON_OTHER && !form.reasonRequestOther) {
      ctx.addIssue({
        code: 'custom',
        path: ['reasonRequestOther'],
        message: VALIDATION_MESSAGES.otherDetailsRequired,
      });
    }
  });
export type IndividualAlignmentRequestInput = z.infer<typeof IndividualAlignmentRequestInputSchema>;
