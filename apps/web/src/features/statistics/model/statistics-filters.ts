import { parisIsoDay } from '@voirie/domain';
import type { RequestKind, StatisticsQuery } from '@voirie/domain';

/** The filters as the form holds them ('' = all). */
export interface StatisticsFilters {
  from: string;
  to: string;
  type: '' | `${RequestKind}`;
  insee: string;
}

/** The page opens on the last twelve months: from the first day of the month eleven months ago to today. */
export function defaultFilters(now: Date = new Date()): StatisticsFilters {
  const today = parisIsoDay(now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1 - 11, 1)).toISOString().slice(0, 10);
  return { from: start, to: today, type: '', insee: '' };
}

/** True when both dates are set and the start comes after the end. */
export function isPeriodReversed(filters: StatisticsFilters): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

/** The API's query (empty filters left out). */
export function toQuery(filters: StatisticsFilters): StatisticsQuery {
  return {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.type ? { type: Number(filters.type) as RequestKind } : {}),
    ...(filters.insee ? { insee: filters.insee } : {}),
  };
}
