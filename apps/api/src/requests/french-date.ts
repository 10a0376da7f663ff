import { parisDate, parisDateTime, parisIsoDay } from '@voirie/domain';

// The dates of mails, orders and exports (the formatters themselves: @voirie/domain's
// paris-time.ts, one of each for the whole process).
export const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' as written, as DD/MM/YYYY; a timestamp as its day in Paris; '' when absent or unreadable. */
export function frenchDate(value: unknown): string {
  if (value instanceof Date) return parisDate(value);
  if (typeof value !== 'string' || value === '') return '';
  const day = DAY_ONLY.exec(value);
  if (day) return `${day[3]!}/${day[2]!}/${day[1]!}`;
  return frenchDate(new Date(value));
}

/** The Paris day of an instant, 'YYYY-MM-DD' (today by default): the legal clock's and the statistics' day. */
export function parisToday(now: Date = new Date()): string {
  return parisIsoDay(now);
}

/** '01/12/2026 à 09:30' in Paris time; '' when absent. */
export function frenchDateTime(value: string | null | undefined): string {
  return parisDateTime(value).replace(' ', ' à ');
}
