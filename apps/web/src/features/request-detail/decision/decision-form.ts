import {
  isAccessKind,
  isAlignmentKind,
  AlignmentDecisionInputSchema,
  CombinedDecisionInputSchema,
  competenceClearsPoints,
  DEFAULT_DECISION_DEBIT_LS,
  joinList,
  PermissionDecisionInputSchema,
  RECOMMENDED_TRENCH_FIELDS,
  SINKING_MANDATORY,
  splitList,
  toWorkflowRequest,
  type Request,
} from '@voirie/domain';

// The decision dialog's form (docs/screens.md "Request detail", docs/data-model.md "Entities",
// docs/validation.md "Decision dialog"): what the inputs hold (texts, as typed), how the request's
// saved decision fills them, and the input the API validates with the domain's schemas
// (PermissionDecisionInputSchema, AlignmentDecisionInputSchema; for a permission asked with an
// alignment, CombinedDecisionInputSchema: both decisions).

/** The three dialogs: alignment (kind 2), access/fencing (kind 3), networks (kind 1). */
export type DecisionVariant = 'alignment' | 'access' | 'networks';

/** The variant of a request: type 2 alignment, type 3 (isAccessDevelopment) access, type 1 networks. */
export function decisionVariantOf(request: Pick<Request, 'type'>): DecisionVariant {
  if (isAlignmentKind(request.type)) return 'alignment';
  return isAccessKind(request.type) ? 'access' : 'networks';
}

/** A permission asked with an alignment (the domain's reading): the dialog decides both, in two tabs. */
export function decidesAlignmentToo(request: Request): boolean {
  return toWorkflowRequest(request).hasAlignment === true;
}

/** The choice as the radios hold it: '' (not chosen), 'true' Favorable, 'false' Défavorable. */
export type ChoiceValue = '' | 'true' | 'false';

/** The alignment's own choice and texts, when it is decided beside a permission. */
export interface AlignmentChoiceValues {
  isFavorable: ChoiceValue;
  commentDecision: string;
  parapheurDecision: string;
}

export interface RecipientValues {
  mail: string;
  name: string;
}

export interface PointValues {
  name: string;
  type: string;
  distance: string;
}

export interface StreetValues {
  name: string;
  competence: string;
  points: PointValues[];
}

/** The inputs' values; numbers are typed text, '' when empty; choices '' when none. */
export interface DecisionFormValues {
  /** '' (not chosen), 'true' Favorable, 'false' Défavorable. */
  isFavorable: ChoiceValue;
  commentDecision: string;
  parapheurDecision: string;
  mailArreteSignes: RecipientValues[];
  doAnnexe: boolean;
  /** A permission's coordination prescription, printed by the order. */
  prescriptionCoordination: string;
  // Alignment (kind 2; or, with `alignement`, the alignment asked with a permission)
  alignement: AlignmentChoiceValues;
  decisionHorsCompetence: boolean;
  alignmentOrderNumber: string;
  rues: StreetValues[];
  // Access
  decisionAccessEdl: string;
  decisionAccessPortailOpen: string;
  decisionAccessRetournement: boolean;
  decisionAccessRemiseEtatDp: string;
  decisionAccessEauxPluviales: string;
  decisionAccessFosse: boolean;
  decisionAccessFosseDiametre: string;
  decisionAccessMotifsRefus: string[];
  decisionAccessMotifsRefusOther: string;
  // Networks
  decisionRejetEU: string;
  decisionSurfacem2: string;
  decisionDebitLS: string;
  decisionSondage: boolean;
  decisionRoadwayTrench: string;
  decisionSidewalkTrench: string;
  decisionShoulderVirginLandTrench: string;
  decisionRoadwayTrenchRecommended: string;
  decisionSidewalkTrenchRecommended: string;
  decisionShoulderVirginLandTrenchRecommended: string;
  decisionHorizontalSignage: boolean;
  decisionFacilitiesInfo: string[];
  decisionSinking: string;
  decisionRefections: string[];
  decisionTransportNetwork: boolean;
  aerien: string;
}

const textOf = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) => (value == null ? '' : String(value));

export const EMPTY_POINT: PointValues = { name: '', type: '', distance: '' };
export const EMPTY_STREET: StreetValues = { name: '', competence: '', points: [] };
export const EMPTY_RECIPIENT: RecipientValues = { mail: '', name: '' };

const choiceOf = (value: boolean | null | undefined): ChoiceValue =>
  value == null ? '' : value ? 'true' : 'false';

/**
 * The form filled from the request's saved decision; the flow rate shows 3 when empty
 * (docs/data-model.md "Entities").
 */
export function decisionDefaults(request: Request): DecisionFormValues {
  const cerfa = request.cerfa1402301;
  const alignment = request.individualAlignmentRequest;
  const saved = decisionVariantOf(request) === 'alignment' ? alignment : cerfa;
  return {
    isFavorable: choiceOf(saved?.isFavorable),
    commentDecision: textOf(request.commentDecision ?? saved?.commentDecision),
    parapheurDecision: textOf(saved?.parapheurDecision),
    mailArreteSignes: (request.mailArreteSignes ?? []).map((recipient) => ({
      mail: recipient.mail,
      name: textOf(recipient.name),
    })),
    doAnnexe: request.doAnnexe === true,
    prescriptionCoordination: textOf(cerfa?.prescriptionCoordination),
    alignement: {
      isFavorable: choiceOf(alignment?.isFavorable),
      commentDecision: textOf(alignment?.commentDecision),
      parapheurDecision: textOf(alignment?.parapheurDecision),
    },
    decisionHorsCompetence: alignment?.decisionHorsCompetence === true,
    alignmentOrderNumber: textOf(alignment?.alignmentOrderNumber),
    rues: (alignment?.rues ?? []).map((street) => ({
      name: textOf(street.name),
      competence: textOf(street.competence),
      points: (street.points ?? []).map((point) => ({
        name: textOf(point.name),
        type: textOf(point.type),
        distance: numberText(point.distance),
      })),
    })),
    decisionAccessEdl: textOf(cerfa?.decisionAccessEdl),
    decisionAccessPortailOpen: textOf(cerfa?.decisionAccessPortailOpen),
    decisionAccessRetournement: cerfa?.decisionAccessRetournement === true,
    decisionAccessRemiseEtatDp: textOf(cerfa?.decisionAccessRemiseEtatDp),
    decisionAccessEauxPluviales: textOf(cerfa?.decisionAccessEauxPluviales),
    decisionAccessFosse: cerfa?.decisionAccessFosse === true,
    decisionAccessFosseDiametre: numberText(cerfa?.decisionAccessFosseDiametre),
    decisionAccessMotifsRefus: splitList(cerfa?.decisionAccessMotifsRefus),
    decisionAccessMotifsRefusOther: textOf(cerfa?.decisionAccessMotifsRefusOther),
    decisionRejetEU: textOf(cerfa?.decisionRejetEU),
    decisionSurfacem2: numberText(cerfa?.decisionSurfacem2),
    decisionDebitLS: numberText(cerfa?.decisionDebitLS ?? DEFAULT_DECISION_DEBIT_LS),
    decisionSondage: cerfa?.decisionSondage === true,
    decisionRoadwayTrench: textOf(cerfa?.decisionRoadwayTrench),
    decisionSidewalkTrench: textOf(cerfa?.decisionSidewalkTrench),
    decisionShoulderVirginLandTrench: textOf(cerfa?.decisionShoulderVirginLandTrench),
    decisionRoadwayTrenchRecommended: textOf(cerfa?.decisionRoadwayTrenchRecommended),
    decisionSidewalkTrenchRecommended: textOf(cerfa?.decisionSidewalkTrenchRecommended),
    decisionShoulderVirginLandTrenchRecommended: textOf(cerfa?.decisionShoulderVirginLandTrenchRecommended),
    decisionHorizontalSignage: cerfa?.decisionHorizontalSignage === true,
    decisionFacilitiesInfo: splitList(cerfa?.decisionFacilitiesInfo),
    decisionSinking: textOf(cerfa?.decisionSinking),
    decisionRefections: splitList(cerfa?.decisionRefections),
    decisionTransportNetwork: cerfa?.decisionTransportNetwork === true,
    aerien: textOf(cerfa?.aerien),
  };
}

/**
 * A text as sent: trimmed, null when empty (docs/validation.md "Common rules": empty strings become
 * null).
 */
export function nullableText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A typed number as sent: null when empty, NaN when not a number (the schema refuses it). */
export function nullableNumber(value: string): number | null {
  const trimmed = value.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

/** The recommended trench fields, cleared and disabled by an obligatory sinking. */
export const RECOMMENDED_TRENCHES: readonly (typeof RECOMMENDED_TRENCH_FIELDS)[number][] =
  RECOMMENDED_TRENCH_FIELDS;

export const isSinkingMandatory = (sinking: string) => sinking === SINKING_MANDATORY;

const choiceInput = (value: ChoiceValue) => (value === '' ? undefined : value === 'true');

function commonInput(values: DecisionFormValues) {
  return {
    isFavorable: choiceInput(values.isFavorable),
    commentDecision: nullableText(values.commentDecision),
    parapheurDecision: nullableText(values.parapheurDecision),
    // The e-mail is sent as typed (trimmed): the schema says when it is missing or invalid.
    mailArreteSignes: values.mailArreteSignes.map((recipient) => ({
      mail: recipient.mail.trim(),
      name: nullableText(recipient.name),
    })),
    doAnnexe: values.doAnnexe,
  };
}

/** The coordination prescription belongs to a favourable permission only. */
function coordinationInput(values: DecisionFormValues) {
  return {
    prescriptionCoordination:
      values.isFavorable === 'true' ? nullableText(values.prescriptionCoordination) : null,
  };
}

/** The alignment's own fields: out of competence, order number, streets (RD / Privée without points). */
function alignmentFieldsInput(values: DecisionFormValues) {
  return {
    decisionHorsCompetence: values.decisionHorsCompetence,
    alignmentOrderNumber: nullableText(values.alignmentOrderNumber),
    rues: values.rues.map((street) => ({
      name: nullableText(street.name),
      competence: nullableText(street.competence),
      points: competenceClearsPoints(street.competence)
        ? []
        : street.points.map((point) => ({
            name: nullableText(point.name),
            type: nullableText(point.type),
            distance: nullableNumber(point.distance),
          })),
    })),
  };
}

/** The alignment decision's input (AlignmentDecisionInputSchema). */
export function alignmentInput(values: DecisionFormValues) {
  return { ...commonInput(values), ...alignmentFieldsInput(values) };
}

/** The alignment's decision beside a permission's (`alignement` of CombinedDecisionInputSchema). */
function alignmentActInput(values: DecisionFormValues) {
  return {
    isFavorable: choiceInput(values.alignement.isFavorable),
    commentDecision: nullableText(values.alignement.commentDecision),
    parapheurDecision: nullableText(values.alignement.parapheurDecision),
    ...alignmentFieldsInput(values),
  };
}

/** The access/fencing decision's input (PermissionDecisionInputSchema, kind 3). */
export function accessInput(values: DecisionFormValues) {
  const refused = values.isFavorable === 'false';
  return {
    ...commonInput(values),
    ...coordinationInput(values),
    decisionAccessEdl: nullableText(values.decisionAccessEdl),
    decisionAccessPortailOpen: nullableText(values.decisionAccessPortailOpen),
    decisionAccessRetournement: values.decisionAccessRetournement,
    decisionAccessRemiseEtatDp: nullableText(values.decisionAccessRemiseEtatDp),
    decisionAccessEauxPluviales: nullableText(values.decisionAccessEauxPluviales),
    decisionAccessFosse: values.decisionAccessFosse,
    decisionAccessFosseDiametre: values.decisionAccessFosse
      ? nullableNumber(values.decisionAccessFosseDiametre)
      : null,
    // The refusal reasons and their comment belong to a Défavorable decision only.
    decisionAccessMotifsRefus: refused ? joinList(values.decisionAccessMotifsRefus) : null,
    decisionAccessMotifsRefusOther: refused ? nullableText(values.decisionAccessMotifsRefusOther) : null,
  };
}

/** The networks decision's input (PermissionDecisionInputSchema, kind 1). */
export function networksInput(values: DecisionFormValues) {
  const mandatory = isSinkingMandatory(values.decisionSinking);
  const recommended = (value: string) => (mandatory ? null : nullableText(value));
  return {
    ...commonInput(values),
    ...coordinationInput(values),
    decisionRejetEU: nullableText(values.decisionRejetEU),
    decisionSurfacem2: nullableNumber(values.decisionSurfacem2),
    decisionDebitLS: nullableNumber(values.decisionDebitLS),
    decisionSondage: values.decisionSondage,
    decisionRoadwayTrench: nullableText(values.decisionRoadwayTrench),
    decisionSidewalkTrench: nullableText(values.decisionSidewalkTrench),
    decisionShoulderVirginLandTrench: nullableText(values.decisionShoulderVirginLandTrench),
    decisionRoadwayTrenchRecommended: recommended(values.decisionRoadwayTrenchRecommended),
    decisionSidewalkTrenchRecommended: recommended(values.decisionSidewalkTrenchRecommended),
    decisionShoulderVirginLandTrenchRecommended: recommended(
      values.decisionShoulderVirginLandTrenchRecommended,
    ),
    decisionHorizontalSignage: values.decisionHorizontalSignage,
    decisionFacilitiesInfo: joinList(values.decisionFacilitiesInfo),
    decisionSinking: nullableText(values.decisionSinking),
    decisionRefections: joinList(values.decisionRefections),
    decisionTransportNetwork: values.decisionTransportNetwork,
    aerien: nullableText(values.aerien),
  };
}

/**
 * The input of the variant, before validation; `withAlignment`: a permission asked with an
 * alignment, whose decision goes under `alignement`.
 */
export function decisionInput(variant: DecisionVariant, values: DecisionFormValues, withAlignment = false) {
  if (variant === 'alignment') return alignmentInput(values);
  const permission = variant === 'access' ? accessInput(values) : networksInput(values);
  return withAlignment ? { ...permission, alignement: alignmentActInput(values) } : permission;
}

/** The alignment's fields the form keeps at its top level (the kind 2 dialog's names). */
const ALIGNMENT_TOP_LEVEL = ['decisionHorsCompetence', 'alignmentOrderNumber', 'rues'];

/** An issue's path in the form: `alignement.rues.0.name` is the form's `rues.0.name`. */
function formPath(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  const inForm =
    first === 'alignement' && ALIGNMENT_TOP_LEVEL.includes(String(second)) ? path.slice(1) : path;
  return inForm.map(String).join('.') || 'root';
}

/** True when a form path belongs to the « Alignement » tab of a combined decision. */
export function isAlignmentTabPath(path: string): boolean {
  const first = path.split('.')[0] ?? '';
  return first === 'alignement' || ALIGNMENT_TOP_LEVEL.includes(first);
}

export interface FieldIssue {
  /** The field's path in the form, e.g. 'mailArreteSignes.0.mail'. */
  path: string;
  message: string;
}

export type DecisionValidation =
  { ok: true; input: ReturnType<typeof decisionInput> } | { ok: false; issues: FieldIssue[] };

function schemaOf(variant: DecisionVariant, withAlignment: boolean) {
  if (variant === 'alignment') return AlignmentDecisionInputSchema;
  return withAlignment ? CombinedDecisionInputSchema : PermissionDecisionInputSchema;
}

/**
 * Validates the form with the schema the server uses. On success, `input` is what is sent (the
 * server parses it again and recomputes the derived values itself).
 */
export function validateDecision(
  variant: DecisionVariant,
  values: DecisionFormValues,
  withAlignment = false,
): DecisionValidation {
  const input = decisionInput(variant, values, withAlignment);
  const result = schemaOf(variant, withAlignment).safeParse(input);
  if (result.success) return { ok: true, input };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ path: formPath(issue.path), message: issue.message })),
  };
}
