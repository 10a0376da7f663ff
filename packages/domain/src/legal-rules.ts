import { z } from 'zod';
import { REQUEST_KIND, type RequestKind } from './kinds.ts';

// The legal clock's rules, as data: one rule per kind of request for the decision
// delay, and two follow-up rules after the order. Facts and references: shared/spec/3-legal-notes.md,
// and docs/legal-deadlines.md for the reading we make of them. An administrator adjusts the
// delays (months, days, extension to a working day); what silence means is the law's, not a
// setting.

/** What the authority's silence means once the delay has run out. */
export type Silence =
  /** Silence is an implicit refusal (road permission: CRPA L231-4, décret n° 2015-1461). */
  | 'implicitRefusal'
  /** Without an express decision the works may be done at the date the request gave (CVR L115-1). */
  | 'worksMayStart'
  /** A follow-up: nothing is decided, a reminder is sent. */
  | 'reminder';

export const LEGAL_RULE_IDS = [
  'permission',
  'operatorWorks',
  'alignment',
  'receptionRequest',
  'formalNotice',
] as const;
export type LegalRuleId = (typeof LEGAL_RULE_IDS)[number];
export const LegalRuleIdSchema = z.enum(LEGAL_RULE_IDS, { error: 'Règle de délai inconnue' });

/** The adjustable part of a rule: its delay. */
export interface LegalDelay {
  months: number;
  days: number;
  /** A delay ending on a Saturday, a Sunday or a public holiday ends on the next working day. */
  extendToWorkingDay: boolean;
}

/** A rule of the legal clock. */
export interface LegalRule extends LegalDelay {
  id: LegalRuleId;
  /** Its name on screens and in mails. */
  label: string;
  /** What it applies to, and what starts its delay, in a sentence. */
  scope: string;
  silence: Silence;
  /** The texts it rests on. */
  references: string;
}

/** The rules as the law sets them by default (docs/legal-deadlines.md gives the sources). */
export const DEFAULT_LEGAL_RULES: Readonly<Record<LegalRuleId, LegalRule>> = {
  permission: {
    id: 'permission',
    label: 'Permission de voirie',
    scope:
      'Permissions de voirie (réseaux, accès, clôture) : du dépôt du dossier complet, ou de la réception des pièces manquantes, à la décision signée.',
    months: 2,
    days: 0,
    extendToWorkingDay: false,
    silence: 'implicitRefusal',
    references:
      'CRPA, art. L231-1 et L231-4 ; décret n° 2015-1461 du 10 novembre 2015 (le silence gardé sur une permission de voirie vaut rejet) ; CRPA, art. L114-5 (le délai court de la réception des pièces manquantes)',
  },
  operatorWorks: {
    id: 'operatorWorks',
    label: "Travaux d'un exploitant de réseau",
    scope:
      'Permissions de voirie pour les réseaux déposées pour un exploitant de réseau (opérateur) : du dépôt du dossier complet à la décision expresse.',
    months: 2,
    days: 0,
    extendToWorkingDay: false,
    silence: 'worksMayStart',
    references:
      'Code de la voirie routière, art. L115-1 (sans décision expresse dans les deux mois de la demande, les travaux peuvent être exécutés à la date indiquée) ; CRPA, art. L114-5',
  },
  alignment: {
    id: 'alignment',
    label: "Arrêté d'alignement individuel",
    scope:
      "Demandes d'alignement individuel : du dépôt du dossier complet, ou de la réception des pièces manquantes, à l'arrêté signé.",
    months: 2,
    days: 0,
    extendToWorkingDay: false,
    silence: 'implicitRefusal',
    references:
      "Code de la voirie routière, art. L112-1 à L112-3 (l'alignement individuel est déclaratif) ; CRPA, art. L231-4 ; choix par défaut du portail, à confirmer par la collectivité (docs/legal-deadlines.md)",
  },
  receptionRequest: {
    id: 'receptionRequest',
    label: 'Demande de réception des travaux',
    scope:
      'Après la date de fin des travaux autorisés : sans demande de réception dans ce délai, le demandeur reçoit un rappel.',
    months: 0,
    days: 7,
    extendToWorkingDay: true,
    silence: 'reminder',
    references:
      'Code de la voirie routière, art. R141-13 à R141-21 (remise en état et réception des travaux) ; arrêté de permission de voirie',
  },
  formalNotice: {
    id: 'formalNotice',
    label: 'Mise en demeure après une réception refusée',
    scope:
      "Après une réception refusée : délai laissé par la mise en demeure pour reprendre les travaux, à compter de la notification prouvée de la mise en demeure signée (ouverture sur le portail ou réception de la lettre recommandée) ; sans nouvelle demande de réception, l'instructeur reçoit un rappel.",
    months: 0,
    days: 30,
    extendToWorkingDay: true,
    silence: 'reminder',
    references:
      "Code de la voirie routière, art. R141-13 à R141-21 (mise en demeure, travaux exécutés d'office aux frais de l'occupant)",
  },
};

/** The rules whose delay is the authority's to decide (the clock of a filed request). */
export const DECISION_RULE_IDS: readonly LegalRuleId[] = ['permission', 'operatorWorks', 'alignment'];

const MAX_MONTHS = 12;
const MAX_DAYS = 365;

/** An administrator's setting of a rule's delay (PUT legal-rules/{id}). */
export const LegalDelaySchema = z
  .object({
    months: z
      .number({ error: 'Nombre de mois invalide' })
      .int('Nombre de mois invalide')
      .min(0, 'Nombre de mois invalide')
      .max(MAX_MONTHS, `${String(MAX_MONTHS)} mois au plus`),
    days: z
      .number({ error: 'Nombre de jours invalide' })
      .int('Nombre de jours invalide')
      .min(0, 'Nombre de jours invalide')
      .max(MAX_DAYS, `${String(MAX_DAYS)} jours au plus`),
    extendToWorkingDay: z.boolean(),
  })
  .strict()
  .refine((delay) => delay.months > 0 || delay.days > 0, {
    message: "Le délai doit être d'au moins un jour.",
    path: ['days'],
  });

/** A rule as the API returns it: the law's default and the delay in force. */
export const LegalRuleViewSchema = z.object({
  id: LegalRuleIdSchema,
  label: z.string(),
  scope: z.string(),
  silence: z.enum(['implicitRefusal', 'worksMayStart', 'reminder']),
  references: z.string(),
  months: z.number().int(),
  days: z.number().int(),
  extendToWorkingDay: z.boolean(),
  default: z.object({ months: z.number().int(), days: z.number().int(), extendToWorkingDay: z.boolean() }),
  /** The delay in words ('2 mois', '30 jours', '1 mois et 15 jours'). */
  delayText: z.string(),
});
export type LegalRuleView = z.infer<typeof LegalRuleViewSchema>;

/** The rules with an administrator's delays over the defaults. */
export function rulesWithDelays(
  settings: readonly ({ id: LegalRuleId } & LegalDelay)[],
): Record<LegalRuleId, LegalRule> {
  const rules = { ...DEFAULT_LEGAL_RULES };
  for (const setting of settings) {
    const rule = rules[setting.id];
    rules[setting.id] = {
      ...rule,
      months: setting.months,
      days: setting.days,
      extendToWorkingDay: setting.extendToWorkingDay,
    };
  }
  return rules;
}

/** '2 mois', '30 jours', '1 mois et 15 jours'. */
export function delayText(delay: Pick<LegalDelay, 'months' | 'days'>): string {
  const months = delay.months > 0 ? `${String(delay.months)} mois` : '';
  const days = delay.days > 0 ? `${String(delay.days)} jour${delay.days > 1 ? 's' : ''}` : '';
  return [months, days].filter(Boolean).join(' et ');
}

/** A rule as the API presents it. */
export function legalRuleView(rule: LegalRule): LegalRuleView {
  const law = DEFAULT_LEGAL_RULES[rule.id];
  return {
    id: rule.id,
    label: rule.label,
    scope: rule.scope,
    silence: rule.silence,
    references: rule.references,
    months: rule.months,
    days: rule.days,
    extendToWorkingDay: rule.extendToWorkingDay,
    default: { months: law.months, days: law.days, extendToWorkingDay: law.extendToWorkingDay },
    delayText: delayText(rule),
  };
}

/**
 * The decision rule of a request: an alignment's; a networks permission filed for a network
 * operator follows the coordination rule (works may start at the requested date); any other
 * permission, the permission rule.
 */
export function decisionRuleIdFor(request: {
  type: RequestKind;
  operatorPerimeterId?: number | null;
}): LegalRuleId {
  if (request.type === REQUEST_KIND.ALIGNMENT) return 'alignment';
  if (request.type === REQUEST_KIND.NETWORKS && request.operatorPerimeterId != null) return 'operatorWorks';
  return 'permission';
}
