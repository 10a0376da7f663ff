import { z } from 'zod';
import { formatDateFr } from './dates.ts';
import { shiftDays, addMonths, daysBetween, nextWorkingDay } from './legal-calendar.ts';
import { delayText, type LegalDelay, type LegalRule, type LegalRuleId } from './legal-rules.ts';
import type { StateId } from './states.ts';

// The legal clock of a request: when its decision delay starts, is suspended, starts
// again and stops, what day it ends, and what the applicant is told. Pure: the API stores the
// clock on the request and writes each change as an event, in the transaction of the change
// (apps/api/src/legal-clock/). Facts: shared/spec/3-legal-notes.md, docs/legal-deadlines.md.

/**
 * The states in which the authority owes the decision, so the delay runs: filed (3, in signature
 * or not), completed (9), and the transient order generation (999). It is suspended while the
 * applicant completes (8) and stops when the request leaves these states otherwise (signed
 * decision 4 or 5, reorientation 11, cancellation 1).
 */
export const CLOCK_RUNNING_STATES: readonly StateId[] = [3, 9, 999];
const SUSPENDED_STATE: StateId = 8;

/** A deadline fewer than this many days away is near ('Échéance < 7 jours'). */
export const CLOCK_NEAR_DAYS = 7;

/** The clock as the request stores it. */
export interface LegalClock {
  ruleId: LegalRuleId | null;
  /** The day its current run started: the filing, or the receipt of the missing pieces. */
  startedOn: string | null;
  /**
   * The day the delay runs out — the day silence becomes a decision (an implicit refusal « née »
   * that day); null when the clock does not run (suspended, stopped).
   */
  deadlineOn: string | null;
  suspendedOn: string | null;
  stoppedOn: string | null;
  /** The day the implicit decision was recorded (its date is the deadline of that run). */
  implicitDecisionOn: string | null;
}

export const CLOCK_EVENT_KINDS = [
  'started',
  'suspended',
  'restarted',
  'stopped',
  'implicitDecision',
] as const;
export type ClockEventKind = (typeof CLOCK_EVENT_KINDS)[number];

/** What the clock's history shows for each event. */
export const CLOCK_EVENT_LABELS: Readonly<Record<ClockEventKind, string>> = {
  started: 'Délai démarré (dossier déposé)',
  suspended: 'Délai suspendu (pièces demandées)',
  restarted: 'Délai redémarré (pièces reçues)',
  stopped: 'Délai arrêté',
  implicitDecision: 'Délai expiré',
};

/** One change of the clock, as its history keeps it. */
export interface ClockEvent {
  kind: ClockEventKind;
  onDate: string;
  /** The deadline after the change (null when the clock no longer runs). */
  deadlineOn: string | null;
  ruleId: LegalRuleId;
}

export interface ClockChange {
  clock: LegalClock;
  event: ClockEvent;
}

const isRunningState = (stateId: number) => (CLOCK_RUNNING_STATES as readonly number[]).includes(stateId);

/** The day a delay started on `startedOn` runs out under `delay`. */
export function deadlineFrom(startedOn: string, delay: LegalDelay): string {
  const end = shiftDays(addMonths(startedOn, delay.months), delay.days);
  return delay.extendToWorkingDay ? nextWorkingDay(end) : end;
}

/** The clock of a request filed `today` (the filing, or an extension request). */
export function startClock(rule: LegalRule, today: string): ClockChange {
  const deadlineOn = deadlineFrom(today, rule);
  return {
    clock: {
      ruleId: rule.id,
      startedOn: today,
      deadlineOn,
      suspendedOn: null,
      stoppedOn: null,
      implicitDecisionOn: null,
    },
    event: { kind: 'started', onDate: today, deadlineOn, ruleId: rule.id },
  };
}

/**
 * The clock after a state change, or null when the change does not touch it: into 8 it is
 * suspended; from 8 back to 9 it starts again from the receipt of the pieces (CRPA L114-5: the
 * whole delay, not what was left); leaving the running states otherwise stops it. Moves between
 * running states (order generation, signature) change nothing.
 */
export function clockAfterStateChange(
  clock: LegalClock,
  change: { from: number; to: number; today: string; rule: LegalRule },
): ClockChange | null {
  const { from, to, today, rule } = change;
  if (from === to) return null;
  const ruleId = clock.ruleId ?? rule.id;
  if (from === SUSPENDED_STATE && to === 9) {
    const restarted = startClock(rule, today);
    return { clock: restarted.clock, event: { ...restarted.event, kind: 'restarted' } };
  }
  if (isRunningState(from) && to === SUSPENDED_STATE) {
    return {
      clock: { ...clock, ruleId, deadlineOn: null, suspendedOn: today },
      event: { kind: 'suspended', onDate: today, deadlineOn: null, ruleId },
    };
  }
  const wasCounting = isRunningState(from) || from === SUSPENDED_STATE;
  if (wasCounting && !isRunningState(to) && to !== SUSPENDED_STATE) {
    return {
      clock: { ...clock, ruleId, deadlineOn: null, stoppedOn: today },
      event: { kind: 'stopped', onDate: today, deadlineOn: null, ruleId },
    };
  }
  return null;
}

/** Where a clock stands on a day. */
export type ClockStatus = 'running' | 'near' | 'overdue' | 'suspended' | 'stopped';

export const DEADLINE_FILTERS = ['near', 'overdue'] as const;
export type DeadlineFilter = (typeof DEADLINE_FILTERS)[number];

/** The list's deadline filters and the statuses of a running clock, as shown. */
export const CLOCK_STATUS_LABELS: Readonly<Record<ClockStatus, string>> = {
  overdue: 'Dépassée',
  near: `Échéance < ${String(CLOCK_NEAR_DAYS)} jours`,
  running: 'Dans les délais',
  suspended: 'Délai suspendu',
  stopped: 'Délai arrêté',
};

/** Days from `today` to the deadline, and the status they give (null when nothing runs). */
export function deadlineStanding(
  deadlineOn: string,
  today: string,
): { daysLeft: number; status: 'running' | 'near' | 'overdue' } {
  const daysLeft = daysBetween(today, deadlineOn);
  const status = daysLeft <= 0 ? 'overdue' : daysLeft < CLOCK_NEAR_DAYS ? 'near' : 'running';
  return { daysLeft, status };
}

/**
 * The deadline bounds of a filter on `today`, as a database compares them with an index:
 * 'overdue' is a deadline on or before `today`; 'near' after `today` and before `nearBefore`.
 */
export function deadlineFilterBounds(today: string): { overdueUpTo: string; nearBefore: string } {
  return { overdueUpTo: today, nearBefore: shiftDays(today, CLOCK_NEAR_DAYS) };
}

/** The clock as screens show it on a day. */
export const ClockViewSchema = z.object({
  ruleId: z.string().nullable(),
  ruleLabel: z.string().nullable(),
  status: z.enum(['running', 'near', 'overdue', 'suspended', 'stopped']).nullable(),
  statusLabel: z.string().nullable(),
  startedOn: z.string().nullable(),
  deadlineOn: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  implicitDecisionOn: z.string().nullable(),
  /** 'Décision implicite de rejet le 26/01/2027', or the operator case; null before. */
  implicitDecisionText: z.string().nullable(),
});
export type ClockView = z.infer<typeof ClockViewSchema>;

/** The clock on `today`: its status, days left, and the implicit decision's words. */
export function clockView(clock: LegalClock, rule: LegalRule | null, today: string): ClockView {
  const standing = clock.deadlineOn ? deadlineStanding(clock.deadlineOn, today) : null;
  const status: ClockStatus | null = standing
    ? standing.status
    : clock.suspendedOn && !clock.stoppedOn
      ? 'suspended'
      : clock.stoppedOn
        ? 'stopped'
        : null;
  return {
    ruleId: clock.ruleId,
    ruleLabel: rule?.label ?? null,
    status,
    statusLabel: status ? CLOCK_STATUS_LABELS[status] : null,
    startedOn: clock.startedOn,
    deadlineOn: clock.deadlineOn,
    daysLeft: standing?.daysLeft ?? null,
    implicitDecisionOn: clock.implicitDecisionOn,
    implicitDecisionText:
      clock.implicitDecisionOn && rule ? implicitDecisionText(rule, clock.implicitDecisionOn) : null,
  };
}

/** True when the delay has run out without a decision and the implicit decision is not recorded yet. */
export function isImplicitDecisionDue(
  clock: Pick<LegalClock, 'deadlineOn' | 'implicitDecisionOn'>,
  today: string,
): boolean {
  return clock.deadlineOn !== null && clock.implicitDecisionOn === null && clock.deadlineOn <= today;
}

/** The words of an implicit decision born on `decidedOn` (the deadline). */
export function implicitDecisionText(rule: Pick<LegalRule, 'silence'>, decidedOn: string): string {
  return rule.silence === 'worksMayStart'
    ? `Sans décision expresse le ${formatDateFr(decidedOn)} : travaux possibles à la date demandée`
    : `Décision implicite de rejet le ${formatDateFr(decidedOn)}`;
}

/** The court and the appeal delay the applicant is told of (CJA R421-2, CRPA L232-4). */
export const APPEAL = {
  court: 'tribunal administratif de Pau',
  months: 2,
} as const;

/** The appeal routes against an implicit refusal, in a sentence. */
export function appealSentence(): string {
  return `Une décision implicite de rejet peut être contestée dans un délai de ${String(APPEAL.months)} mois à compter de la date à laquelle elle est née, par un recours gracieux auprès de la collectivité ou par un recours contentieux devant le ${APPEAL.court} ; dans ce même délai, vous pouvez demander la communication de ses motifs (CRPA, art. L232-4).`;
}

/**
 * The acknowledgement of receipt's legal mentions (CRPA L112-3, R112-5): the day the complete
 * file was received, the delay, the day silence becomes a decision and what it will mean, the
 * appeal routes. `requestedStart` is the works' start day (the operator case names it).
 */
export function acknowledgementLines(options: {
  rule: LegalRule;
  receivedOn: string;
  deadlineOn: string;
  requestedStart?: string | null;
}): string[] {
  const { rule, receivedOn, deadlineOn } = options;
  const lines = [
    `Date de réception du dossier complet : ${formatDateFr(receivedOn)}.`,
    `Délai d'instruction : ${delayText(rule)} (${rule.label}).`,
  ];
  if (rule.silence === 'worksMayStart') {
    const start = options.requestedStart ? ` (${formatDateFr(options.requestedStart)})` : '';
    lines.push(
      `Sans décision expresse au ${formatDateFr(deadlineOn)}, les travaux pourront être exécutés à la date indiquée dans votre demande${start} (Code de la voirie routière, art. L115-1).`,
    );
  } else {
    lines.push(
      `Sans décision expresse au ${formatDateFr(deadlineOn)}, le silence gardé vaudra décision implicite de rejet de votre demande (CRPA, art. L231-4).`,
      appealSentence(),
    );
  }
  lines.push(
    'Si des pièces manquent, elles vous seront demandées et le délai courra de leur réception (CRPA, art. L114-5).',
  );
  return lines;
}

/** What the applicant is told when the delay runs out without a decision. */
export function implicitDecisionMailLines(options: {
  rule: LegalRule;
  requestNumber: string;
  decidedOn: string;
}): string[] {
  const { rule, requestNumber, decidedOn } = options;
  if (rule.silence === 'worksMayStart') {
    return [
      `Le délai de ${delayText(rule)} de votre demande n° ${requestNumber} a expiré le ${formatDateFr(decidedOn)} sans décision expresse.`,
      'Les travaux peuvent être exécutés à la date indiquée dans votre demande (Code de la voirie routière, art. L115-1).',
      'La collectivité peut encore vous notifier une décision expresse.',
    ];
  }
  return [
    `Le délai de ${delayText(rule)} de votre demande n° ${requestNumber} a expiré le ${formatDateFr(decidedOn)} sans décision expresse : votre demande est réputée rejetée (décision implicite de rejet, CRPA art. L231-4).`,
    appealSentence(),
    'La collectivité peut encore prendre une décision expresse, qui vous sera notifiée.',
  ];
}
