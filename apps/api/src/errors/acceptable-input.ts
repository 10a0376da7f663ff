import { AppError } from './app-error.ts';
import { fieldError } from './field-errors.ts';

// Two rules every input follows, whatever its route (500s under a fuzz). A NUL character
// cannot be stored in a PostgreSQL text (nor escaped in a jsonb): it is refused as it arrives, not
// left to fail in the database. And a body nests at most JSON_MAX_DEPTH levels: the code that walks
// a body (empty strings to null, the schemas) recurses, and 5,000 levels overflowed its stack.

/**
 * The deepest JSON accepted. The deepest the portal sends is a draft holding a drawn
 * multi-polygon inside a geometry collection: about 11 levels.
 */
export const JSON_MAX_DEPTH = 32;

export const INPUT_MESSAGES = {
  tooDeep: `Le contenu envoyé est trop imbriqué (${String(JSON_MAX_DEPTH)} niveaux au plus).`,
  nul: 'Le caractère nul (\\0) n’est pas accepté dans un texte',
} as const;

/** What makes an input unacceptable, and where. */
export interface InputFault {
  kind: 'nul' | 'tooDeep';
  path: string;
  message: string;
}

/** An array or an object of parsed data (a query's has no prototype of its own): never bytes. */
function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

/**
 * The first NUL character (in a text or a key) of a parsed input — a body, a query, a form
 * field — or its nesting deeper than JSON_MAX_DEPTH; null when there is none. Walks without
 * recursion, so any depth is measured safely. `path` names the input itself (a form field).
 */
export function inputFault(value: unknown, path = ''): InputFault | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return { kind: 'nul', path: next.path, message: INPUT_MESSAGES.nul };
      continue;
    }
    if (!isContainer(next.value)) continue;
    if (next.depth >= JSON_MAX_DEPTH) return { kind: 'tooDeep', path: '', message: INPUT_MESSAGES.tooDeep };
    for (const [key, item] of Object.entries(next.value)) {
      if (key.includes('\u0000')) return { kind: 'nul', path: next.path, message: INPUT_MESSAGES.nul };
      pending.push({ value: item, path: next.path ? `${next.path}.${key}` : key, depth: next.depth + 1 });
    }
  }
  return null;
}

/** Refuses an input with a fault: a French 400 naming the field (see inputFault). */
export function assertAcceptableInput(value: unknown, path = ''): void {
  const fault = inputFault(value, path);
  if (!fault) return;
  if (fault.kind === 'tooDeep') throw new AppError('BAD_REQUEST', fault.message);
  const error = fieldError(fault.path, fault.message);
  throw new AppError('VALIDATION', error.message, { errors: [error] });
}

/**
 * Parses the JSON text of a form field, under the same rules as a JSON body; undefined when the
 * text is not JSON (which never parses to undefined).
 */
export function parseJsonText(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  assertAcceptableInput(value);
  return value;
}
