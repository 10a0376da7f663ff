import { parisIsoDay } from '@voirie/domain';
import type { RequestRow } from './row-actions';

// The grid's column filters and the API's `searchFilter` keys (docs/api-requests.md): most
// columns filter on their own name; the instructor column filters on `instructeurId`.

/** The API key of a grid column's filter. */
const API_KEYS: Readonly<Record<string, string>> = { instructeur: 'instructeurId' };

/** The API's `searchFilter` key of a grid column. */
export function apiFilterKey(gridField: string): string {
  return API_KEYS[gridField] ?? gridField;
}

/** The grid column of an API `searchFilter` key. */
export function gridFilterField(apiKey: string): string {
  return Object.entries(API_KEYS).find(([, key]) => key === apiKey)?.[0] ?? apiKey;
}

/** Columns whose filter value is a number (an id), the others being "contains" texts. */
const NUMERIC_FILTERS: readonly string[] = ['id', 'stateId', 'instructeur'];

/** The filter's operator in the grid: '=' for the id, 'is' for lists, else 'contains'. */
export function gridOperatorOf(gridField: string): 'is' | '=' | 'contains' {
  if (gridField === 'id') return '=';
  return NUMERIC_FILTERS.includes(gridField) ? 'is' : 'contains';
}

/** The value sent for a grid filter: a number for id columns, a trimmed text otherwise; null to clear. */
export function filterValueOf(gridField: string, raw: unknown): string | number | null {
  if (NUMERIC_FILTERS.includes(gridField)) {
    if (raw === '' || raw === null || raw === undefined) return null;
    const number = Number(raw);
    return Number.isFinite(number) ? number : null;
  }
  return typeof raw === 'string' && raw.trim() ? raw.trim() : null;
}

/** 'Inconnu': the value of requests without an instructor (`instructeurId` 0 for the API). */
export const UNKNOWN_INSTRUCTOR = { value: 0, label: 'Inconnu' } as const;

/** The instructor filter's value of a row: its instructor's id, 0 without one. */
export function instructorValueOf(row: Pick<RequestRow, 'instructeurId'>): number {
  return row.instructeurId ?? 0;
}

/**
 * The choices of the instructor filter: 'Inconnu', then the instructors of the page's rows by
 * name, and the filtered instructor even when the page has no row of theirs.
 */
export function instructorOptions(
  rows: readonly RequestRow[],
  current: number | null,
): { value: number; label: string }[] {
  const byId = new Map<number, string>();
  for (const row of rows) {
    if (!row.instructeurId || byId.has(row.instructeurId)) continue;
    const initials =
      row.instructeurInitials && row.instructeurInitials !== UNKNOWN_INSTRUCTOR.label
        ? row.instructeurInitials
        : '';
    byId.set(row.instructeurId, initials || `Instructeur n° ${row.instructeurId}`);
  }
  if (current && !byId.has(current)) byId.set(current, `Instructeur n° ${current}`);
  const named = [...byId]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
  return [{ ...UNKNOWN_INSTRUCTOR }, ...named];
}

/**
 * The deposit day of a request, 'YYYY-MM-DD' in Paris (the API filters deposit dates on Paris
 * days): the deposit date is an instant; a plain day is kept as is. Null when unreadable.
 */
export function depositDayOf(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return parisIsoDay(value) || null;
}
