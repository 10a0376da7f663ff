/** The type of a payload once its empty strings became null. */
export type EmptyStringsToNull<T> = T extends string
  ? T | null
  : T extends readonly (infer U)[]
    ? EmptyStringsToNull<U>[]
    : T extends object
      ? { [K in keyof T]: EmptyStringsToNull<T[K]> }
      : T;

function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Replaces empty (or blank) strings by null, in plain objects and arrays at any depth
 * (docs/validation.md "Filing wizard": cerfa and alignment payloads, the petitioner's address number).
 * Returns a new value; other values (numbers, dates, files) are kept as they are.
 */
export function emptyStringsToNull<T>(value: T): EmptyStringsToNull<T> {
  return convert(value) as EmptyStringsToNull<T>;
}

function convert(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) return value.map(convert);
  if (isPlainObject(value)) {
    const entries: [string, unknown][] = Object.entries(value);
    return Object.fromEntries(entries.map(([key, item]) => [key, convert(item)]));
  }
  return value;
}
