import { formatDateFr, type ClockView, type RequestDetail } from '@voirie/domain';
import type { SummaryEntry } from './request-summary';

// The request's legal clock on its page (docs/legal-deadlines.md): the rule, the
// deadline and where it stands, the implicit decision once recorded, and the clock's history —
// as the API words them (the domain's labels); this only lays them out.

export const LEGAL_CLOCK_TEXTS = {
  heading: 'Délai légal',
  rule: 'Règle',
  startedOn: 'Délai démarré le',
  deadline: 'Échéance',
  status: 'Situation',
  implicitDecision: 'Décision implicite',
  history: 'Historique du délai',
  noHistory: 'Aucun changement enregistré.',
  daysLeft: (days: number) => `${String(days)} jour${days > 1 ? 's' : ''} restant${days > 1 ? 's' : ''}`,
  eventDeadline: (date: string) => `échéance le ${date}`,
} as const;

/** True when the request has a clock to show (a filed request; not a draft or an old import). */
export function hasLegalClock(request: Pick<RequestDetail, 'clock' | 'clockEvents'>): boolean {
  return request.clock !== null || request.clockEvents.length > 0;
}

/** 'Échéance < 7 jours — 3 jours restants', 'Dépassée', 'Délai suspendu'. */
function statusText(clock: ClockView): string {
  if (!clock.statusLabel) return '';
  const left =
    clock.daysLeft !== null && clock.daysLeft > 0 ? LEGAL_CLOCK_TEXTS.daysLeft(clock.daysLeft) : '';
  return left ? `${clock.statusLabel} — ${left}` : clock.statusLabel;
}

/** The clock as label/value pairs; the implicit decision only once it is recorded. */
export function legalClockSummary(clock: ClockView): SummaryEntry[] {
  const entries: SummaryEntry[] = [
    { label: LEGAL_CLOCK_TEXTS.rule, value: clock.ruleLabel ?? '' },
    { label: LEGAL_CLOCK_TEXTS.startedOn, value: formatDateFr(clock.startedOn) },
    { label: LEGAL_CLOCK_TEXTS.deadline, value: formatDateFr(clock.deadlineOn) },
    { label: LEGAL_CLOCK_TEXTS.status, value: statusText(clock) },
  ];
  if (clock.implicitDecisionText)
    entries.push({ label: LEGAL_CLOCK_TEXTS.implicitDecision, value: clock.implicitDecisionText });
  return entries;
}

/** One line of the history: 'Délai démarré (dossier déposé)', its day, the deadline it set. */
export function clockEventLine(event: RequestDetail['clockEvents'][number]): {
  label: string;
  date: string;
  deadline: string | null;
} {
  return {
    label: event.label,
    date: formatDateFr(event.onDate),
    deadline: event.deadlineOn ? LEGAL_CLOCK_TEXTS.eventDeadline(formatDateFr(event.deadlineOn)) : null,
  };
}
