import { describe, expect, test } from 'vitest';
import {
  ACT_NUMBER_DEFAULT_FORMAT,
  ACT_REGISTER_MESSAGES,
  ACTES_NUMBER_PATTERN,
  ActNumberingSchema,
  actNature,
  actNumberFormatProblem,
  formatActNumber,
} from './act-register.ts';

describe('act numbers', () => {
  test('the default format gives the year and a five-digit sequence, within the ACTES rule', () => {
    expect(formatActNumber(ACT_NUMBER_DEFAULT_FORMAT, 2026, 42)).toBe('2026_00042');
    expect(actNumberFormatProblem(ACT_NUMBER_DEFAULT_FORMAT)).toBeNull();
    expect(ACTES_NUMBER_PATTERN.test('2026_00042')).toBe(true);
  });

  test("an administrator's format: prefix, year, sequence width", () => {
    expect(formatActNumber('VOIRIE{AAAA}{NNN}', 2027, 7)).toBe('VOIRIE2027007');
    expect(actNumberFormatProblem('VOIRIE{AAAA}{NNN}')).toBeNull();
    // Past its width the sequence keeps every digit: numbers never repeat.
    expect(formatActNumber('{AAAA}_{NN}', 2026, 123)).toBe('2026_123');
  });

  test.each([
    ['{NNNNN}', ACT_REGISTER_MESSAGES.formatTokens],
    ['{AAAA}', ACT_REGISTER_MESSAGES.formatTokens],
    ['{AAAA}{N}{NN}', ACT_REGISTER_MESSAGES.formatTokens],
    ['{AAAA}-{NNNNN}', ACT_REGISTER_MESSAGES.formatCharacters],
    ['arr{AAAA}{NNNNN}', ACT_REGISTER_MESSAGES.formatCharacters],
    ['_{AAAA}{NNNNN}', ACT_REGISTER_MESSAGES.formatActes],
    ['VOIRIE_{AAAA}_{NNNNNN}', ACT_REGISTER_MESSAGES.formatActes],
  ])('format %s is refused in French', (format, message) => {
    expect(actNumberFormatProblem(format)).toBe(message);
    const parsed = ActNumberingSchema.safeParse({ format });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  test('a refused permission is registered as a refusal; other acts by their kind', () => {
    expect(actNature('permission', false)).toBe('refusal');
    expect(actNature('permission', true)).toBe('permission');
    expect(actNature('alignment', false)).toBe('alignment');
    expect(actNature('traffic', true)).toBe('traffic');
  });
});
