import { describe, expect, test } from 'vitest';
import { parisDate, parisDateTime, parisIsoDay, parisTime } from './paris-time.ts';

describe('instants read in Paris time', () => {
  test('winter (UTC+1) and summer (UTC+2), across midnight', () => {
    expect(parisDateTime('2026-01-05T23:30:00Z')).toBe('06/01/2026 00:30');
    expect(parisDateTime(new Date('2026-07-14T08:05:00Z'))).toBe('14/07/2026 10:05');
    expect(parisDate('2026-01-05T23:30:00Z')).toBe('06/01/2026');
    expect(parisIsoDay(new Date('2026-12-31T23:10:00Z'))).toBe('2027-01-01');
    expect(parisTime('2026-07-14T08:05:00Z')).toBe('10:05');
    // The night the clocks go forward: 01:30 UTC is already 03:30 in Paris.
    expect(parisDateTime('2025-03-30T01:30:00Z')).toBe('30/03/2025 03:30');
  });

  test("nothing to read gives ''", () => {
    for (const format of [parisDate, parisDateTime, parisIsoDay, parisTime]) {
      expect(format(null)).toBe('');
      expect(format(undefined)).toBe('');
      expect(format('')).toBe('');
      expect(format('pas une date')).toBe('');
      expect(format(new Date(Number.NaN))).toBe('');
    }
  });
});
