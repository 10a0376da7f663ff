import { COMPETENCES_WITHOUT_POINTS, SINKING_MANDATORY } from './decision-lists.ts';

/**
 * decisionDebitLS is forced to this value when the networks decision loads (docs/data-model.md
 * "Entities").
 */
export const DEFAULT_DECISION_DEBIT_LS = 3;

/**
 * Debit in l/s/ha = flow rate × surface ÷ 10000, rounded to 5 decimals (docs/validation.md
 * "Decision dialog"). Returns null when either input is missing or not a finite number.
 */
export function debitPerHectare(
  flowRate: number | null | undefined,
  surface: number | null | undefined,
): number | null {
  if (flowRate == null || surface == null || !Number.isFinite(flowRate) || !Number.isFinite(surface))
    return null;
  return Math.round(((flowRate * surface) / 10000) * 1e5) / 1e5;
}

/**
 * True when a street of this competence has no alignment points (RD or Privée, docs/validation.md
 * "Decision dialog").
 */
export function competenceClearsPoints(competence: string | null | undefined): boolean {
  return (COMPETENCES_WITHOUT_POINTS as readonly string[]).includes(competence ?? '');
}

/** A street of an alignment decision with its points emptied when its competence says so. */
export function applyCompetenceRule<
  T extends { competence?: string | null; points?: readonly unknown[] | null },
>(rue: T): T {
  return competenceClearsPoints(rue.competence) ? { ...rue, points: [] } : rue;
}

/** The recommended trench fields cleared by an obligatory sinking. */
export const RECOMMENDED_TRENCH_FIELDS = [
  'decisionRoadwayTrenchRecommended',
  'decisionSidewalkTrenchRecommended',
  'decisionShoulderVirginLandTrenchRecommended',
] as const;

/** A networks decision with the recommended trench values cleared when sinking is obligatory. */
export function applySinkingRule<T extends { decisionSinking?: string | null }>(decision: T): T {
  if (decision.decisionSinking !== SINKING_MANDATORY) return decision;
  const cleared: Record<string, null> = {};
  for (const field of RECOMMENDED_TRENCH_FIELDS) cleared[field] = null;
  return { ...decision, ...cleared };
}
