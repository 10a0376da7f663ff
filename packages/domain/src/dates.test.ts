import { describe, expect, test } from 'vitest';
import { addDays, formatDateFr, numberOfDays, toIsoDate } from './dates.ts';
import { emptyStringsToNull } from './payload.ts';

describe('numberOfDays: end − start + 1 in calendar days', () => {
  test.each([
    ['2026-06-01', '2026-06-01', 1],
    ['2026-06-01', '2026-06-30', 30],
    ['2026-02-27', '2026-03-01', 3],
    ['2028-02-28', '2028-03-01', 3],
    ['2026-03-28', '2026-03-30', 3],
    ['2026-10-24', '2026-10-26', 3],
    ['2026-12-31', '2027-01-01', 2],
    ['2026-06-02', '2026-06-01', 0],
    ['2026-06-10', '2026-06-01', -8],
    ['01/06/2026', '03/06/2026', 3],
  ])('%s → %s = %i', (start, end, days) => {
    expect(numberOfDays(start, end)).toBe(days);
  });

  test('missing or invalid dates give null', () => {
    expect(numberOfDays(null, '2026-06-01')).toBeNull();
    expect(numberOfDays('2026-02-30', '2026-03-01')).toBeNull();
    expect(numberOfDays('demain', '2026-03-01')).toBeNull();
  });
});

describe('date conversions', () => {
  test('day/month/year is read as year-month-day; display is DD/MM/YYYY', () => {
    expect(toIsoDate('05/03/2026')).toBe('2026-03-05');
    expect(toIsoDate('2026-03-05T10:00:00Z')).toBe('2026-03-05');
    expect(toIsoDate('31/02/2026')).toBeNull();
    expect(formatDateFr('2026-03-05')).toBe('05/03/2026');
    expect(formatDateFr(null)).toBe('');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('emptyStringsToNull', () => {
  test('turns empty and blank strings into null at any depth, keeps the rest', () => {
    const input = {
      addressNum: '',
      addressName: 'Rue des Pins',
      pipeDiameter: 0,
      ditchCrossing: false,
      note: '   ',
      rues: [{ name: '', points: [{ name: 'P1', distance: null }] }],
    };
    expect(emptyStringsToNull(input)).toEqual({
      addressNum: null,
      addressName: 'Rue des Pins',
      pipeDiameter: 0,
      ditchCrossing: false,
      note: null,
      rues: [{ name: null, points: [{ name: 'P1', distance: null }] }],
    });
    expect(input.addressNum).toBe('');
  });
});
