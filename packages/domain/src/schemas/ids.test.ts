import { describe, expect, test } from 'vitest';
import { boundedNumber, NUMERIC_BOUNDS } from './common.ts';
import { DatabaseIdSchema, DatabaseIdTextSchema, databaseIdOf, ID_MAX, ID_MESSAGE } from './ids.ts';

// An id beyond what a PostgreSQL integer holds reached the database and answered 500.

const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('database ids', () => {
  test('1 to 2^31 − 1, in a body or as text', () => {
    expect(DatabaseIdSchema.parse(ID_MAX)).toBe(2_147_483_647);
    expect(DatabaseIdTextSchema.parse('2147483647')).toBe(ID_MAX);
    for (const bad of [0, -1, 1.5, 2 ** 31, 2 ** 53, Number.NaN])
      expect(message(DatabaseIdSchema.safeParse(bad)), String(bad)).toBe(ID_MESSAGE);
    for (const bad of ['2147483648', '99999999999999999999', 'abc', '0'])
      expect(message(DatabaseIdTextSchema.safeParse(bad)), bad).toBe(ID_MESSAGE);
    expect(ID_MESSAGE).toMatch(/^Identifiant invalide : un nombre entier de 1 à 2.147.483.647 est attendu$/);
  });

  test('a key in a path names a number only within the range', () => {
    expect(databaseIdOf('2147483647')).toBe(ID_MAX);
    expect(databaseIdOf('1000000000')).toBe(1_000_000_000);
    for (const key of ['2147483648', '0', '00', '-1', '1e3', ' 1', '12a', ''])
      expect(databaseIdOf(key), key).toBeNull();
  });

  test('a whole number of a form stays within what the database holds, unless its bounds say less', () => {
    const count = boundedNumber(NUMERIC_BOUNDS.count);
    expect(count.safeParse(ID_MAX).success).toBe(true);
    expect(message(count.safeParse(ID_MAX + 1))).toBe('La valeur doit être inférieure ou égale à 2147483647');
    expect(boundedNumber(NUMERIC_BOUNDS.speedKmh).safeParse(140).success).toBe(false);
  });
});
