import { describe, expect, test } from 'vitest';
import {
  addMonths,
  daysBetween,
  easterSunday,
  isWorkingDay,
  nextWorkingDay,
  publicHolidays,
  shiftDays,
} from './legal-calendar.ts';

describe('legal calendar', () => {
  test('Easter Sunday of known years', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  test('the eleven public holidays of 2027, movable ones from Easter', () => {
    expect(publicHolidays(2027)).toEqual([
      '2027-01-01',
      '2027-03-29', // lundi de Pâques
      '2027-05-01',
      '2027-05-06', // Ascension
      '2027-05-08',
      '2027-05-17', // lundi de Pentecôte
      '2027-07-14',
      '2027-08-15',
      '2027-11-01',
      '2027-11-11',
      '2027-12-25',
    ]);
  });

  test('weekends and public holidays are not working days; the next working day skips them', () => {
    expect(isWorkingDay('2026-11-27')).toBe(true); // a Friday
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-11')).toBe(false); // Armistice, a Wednesday
    expect(nextWorkingDay('2026-11-27')).toBe('2026-11-27');
    expect(nextWorkingDay('2026-11-28')).toBe('2026-11-30');
    // Friday 25 December 2026, then the weekend: Monday 28.
    expect(nextWorkingDay('2026-12-25')).toBe('2026-12-28');
    // Saturday 1 May 2027, Sunday, then Monday 3.
    expect(nextWorkingDay('2027-05-01')).toBe('2027-05-03');
    // Whit Monday 17 May 2027 -> Tuesday 18.
    expect(nextWorkingDay('2027-05-16')).toBe('2027-05-18');
  });

  test('months end on the same day number, clamped to a shorter month; days shift across years', () => {
    expect(addMonths('2026-11-26', 2)).toBe('2027-01-26');
    expect(addMonths('2025-12-31', 2)).toBe('2026-02-28');
    expect(addMonths('2023-12-31', 2)).toBe('2024-02-29');
    expect(shiftDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
  });
});
