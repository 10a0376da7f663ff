import { CLOCK_STATUS_LABELS, DEADLINE_FILTERS, formatDateFr, type DeadlineFilter } from '@voirie/domain';
import type { RequestRow } from './row-actions';

// The legal deadline on the list (docs/legal-deadlines.md): the « Échéance » column and
// its quick filters. The API gives each row its deadline, days left and status (counted on the
// Paris day); this only words them.

export const DEADLINE_TEXTS = {
  column: 'Échéance',
  filters: 'Filtrer sur l’échéance légale',
  none: 'Pas de délai en cours',
} as const;

/** The quick filters, in the toolbar's order, with the domain's labels. */
export const DEADLINE_FILTER_OPTIONS: readonly { value: DeadlineFilter; label: string }[] =
  DEADLINE_FILTERS.map((value) => ({ value, label: CLOCK_STATUS_LABELS[value] }));

/** True for a value of the deadline quick filter. */
export function isDeadlineFilter(value: unknown): value is DeadlineFilter {
  return (DEADLINE_FILTERS as readonly unknown[]).includes(value);
}

/** What the « Échéance » cell shows: a short text, its status, and a sentence for screen readers. */
export interface DeadlineCell {
  /** '12 j', '3 j', 'Dépassée'. */
  text: string;
  status: 'running' | 'near' | 'overdue';
  /** 'Échéance le 12/05/2026 : 3 jours restants (Échéance < 7 jours)'. */
  description: string;
}

const daysText = (days: number) => `${String(days)} jour${days > 1 ? 's' : ''} restant${days > 1 ? 's' : ''}`;

/** The cell of a row whose clock runs, or null (suspended, stopped, never started). */
export function deadlineCellOf(
  row: Pick<RequestRow, 'deadlineOn' | 'daysLeft' | 'deadlineStatus'>,
): DeadlineCell | null {
  const { deadlineOn, daysLeft, deadlineStatus: status } = row;
  if (!deadlineOn || daysLeft === null || !status) return null;
  const on = `Échéance le ${formatDateFr(deadlineOn)}`;
  if (status === 'overdue')
    return {
      text: CLOCK_STATUS_LABELS.overdue,
      status,
      description: `${on} : ${CLOCK_STATUS_LABELS.overdue}`,
    };
  const left = `${on} : ${daysText(daysLeft)}`;
  return {
    text: `${String(daysLeft)} j`,
    status,
    description: status === 'near' ? `${left} (${CLOCK_STATUS_LABELS.near})` : left,
  };
}
