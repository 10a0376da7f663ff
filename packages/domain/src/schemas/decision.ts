import { z } from 'zod';
import { COORDINATION_LIMITS } from '../coordination.ts';
import { ACCESS_REFUSAL_REASONS, DECISION_CHOICES } from '../decision-lists.ts';
import { applyCompetenceRule, applySinkingRule, debitPerHectare } from '../decision-rules.ts';
import { splitList } from '../lists.ts';
import { AlignmentStreetSchema } from './alignment.ts';
import { AccessDecisionSchema, NetworksDecisionSchema } from './cerfa-14023.ts';
import {
  NUMERIC_BOUNDS,
  VALIDATION_MESSAGES,
  optionalNumber,
  optionalText,
  requiredEmail,
} from './common.ts';

// The decision dialogs (spec 2 §2.2 and §5): alignment, access/fencing permission, networks
// permission. Saving recomputes the derived values and applies the clearing rules.

/** An order recipient: e-mail required and valid. */
export const OrderRecipientInputSchema = z.object({ mail: requiredEmail, name: optionalText(200) });

const isFavorable = z.boolean({ error: VALIDATION_MESSAGES.decisionRequired });

/** The decision choice values (true = Favorable). */
export const DECISION_VALUES = DECISION_CHOICES.map((choice) => choice.value);

const commonShape = {
  isFavorable,
  commentDecision: optionalText(4000),
  parapheurDecision: optionalText(255),
  mailArreteSignes: z.array(OrderRecipientInputSchema).default([]),
  doAnnexe: z.boolean().nullish(),
};

/**
 * A permission decision (kinds 1 and 3): Favorable or Défavorable required, recipients'
 * e-mails valid, surface ≥ 0 step 0.01, flow rate 0–1000 step 0.01, ditch diameter step 0.5,
 * refusal reasons from the list, a coordination prescription of 2000 characters at most. The debit l/s/ha is recomputed, and an obligatory sinking
 * clears the recommended trench values.
 */
export const PermissionDecisionInputSchema = z
  .object({
    ...commonShape,
    ...AccessDecisionSchema.shape,
    ...NetworksDecisionSchema.shape,
    /** The coordination prescription the order prints (issue 17, docs/coordination.md). */
    prescriptionCoordination: optionalText(COORDINATION_LIMITS.prescriptionMax),
    decisionAccessFosseDiametre: optionalNumber(NUMERIC_BOUNDS.ditchDiameter),
    decisionSurfacem2: optionalNumber(NUMERIC_BOUNDS.surface),
    decisionDebitLS: optionalNumber(NUMERIC_BOUNDS.flowRate),
    decisionAccessMotifsRefus: z
      .string()
      .refine(
        (value) =>
          splitList(value).every((reason) => (ACCESS_REFUSAL_REASONS as readonly string[]).includes(reason)),
        VALIDATION_MESSAGES.choice,
      )
      .nullish(),
  })
  .transform((decision) =>
    applySinkingRule({
      ...decision,
      decisionResultCalc: debitPerHectare(decision.decisionDebitLS, decision.decisionSurfacem2),
    }),
  );
export type PermissionDecisionInput = z.infer<typeof PermissionDecisionInputSchema>;

/** An alignment decision: choice required; streets of competence RD or Privée lose their points. */
export const AlignmentDecisionInputSchema = z
  .object({
    ...commonShape,
    decisionHorsCompetence: z.boolean().nullish(),
    alignmentOrderNumber: optionalText(100),
    rues: z.array(AlignmentStreetSchema).default([]),
  })
  .transform((decision) => ({ ...decision, rues: decision.rues.map(applyCompetenceRule) }));
export type AlignmentDecisionInput = z.infer<typeof AlignmentDecisionInputSchema>;
