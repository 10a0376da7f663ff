import { describe, expect, it } from 'vitest';
import {
  apiFilterKey,
  depositDayOf,
  filterValueOf,
  gridFilterField,
  gridOperatorOf,
  instructorOptions,
  instructorValueOf,
} from './column-filters';
import type { RequestRow } from './row-actions';

const row = (overrides: Partial<RequestRow>) => ({ id: 1, type: 1, stateId: 2, ...overrides }) as RequestRow;

describe("the list's column filters and the API's searchFilter", () => {
  it('filters the instructor column on instructeurId, the others on their own name', () => {
    expect(apiFilterKey('instructeur')).toBe('instructeurId');
    expect(gridFilterField('instructeurId')).toBe('instructeur');
    expect(apiFilterKey('addressCity')).toBe('addressCity');
    expect(gridFilterField('addressCity')).toBe('addressCity');
  });

  it("uses '=' for the id, 'is' for states and instructors, 'contains' for texts", () => {
    expect(gridOperatorOf('id')).toBe('=');
    expect(gridOperatorOf('stateId')).toBe('is');
    expect(gridOperatorOf('instructeur')).toBe('is');
    expect(gridOperatorOf('numaffaire')).toBe('contains');
  });

  it("sends ids as numbers ('Inconnu' is 0), texts trimmed; empty clears", () => {
    expect(filterValueOf('instructeur', 7)).toBe(7);
    expect(filterValueOf('instructeur', 0)).toBe(0);
    expect(filterValueOf('instructeur', '')).toBeNull();
    expect(filterValueOf('id', '42')).toBe(42);
    expect(filterValueOf('id', 'abc')).toBeNull();
    expect(filterValueOf('addressCity', '  Tosse ')).toBe('Tosse');
    expect(filterValueOf('addressCity', '  ')).toBeNull();
  });
});

describe('the choices of the instructor filter', () => {
  it("offers 'Inconnu', then the page's instructors by initials (as the API gives them), once each", () => {
    const rows = [
      row({ instructeurId: 7, instructeurInitials: 'LV' }),
      row({ id: 2, instructeurId: null }),
      row({ id: 3, instructeurId: 5, instructeurInitials: 'AB' }),
      row({ id: 4, instructeurId: 7, instructeurInitials: 'LV' }),
      row({ id: 5, instructeurId: 9, instructeurInitials: 'JL' }),
    ];
    expect(instructorOptions(rows, null)).toEqual([
      { value: 0, label: 'Inconnu' },
      { value: 5, label: 'AB' },
      { value: 9, label: 'JL' },
      { value: 7, label: 'LV' },
    ]);
    expect(instructorValueOf(rows[1]!)).toBe(0);
    expect(instructorValueOf(rows[0]!)).toBe(7);
  });

  it('keeps the filtered instructor when the page has none of their requests', () => {
    expect(instructorOptions([], 12)).toEqual([
      { value: 0, label: 'Inconnu' },
      { value: 12, label: 'Instructeur n° 12' },
    ]);
  });
});

describe('the deposit day', () => {
  it('is the Paris day of the deposit instant, as the API filters it', () => {
    expect(depositDayOf('2026-03-09T23:30:00.000Z')).toBe('2026-03-10');
    expect(depositDayOf('2026-07-14T21:59:00.000Z')).toBe('2026-07-14');
    expect(depositDayOf('2026-07-14T22:00:00.000Z')).toBe('2026-07-15');
    expect(depositDayOf('2026-03-02')).toBe('2026-03-02');
    expect(depositDayOf(null)).toBeNull();
    expect(depositDayOf('hier')).toBeNull();
  });
});
