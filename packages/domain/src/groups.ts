import { z } from 'zod';
import { hasRole, type Role } from './accounts.ts';
import { canUser } from './capabilities.ts';
import { GROUP_TYPES, PERIMETER_TYPES, optionLabel, optionValues, type GroupType } from './lists.ts';
import { VALIDATION_MESSAGES, isoDate, requiredText } from './schemas/common.ts';
import { databaseId } from './schemas/ids.ts';

// Operators and subcontractors (docs/api-groups.md "The screen", docs/data-model.md "Entities",
// docs/validation.md "Operator form"): the group form, the subcontractors' mandates, and
// whom an operator or a subcontractor account may file for. Pure rules: the API and the /groups
// screen both use them.

/** Texts about groups and mandates, in French; the spec's own where it gives them. */
export const GROUP_MESSAGES = {
  siretInvalid: "Le numéro SIRET n'est pas valide (clé de contrôle erronée)",
  subcontractorPerimeters:
    "Un sous-traitant n'a pas de périmètre : il dépose pour les opérateurs qui l'ont mandaté.",
  tooManyPerimeters: (max: number) => `Un opérateur compte au plus ${String(max)} périmètres.`,
  perimeterNotTerritory: (id: number) =>
    `Le périmètre ${String(id)} n'existe pas ou n'est ni un département, ni un EPCI, ni une commune.`,
  duplicateSiret: (type: GroupType, libelle: string) =>
    `${GROUP_NOUNS[type].capitalized} de même Siret existe déjà : ${libelle}.`,
  notFound: "Ce groupe n'existe pas.",
  territoryReadOnly:
    'Les départements, EPCI et communes viennent du référentiel géographique : ils ne se modifient ni ne se suppriment. Seuls les opérateurs et les sous-traitants se gèrent ici.',
  typeChanged: "Le type d'un groupe ne se change pas : créez un nouveau groupe.",
  created: (type: GroupType) => `${GROUP_NOUNS[type].title} ajouté.`,
  updated: (type: GroupType) => `${GROUP_NOUNS[type].title} modifié.`,
  deleted: (type: GroupType) => `${GROUP_NOUNS[type].title} supprimé.`,
  /**
   * docs/api-groups.md "The screen": the delete confirmation (its words for an operator; the same
   * sentence for a subcontractor).
   */
  deleteConfirm: (type: GroupType) => `Voulez vous vraiment supprimer ${GROUP_NOUNS[type].demonstrative} ?`,
  mandatesOfSubcontractorOnly: 'Seul un sous-traitant reçoit des mandats.',
  mandateOperatorUnknown: 'Opérateur inconnu.',
  mandateDatesInverted: 'La date de fin du mandat ne peut pas être antérieure à sa date de début.',
  mandateOverlap: 'Un mandat de cet opérateur couvre déjà tout ou partie de ces dates.',
  mandateNotFound: "Ce mandat n'existe pas.",
  mandateAdded: 'Mandat ajouté.',
  mandateDeleted: 'Mandat supprimé.',
  mandatesForbidden: "Vous n'avez pas accès aux mandats de ce groupe.",
  createForbidden: "Vous n'avez pas les droits pour gérer les opérateurs et les sous-traitants.",
  operatorNotAllowed: 'Vous ne pouvez pas rattacher la demande à un opérateur.',
  operatorUnknown: 'Opérateur inconnu.',
  notOwnOperator: 'Vous ne pouvez déposer que pour votre opérateur.',
  noMandateInForce:
    "Aucun mandat de cet opérateur n'est en vigueur aujourd'hui pour votre entreprise : vous ne pouvez pas déposer pour lui.",
} as const;

/** How each group type is named in sentences. */
export const GROUP_NOUNS: Readonly<
  Record<GroupType, { title: string; capitalized: string; demonstrative: string }>
> = {
  operator: { title: 'Opérateur', capitalized: 'Un opérateur', demonstrative: 'cet opérateur' },
  soustraitant: {
    title: 'Sous-traitant',
    capitalized: 'Un sous-traitant',
    demonstrative: 'ce sous-traitant',
  },
};

/** A database id, required. */
const dbId = databaseId(VALIDATION_MESSAGES.required);

/** An operator's territories at most (a community counts a few dozen). */
export const GROUP_MAX_PERIMETERS = 500;

/** True for a group type (operator, soustraitant), as opposed to a territory. */
export function isGroupType(type: string): type is GroupType {
  return optionValues(GROUP_TYPES).includes(type as GroupType);
}

/**
 * The label of a perimeter type: Département, EPCI, Commune (docs/api-groups.md "The screen"),
 * Opérateur, Sous-traitant.
 */
export function perimeterTypeLabel(type: string): string {
  if (isGroupType(type)) return GROUP_NOUNS[type].title;
  return optionLabel(PERIMETER_TYPES, type);
}

/** La Poste's head office: the one establishment of SIREN 356 000 000 with a Luhn key. */
const LA_POSTE_HEAD_OFFICE = '35600000000048';

/**
 * True for a valid SIRET: 14 digits whose Luhn key is right — except La Poste's other
 * establishments (SIREN 356 000 000), numbered beyond what the key allows, whose digits add up
 * to a multiple of 5 (INSEE's rule).
 */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  const digits = [...value].map(Number);
  if (value.startsWith('356000000') && value !== LA_POSTE_HEAD_OFFICE)
    return digits.reduce((sum, digit) => sum + digit, 0) % 5 === 0;
  const sum = digits.reduceRight((total, digit, index) => {
    const doubled = (13 - index) % 2 === 1 ? digit * 2 : digit;
    return total + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return sum % 10 === 0;
}

/** A required SIRET (spaces ignored): 14 digits, then its check key, each with its French message. */
export const SiretSchema = z
  .string({ error: VALIDATION_MESSAGES.required })
  .transform((value) => value.replace(/\s/g, ''))
  .superRefine((value, ctx) => {
    const message =
      value === ''
        ? VALIDATION_MESSAGES.required
        : !/^\d{14}$/.test(value)
          ? VALIDATION_MESSAGES.siret
          : !isValidSiret(value)
            ? GROUP_MESSAGES.siretInvalid
            : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/**
 * The form of /groups/{type} (docs/api-groups.md "The screen", docs/validation.md "Operator form"):
 * Nom (`libelle`) and Siret (`code`) required; an operator's member territories (department, EPCI
 * or town ids, each once); a subcontractor has none — the operators it works for are its mandates.
 */
export const GroupFormSchema = z
  .object({
    type: z.enum(optionValues(GROUP_TYPES), { error: VALIDATION_MESSAGES.choice }),
    libelle: requiredText(255),
    code: SiretSchema,
    perimeterIds: z
      .array(dbId)
      .max(GROUP_MAX_PERIMETERS, GROUP_MESSAGES.tooManyPerimeters(GROUP_MAX_PERIMETERS))
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .superRefine((group, ctx) => {
    if (group.type === 'soustraitant' && group.perimeterIds.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['perimeterIds'],
        message: GROUP_MESSAGES.subcontractorPerimeters,
      });
  });
export type GroupForm = z.infer<typeof GroupFormSchema>;
export type GroupFormInput = z.input<typeof GroupFormSchema>;

/** A required day 'YYYY-MM-DD'. */
const requiredDay = z
  .string({ error: VALIDATION_MESSAGES.required })
  .min(1, VALIDATION_MESSAGES.required)
  .pipe(isoDate);

/** A mandate as the form sends it: the operator, from and (optionally) to, whole days, both included. */
export const MandateFormSchema = z
  .object({
    operatorId: dbId,
    dateFrom: requiredDay,
    /** null: open-ended. */
    dateTo: isoDate.nullish().transform((value) => value ?? null),
  })
  .superRefine((mandate, ctx) => {
    if (mandate.dateTo !== null && mandate.dateTo < mandate.dateFrom)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: GROUP_MESSAGES.mandateDatesInverted });
  });
export type MandateForm = z.infer<typeof MandateFormSchema>;
export type MandateFormInput = z.input<typeof MandateFormSchema>;

/** A mandate's place in time on a given day. */
export type MandateStatus = 'upcoming' | 'inForce' | 'ended';

export const MANDATE_STATUS_LABELS: Readonly<Record<MandateStatus, string>> = {
  upcoming: 'À venir',
  inForce: 'En vigueur',
  ended: 'Échu',
};

/** The period of a mandate: days 'YYYY-MM-DD', both included; no end: open-ended. */
export interface MandatePeriod {
  readonly dateFrom: string;
  readonly dateTo: string | null;
}

/** A mandate's status on `day` ('YYYY-MM-DD', a French calendar day). */
export function mandateStatus(mandate: MandatePeriod, day: string): MandateStatus {
  if (day < mandate.dateFrom) return 'upcoming';
  if (mandate.dateTo !== null && day > mandate.dateTo) return 'ended';
  return 'inForce';
}

/** True when the mandate is in force on `day`: from ≤ day ≤ to (to absent: no end). */
export function isMandateInForce(mandate: MandatePeriod, day: string): boolean {
  return mandateStatus(mandate, day) === 'inForce';
}

/** True when two periods share at least one day. */
export function periodsOverlap(a: MandatePeriod, b: MandatePeriod): boolean {
  const endsBefore = (first: MandatePeriod, second: MandatePeriod) =>
    first.dateTo !== null && first.dateTo < second.dateFrom;
  return !endsBefore(a, b) && !endsBefore(b, a);
}

/** A mandate as the API returns it: the subcontractor group, the operator, the period and its status today. */
export const MandateSchema = z.object({
  id: z.number().int(),
  soustraitantId: z.number().int(),
  soustraitantLibelle: z.string(),
  operatorId: z.number().int(),
  operatorLibelle: z.string(),
  dateFrom: z.string(),
  dateTo: z.string().nullable(),
  status: z.enum(['upcoming', 'inForce', 'ended']),
});
export type Mandate = z.infer<typeof MandateSchema>;

/**
 * Which operators an account may attach a filing to (docs/api-groups.md "Filing for an
 * operator"): 'none' for an ordinary applicant; 'groups' for an account whose only such roles are
 * Opérateur and/or Sous-traitant — its own operators and those whose mandate of its subcontractor
 * group is in force; 'any' for the guichet, the road manager, the instructor and the admin.
 */
export type OperatorChoice = 'none' | 'groups' | 'any';

const FREE_OPERATOR_CHOICE: readonly Role[] = [
  'ROLE_GUICHET',
  'ROLE_GESTIONNAIRE',
  'ROLE_INSTRUCTEUR',
  'ROLE_ADMIN',
];

/** The operator choice of an account (see OperatorChoice). */
export function operatorChoice(user: { roles: readonly string[] } | null | undefined): OperatorChoice {
  if (!canUser(user, 'selectOperator')) return 'none';
  return FREE_OPERATOR_CHOICE.some((role) => hasRole(user, role)) ? 'any' : 'groups';
}

/** What an account's groups allow it to file for: its operator groups and its subcontractor groups' mandates. */
export interface OperatorChoiceContext {
  readonly choice: OperatorChoice;
  /** The operator groups the account belongs to. */
  readonly ownOperatorIds: readonly number[];
  /** The mandates of the subcontractor groups the account belongs to. */
  readonly mandates: readonly (MandatePeriod & { readonly operatorId: number })[];
  /** True when the account belongs to at least one subcontractor group. */
  readonly isSubcontractor: boolean;
}

/**
 * May the account attach a request filed on `day` to this (existing) operator? 'any': yes; 'none':
 * no; 'groups': when it is one of its own operators, or a mandate of one of its subcontractor
 * groups by this operator is in force that day. The refusal carries its French message.
 */
export function checkOperatorChoice(
  context: OperatorChoiceContext,
  operatorId: number,
  day: string,
): { ok: true } | { ok: false; message: string } {
  if (context.choice === 'any') return { ok: true };
  if (context.choice === 'none') return { ok: false, message: GROUP_MESSAGES.operatorNotAllowed };
  if (context.ownOperatorIds.includes(operatorId)) return { ok: true };
  const mandated = context.mandates.some(
    (mandate) => mandate.operatorId === operatorId && isMandateInForce(mandate, day),
  );
  if (mandated) return { ok: true };
  return {
    ok: false,
    message: context.isSubcontractor ? GROUP_MESSAGES.noMandateInForce : GROUP_MESSAGES.notOwnOperator,
  };
}
