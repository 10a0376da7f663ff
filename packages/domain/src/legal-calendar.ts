// Calendar arithmetic of the legal clock, on calendar dates 'YYYY-MM-DD' (Europe/Paris days; the
// domain never reads the clock). Public holidays are those of metropolitan France (Code du
// travail L3133-1); Alsace-Moselle's two extra days do not concern the Landes.

const DAY_MS = 86_400_000;

function dayNumberOf(isoDate: string): number {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function isoOfDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Adds calendar days to a valid date (negative: earlier). */
export function shiftDays(isoDate: string, days: number): string {
  return isoOfDayNumber(dayNumberOf(isoDate) + days);
}

/**
 * Adds calendar months to a date, the day clamped to the end of a shorter month (31 January + 1
 * month = 28 or 29 February), as PostgreSQL's `date + interval 'n months'` does and as a delay
 * « expressed in months » ends on the same day number (Code de procédure civile, art. 641).
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

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, « Meeus/Jones/Butcher »). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The eleven public holidays of metropolitan France in a year, in date order. */
export function publicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = (monthDay: string) => `${String(year)}-${monthDay}`;
  return [
    fixed('01-01'),
    shiftDays(easter, 1), // lundi de Pâques
    fixed('05-01'),
    fixed('05-08'),
    shiftDays(easter, 39), // Ascension
    shiftDays(easter, 50), // lundi de Pentecôte
    fixed('07-14'),
    fixed('08-15'),
    fixed('11-01'),
    fixed('11-11'),
    fixed('12-25'),
  ].sort();
}

/** True for Monday to Friday when not a public holiday. */
export function isWorkingDay(isoDate: string): boolean {
  const weekDay = new Date(dayNumberOf(isoDate) * DAY_MS).getUTCDay();
  if (weekDay === 0 || weekDay === 6) return false;
  return !publicHolidays(Number(isoDate.slice(0, 4))).includes(isoDate.slice(0, 10));
}

/**
 * The day itself when it is a working day, else the next one: a delay that would end on a
 * Saturday, a Sunday or a public holiday is extended to the next working day (Code de procédure
 * civile, art. 642), where the rule says so.
 */
export function nextWorkingDay(isoDate: string): string {
  let day = isoDate.slice(0, 10);
  while (!isWorkingDay(day)) day = shiftDays(day, 1);
  return day;
}
