import { z } from 'zod';
import { COORDINATION_LIMITS } from '../coordination.ts';
import { ACCESS_REFUSAL_REASONS, DECISION_CHOICES } from '../decision-lists.ts';
import { applyCompetenceRule, applySinkingRule, debitPerHectare } from '../decision-rules.ts';
import { splitList } from '../lists.ts';
import { AlignmentStreetSchema, type AlignmentStreet } from './alignment.ts';
import { AccessDecisionSchema, NetworksDecisionSchema } from './cerfa-14023.ts';
import {
  NUMERIC_BOUNDS,
  VALIDATION_MESSAGES,
  optionalNumber,
  optionalText,
  requiredEmail,
} from './common.ts';

// The decision dialogs (docs/screens.md "Request detail", docs/validation.md "Decision dialog"):
// alignment, access/fencing permission, networks permission. Saving recomputes the derived values
// and applies the clearing rules.

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

/** The permission decision's fields (before its derived values are recomputed). */
const permissionDecisionShape = {
  ...commonShape,
  ...AccessDecisionSchema.shape,
  ...NetworksDecisionSchema.shape,
  /** The coordination prescription the order prints (docs/coordination.md). */
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
};

/** The debit l/s/ha recomputed; an obligatory sinking clears the recommended trenches. */
const withDerivedValues = <
  T extends {
    decisionDebitLS?: number | null;
    decisionSurfacem2?: number | null;
    decisionSinking?: string | null;
  },
>(
  decision: T,
) =>
  applySinkingRule({
    ...decision,
    decisionResultCalc: debitPerHectare(decision.decisionDebitLS, decision.decisionSurfacem2),
  });

/**
 * A permission decision (kinds 1 and 3): Favorable or Défavorable required, recipients'
 * e-mails valid, surface ≥ 0 step 0.01, flow rate 0–1000 step 0.01, ditch diameter step 0.5,
 * refusal reasons from the list, a coordination prescription of 2000 characters at most. The debit l/s/ha is recomputed, and an obligatory sinking
 * clears the recommended trench values.
 */
export const PermissionDecisionInputSchema = z.object(permissionDecisionShape).transform(withDerivedValues);
export type PermissionDecisionInput = z.infer<typeof PermissionDecisionInputSchema>;

/** What the alignment's decision holds besides the choice and the texts. */
const alignmentFieldsShape = {
  decisionHorsCompetence: z.boolean().nullish(),
  alignmentOrderNumber: optionalText(100),
  rues: z.array(AlignmentStreetSchema).default([]),
};

/** Streets of competence RD or Privée lose their points. */
const withCompetenceRule = <T extends { rues: AlignmentStreet[] }>(decision: T) => ({
  ...decision,
  rues: decision.rues.map(applyCompetenceRule),
});

/** An alignment decision (kind 2): choice required; streets of competence RD or Privée lose their points. */
export const AlignmentDecisionInputSchema = z
  .object({ ...commonShape, ...alignmentFieldsShape })
  .transform(withCompetenceRule);
export type AlignmentDecisionInput = z.infer<typeof AlignmentDecisionInputSchema>;

/** Message when a permission combined with an alignment is saved without the alignment's decision. */
export const ALIGNMENT_DECISION_REQUIRED = "Veuillez renseigner la décision d'alignement.";

/**
 * The alignment's own decision when it is combined with a permission: choice, texts,
 * out of competence, order number, streets. The order's recipients and annexes are the request's,
 * given once with the permission's decision.
 */
export const AlignmentActDecisionInputSchema = z
  .object(
    {
      isFavorable,
      commentDecision: commonShape.commentDecision,
      parapheurDecision: commonShape.parapheurDecision,
      ...alignmentFieldsShape,
    },
    { error: ALIGNMENT_DECISION_REQUIRED },
  )
  .transform(withCompetenceRule);
export type AlignmentActDecisionInput = z.infer<typeof AlignmentActDecisionInputSchema>;

/**
 * The decision of a permission combined with an alignment: the permission's, plus the
 * alignment's under `alignement`, saved together (the decision dialog's two tabs).
 */
export const CombinedDecisionInputSchema = z
  .object({ ...permissionDecisionShape, alignement: AlignmentActDecisionInputSchema })
  .transform(withDerivedValues);
export type CombinedDecisionInput = z.infer<typeof CombinedDecisionInputSchema>;
