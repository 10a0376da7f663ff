// Tolerant readers of attribute values (GeoJSON properties, CSV fields): files converted from
// shapefiles or GeoPackages write booleans and numbers in several ways.

/** A trimmed non-empty string, or null. Numbers are written in decimal. */
export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

const TRUE = new Set(['true', 't', '1', 'oui', 'o', 'vrai', 'yes', 'y']);
const FALSE = new Set(['false', 'f', '0', 'non', 'n', 'faux', 'no']);

/** true/false, 'true'/'false', 1/0, 'oui'/'non', 'Vrai'/'Faux'; null when absent; undefined when unreadable. */
export function bool(value: unknown): boolean | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const key = value.trim().toLowerCase();
  if (key === '') return null;
  if (TRUE.has(key)) return true;
  if (FALSE.has(key)) return false;
  return undefined;
}

/** An integer; null when absent; undefined when not an integer. */
export function integer(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(number) ? number : undefined;
}

/** A decimal number ('.' or ',' as decimal mark); null when absent; undefined when unreadable. */
export function decimal(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?\d+([.,]\d+)?([eE][-+]?\d+)?\s*$/.test(value)
        ? Number(value.replace(',', '.'))
        : NaN;
  return Number.isFinite(number) ? number : undefined;
}

/** 'YYYY-MM-DD' (a longer ISO date-time is cut to its date); null when absent; undefined when not a date. */
export function isoDate(value: unknown): string | null | undefined {
  const raw = text(value);
  if (raw === null) return null;
  const match = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ].*)?$/.exec(raw);
  if (!match) return undefined;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return undefined;
  return `${y}-${m}-${d}`;
}

/** Lower case, without accents, blanks collapsed: to compare classification values. */
export function normalizeKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();
}

/** A JSON-ish rendering of a value for messages. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return `« ${value} »`;
  return JSON.stringify(value) ?? String(value);
}
