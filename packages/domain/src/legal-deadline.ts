import type { StateId } from './states.ts';

// The legal clock of a request, kept minimal here (issue 16's statistics read it; issue 17 owns
// the full clock: rules per kind an admin adjusts, suspensions, implicit decisions, digests).
// Facts: shared/spec/3-legal-notes.md, and docs/statistics.md for the reading we make of them.

/**
 * The delay the authority has to decide, and what runs it:
 * - two months of silence on a request is a decision: an implicit refusal for a road-occupation
 *   permission (CRPA L231-1 and L231-4; décrets n° 2015-1459 and 2015-1461 of 10 November 2015);
 * - the delay starts when the file is complete: at the filing, or, when pieces were missing, on
 *   the receipt of the missing pieces (CRPA L114-5) — the 'complete' transition, 8 -> 9;
 * - it runs while the authority owes the decision (states 3 — in signature or not —, 9, and the
 *   transient 999); it is suspended while the applicant completes (8) and stops with the signed
 *   decision, a reorientation or a cancellation (the request leaves those states).
 */
export const LEGAL_DEADLINE = {
  months: 2,
  runningStates: [3, 9, 999] as readonly StateId[],
  /** A deadline this many days away or fewer is near (issue 17's 'Échéance < 7 jours'). */
  nearDays: 7,
  references: 'CRPA L231-1, L231-4 et L114-5 ; décrets n° 2015-1459 et 2015-1461 du 10 novembre 2015',
} as const;

/** Where a running clock stands on a given day. */
export type DeadlineStatus = 'overdue' | 'near' | 'running';

export const DEADLINE_STATUS_LABELS: Readonly<Record<DeadlineStatus, string>> = {
  overdue: 'Délai dépassé',
  near: `Échéance dans ${String(LEGAL_DEADLINE.nearDays)} jours ou moins`,
  running: 'Dans les délais',
};

const DAY_MS = 86_400_000;

function dayNumberOf(isoDate: string): number {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/**
 * Adds calendar months to a date ('YYYY-MM-DD'), the day clamped to the end of a shorter month
 * (31 January + 1 month = 28 or 29 February), as PostgreSQL's `date + interval 'n months'` does.
 */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumberOf(to) - dayNumberOf(from);
}

/**
 * The day the legal delay of a request ends, or null when its clock does not run (decided,
 * closed, or waiting for the applicant's pieces). Days are calendar days of Europe/Paris:
 * `filedOn` the filing day, `completedOn` the day the last missing pieces were received.
 */
export function legalDeadline(request: {
  stateId: number;
  filedOn: string;
  completedOn?: string | null;
}): string | null {
  if (!(LEGAL_DEADLINE.runningStates as readonly number[]).includes(request.stateId)) return null;
  const start =
    request.completedOn && request.completedOn > request.filedOn ? request.completedOn : request.filedOn;
  return addMonths(start, LEGAL_DEADLINE.months);
}

/** Where a deadline stands on `today`: past it, within LEGAL_DEADLINE.nearDays, or running. */
export function deadlineStatus(deadline: string, today: string): DeadlineStatus {
  const left = daysBetween(today, deadline);
  if (left < 0) return 'overdue';
  return left <= LEGAL_DEADLINE.nearDays ? 'near' : 'running';
}

/** Adds calendar days to a date ('YYYY-MM-DD'). */
function plusDays(isoDate: string, days: number): string {
  return new Date((dayNumberOf(isoDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The first day `from` on (or after) which `test` holds, `test` being false then true as days pass. */
function firstDay(from: string, test: (day: string) => boolean): string {
  let day = from;
  while (!test(day)) day = plusDays(day, 1);
  return day;
}

/**
 * The deadline statuses of `today` as bounds on the day a clock started (the filing, or the
 * receipt of the missing pieces): a clock started before `overdueBefore` is past its deadline,
 * one started before `nearBefore` is near it, later ones run. The same rule as legalDeadline and
 * deadlineStatus (the deadline grows with the start day), in a form a database compares with an
 * index: the statistics count 100 000 requests with it.
 */
export function deadlineStartBounds(today: string): { overdueBefore: string; nearBefore: string } {
  // Two months earlier, less a few days for the month-end clamping: the bounds are just after.
  const from = plusDays(addMonths(today, -LEGAL_DEADLINE.months), -4);
  const overdueBefore = firstDay(from, (day) => addMonths(day, LEGAL_DEADLINE.months) >= today);
  const nearBefore = firstDay(
    overdueBefore,
    (day) => daysBetween(today, addMonths(day, LEGAL_DEADLINE.months)) > LEGAL_DEADLINE.nearDays,
  );
  return { overdueBefore, nearBefore };
}
