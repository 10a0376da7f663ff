import { CLOCK_STATUS_LABELS, type Statistics } from '@voirie/domain';
import { STATISTICS_TEXTS as T } from './statistics-texts';

/** A chart's data as a table: what screen readers read, what the CSV holds. */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
}

const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'janv. 2025' for '2025-01'. */
export function monthLabel(month: string): string {
  return MONTH.format(new Date(`${month}-01T00:00:00Z`));
}

export function monthsTable(stats: Statistics): ChartTable {
  return {
    columns: [T.month, T.count],
    rows: stats.byMonth.map((row) => [monthLabel(row.month), row.count]),
  };
}

export function kindsTable(stats: Statistics): ChartTable {
  return { columns: [T.kindColumn, T.count], rows: stats.byKind.map((row) => [row.label, row.count]) };
}

export function statesTable(stats: Statistics): ChartTable {
  return { columns: [T.stateColumn, T.count], rows: stats.byState.map((row) => [row.label, row.count]) };
}

export function townsTable(stats: Statistics): ChartTable {
  return { columns: [T.townColumn, T.count], rows: stats.byTown.map((row) => [row.name, row.count]) };
}

export function durationsTable(stats: Statistics): ChartTable {
  const { filingToDecision, orderToReception } = stats.durations;
  return {
    columns: [T.measure, T.median, T.p90, T.measured],
    rows: [
      [T.filingToDecision, filingToDecision.median, filingToDecision.p90, filingToDecision.count],
      [T.orderToReception, orderToReception.median, orderToReception.p90, orderToReception.count],
    ],
  };
}

/** Share as a French percentage, one decimal ('75 %', '66,7 %'). */
export function percent(share: number | null): string {
  if (share === null) return '—';
  return `${(Math.round(share * 1000) / 10).toLocaleString('fr-FR')} %`;
}

export function decisionsTable(stats: Statistics): ChartTable {
  const { total, favourable, share } = stats.decisions;
  return {
    columns: [T.decision, T.count, T.share],
    rows: [
      [T.favourable, favourable, percent(share)],
      [T.unfavourable, total - favourable, share === null ? '—' : percent(1 - share)],
    ],
  };
}

export function deadlinesTable(stats: Statistics): ChartTable {
  const { overdue, near, running } = stats.deadlines;
  return {
    columns: [T.status, T.count],
    rows: [
      [CLOCK_STATUS_LABELS.overdue, overdue],
      [CLOCK_STATUS_LABELS.near, near],
      [CLOCK_STATUS_LABELS.running, running],
    ],
  };
}
