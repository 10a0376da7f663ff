// Calendar dates as ISO strings 'YYYY-MM-DD' (no time zone, no clock): the domain never reads the clock.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const FRENCH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date, or null when the date does not exist. */
function dayNumber(year: number, month: number, day: number): number | null {
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return time / DAY_MS;
}

/**
 * Reads a calendar date written 'YYYY-MM-DD' (a time part is ignored) or 'DD/MM/YYYY'
 * and returns it as 'YYYY-MM-DD', or null when it is not a real date.
 */
export function toIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  const french = iso ? null : FRENCH_DATE.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : french ? [french[3], french[2], french[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  if (dayNumber(year, month, day) === null) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Formats a calendar date for display, DD/MM/YYYY; '' when the date is missing or invalid. */
export function formatDateFr(value: string | null | undefined): string {
  const iso = toIsoDate(value);
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
}

function isoDayNumber(value: string): number | null {
  const iso = toIsoDate(value);
  if (!iso) return null;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return dayNumber(year, month, day);
}

/**
 * Number of days of works: end − start + 1, in calendar days (docs/validation.md "Step 4",
 * docs/data-model.md "Entities"). Same day gives 1; an end before the start gives 0 or less. Null
 * when a date is missing or invalid.
 */
export function numberOfDays(
  start: string | null | undefined,
  end: string | null | undefined,
): number | null {
  if (!start || !end) return null;
  const from = isoDayNumber(start);
  const to = isoDayNumber(end);
  if (from === null || to === null) return null;
  return to - from + 1;
}

/** Adds calendar days to a date ('YYYY-MM-DD'); null when the date is invalid. */
export function addDays(date: string, days: number): string | null {
  const from = isoDayNumber(date);
  if (from === null) return null;
  return new Date((from + days) * DAY_MS).toISOString().slice(0, 10);
}
