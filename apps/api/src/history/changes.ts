/** One field's change, as the history keeps it. */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

// Columns the database maintains itself: never a change someone made.
const MAINTAINED = new Set(['updatedAt', 'createdAt', 'searchText']);

function comparable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value) ?? '';
}

/** Equal values: a number and its text as PostgreSQL returns numeric columns ('1.50' = 1.5) too. */
function same(a: unknown, b: unknown): boolean {
  const [left, right] = [comparable(a), comparable(b)];
  if (left === right) return true;
  if ((typeof a === 'number' || typeof b === 'number') && left !== '' && right !== '')
    return Number(left) === Number(right);
  return false;
}

/**
 * The fields whose value differs between two versions of a row (the keys of `after` only), with
 * both values: what the history keeps of an edit. Empty and absent values count as the same.
 */
export function fieldChanges(before: object, after: object): Record<string, FieldChange> {
  const previous = new Map<string, unknown>(Object.entries(before));
  const changes: Record<string, FieldChange> = {};
  const values: [string, unknown][] = Object.entries(after);
  for (const [key, value] of values) {
    if (MAINTAINED.has(key)) continue;
    const old = previous.get(key);
    if (!same(old, value)) changes[key] = { before: old ?? null, after: value ?? null };
  }
  return changes;
}
