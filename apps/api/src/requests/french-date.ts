// One formatter for the whole process: toLocaleDateString with options builds a new one on
// every call, which the 100,000 lines of an export pay for in time and garbage.
const PARIS_DAY = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
export const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' as written, as DD/MM/YYYY; a timestamp as its day in Paris; '' when absent or unreadable. */
export function frenchDate(value: unknown): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : PARIS_DAY.format(value);
  if (typeof value !== 'string' || value === '') return '';
  const day = DAY_ONLY.exec(value);
  if (day) return `${day[3]!}/${day[2]!}/${day[1]!}`;
  return frenchDate(new Date(value));
}

const PARIS_ISO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Paris day of an instant, 'YYYY-MM-DD' (today by default): the legal clock's and the statistics' day. */
export function parisToday(now: Date = new Date()): string {
  return PARIS_ISO_DAY.format(now);
}

const PARIS_DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '01/12/2026 à 09:30' in Paris time; '' when absent. */
export function frenchDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : PARIS_DATE_TIME.format(date).replace(' ', ' à ');
}
