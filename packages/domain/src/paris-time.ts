// Instants as the community reads them: in Paris time, whatever the zone of the server or the
// browser. The domain never reads the clock: the caller hands the instant over.
// One formatter of each kind for the whole process: building one costs far more than using it.

const TIME_ZONE = 'Europe/Paris';
const ISO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: TIME_ZONE, dateStyle: 'short' });
const DAY_AND_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});
const TIME = new Intl.DateTimeFormat('fr-FR', { timeZone: TIME_ZONE, timeStyle: 'short' });

/** An instant as a Date, or null when absent or unreadable. */
function instant(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A formatter of instants that answers '' for an absent or unreadable one. */
const reading =
  (format: Intl.DateTimeFormat) =>
  (value: Date | string | null | undefined): string => {
    const date = instant(value);
    return date ? format.format(date) : '';
  };

/** The Paris day of an instant, 'YYYY-MM-DD'; '' when absent or unreadable. */
export const parisIsoDay = reading(ISO_DAY);

/** The Paris day of an instant, '01/12/2026'; '' when absent or unreadable. */
export const parisDate = reading(DAY);

/** An instant in Paris time, '01/12/2026 09:30'; '' when absent or unreadable. */
export const parisDateTime = reading(DAY_AND_TIME);

/** The Paris time of an instant, '09:30'; '' when absent or unreadable. */
export const parisTime = reading(TIME);
