import { z } from 'zod';

/**
 * The largest id a row may have: every id of the database is a PostgreSQL `integer` (serial,
 * 4 bytes). A larger number names no row, and sent to the database it is an error, not a miss
 * (`city/2147483648` answered 500).
 */
export const ID_MAX = 2_147_483_647;

/** Why a value cannot be an id. */
export const ID_MESSAGE = `Identifiant invalide : un nombre entier de 1 à ${ID_MAX.toLocaleString('fr-FR')} est attendu`;

function boundedId<T extends z.ZodNumber | z.ZodCoercedNumber>(schema: T, message: string): T {
  // Each check returns the schema's own type (`this`); on the union TypeScript cannot tell.
  return schema.int(message).min(1, message).max(ID_MAX, message) as T;
}

/** A database id in a JSON body: a whole number from 1 to ID_MAX (`message` when it is not). */
export function databaseId(message: string = ID_MESSAGE) {
  return boundedId(z.number({ error: message }), message);
}

/** A database id written as text: a path or query parameter, a multipart field. */
export function databaseIdText(message: string = ID_MESSAGE) {
  return boundedId(z.coerce.number({ error: message }), message);
}

/** A database id in a JSON body. */
export const DatabaseIdSchema = databaseId();

/** A database id written as text. */
export const DatabaseIdTextSchema = databaseIdText();

/** The id a text names (decimal digits, 1 to ID_MAX), or null when it can name none. */
export function databaseIdOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= ID_MAX ? value : null;
}
