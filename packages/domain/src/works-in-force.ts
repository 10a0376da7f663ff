import { z } from 'zod';
import { numberOfDays, toIsoDate } from './dates.ts';
import { isPermissionKind } from './kinds.ts';
import { LIST_TABS, type StateId } from './states.ts';

// Works (the works calendar and the public works map): road permissions (kinds 1 and
// 3) granted and not yet received — the list's « En travaux » and « Demande de réception » tabs,
// states 4, 6, 7, 12 and 13 (docs/workflow.md "States"). Their works run from `date_start` to `date_end`,
// both days included. Cancelled (1), extended (10: its extension carries the works on) and
// received (2) requests are not works any more.

/** The states of a granted permission whose works are under way or awaiting their reception. */
export const GRANTED_WORKS_STATES: readonly StateId[] = LIST_TABS.filter(
  (tab) => tab.key === 'enTravaux' || tab.key === 'demandeReception',
).flatMap((tab) => tab.criteria.map((criterion) => criterion.stateId));

/** A works site as the rules read it (dates 'YYYY-MM-DD'; no end: the start day only). */
export interface GrantedWorks {
  type: number;
  stateId: number;
  dateStart: string | null;
  dateEnd: string | null;
}

/** True for a road permission granted whose works are not received (GRANTED_WORKS_STATES). */
export function isGrantedWorks(work: Pick<GrantedWorks, 'type' | 'stateId'>): boolean {
  return isPermissionKind(work.type) && (GRANTED_WORKS_STATES as readonly number[]).includes(work.stateId);
}

/** The last day of the works: the end day, or the start day when no end was given. */
export function worksLastDay(work: Pick<GrantedWorks, 'dateStart' | 'dateEnd'>): string | null {
  return work.dateEnd ?? work.dateStart;
}

/** « In force on a day »: granted works whose period holds the day (start ≤ day ≤ end). */
export function isInForceOn(work: GrantedWorks, day: string): boolean {
  const last = worksLastDay(work);
  return (
    isGrantedWorks(work) && work.dateStart !== null && last !== null && work.dateStart <= day && day <= last
  );
}

/** Granted works still to come or under way on `today` ('en_cours' / 'a_venir'), null otherwise. */
export function worksStatusOn(work: GrantedWorks, today: string): 'en_cours' | 'a_venir' | null {
  const last = worksLastDay(work);
  if (!isGrantedWorks(work) || work.dateStart === null || last === null || last < today) return null;
  return work.dateStart > today ? 'a_venir' : 'en_cours';
}

export const WORKS_STATUS_LABELS = { en_cours: 'En cours', a_venir: 'À venir' } as const;

export const WORKS_PERIOD_MESSAGES = {
  from: 'La date de début doit être une date (AAAA-MM-JJ).',
  to: 'La date de fin doit être une date (AAAA-MM-JJ).',
  order: 'La date de début doit précéder la date de fin.',
  tooLong: (days: number) => `La période ne peut pas dépasser ${String(days)} jours.`,
} as const;

/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not), with its French message. */
export function isoDay(message: string) {
  return z
    .string({ error: message })
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && toIsoDate(value) === value, message)
    .meta({ format: 'date', example: '2026-06-01' });
}

/** The refinement of a period: `from` before `to`, and at most `maxDays` days when given. */
export function checkPeriod(
  period: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
  maxDays?: number,
): void {
  if (!period.from || !period.to) return;
  if (period.from > period.to) {
    ctx.addIssue({ code: 'custom', message: WORKS_PERIOD_MESSAGES.order, path: ['to'] });
    return;
  }
  const days = numberOfDays(period.from, period.to) ?? 0;
  if (maxDays !== undefined && days > maxDays)
    ctx.addIssue({ code: 'custom', message: WORKS_PERIOD_MESSAGES.tooLong(maxDays), path: ['to'] });
}
