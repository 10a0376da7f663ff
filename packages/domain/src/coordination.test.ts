import { describe, expect, test } from 'vitest';
import {
  conflictStatusOf,
  COORDINATION_DEFAULTS,
  COORDINATION_SETTING_KEYS,
  coordinationPrescriptionDraft,
  coordinationSettingsOf,
  CoordinationSettingsSchema,
  ConflictSearchInputSchema,
  hasFullWidthRefection,
  isRecentResurfacing,
  overlapDays,
  resurfacingCutoff,
  worksPeriod,
  type Conflict,
} from './coordination.ts';
import { PermissionDecisionInputSchema } from './schemas/decision.ts';
import { STATE_IDS } from './states.ts';

describe('works periods and the days they share', () => {
  const june = { start: '2026-06-10', end: '2026-06-20' };

  test.each([
    ['the same period', june, 11],
    ['one shared day (its last is our first)', { start: '2026-06-01', end: '2026-06-10' }, 1],
    ['one shared day (our last is its first)', { start: '2026-06-20', end: '2026-07-01' }, 1],
    ['inside', { start: '2026-06-12', end: '2026-06-13' }, 2],
    ['around', { start: '2026-05-01', end: '2026-07-31' }, 11],
    ['the day after', { start: '2026-06-21', end: '2026-06-30' }, 0],
    ['the day before', { start: '2026-05-01', end: '2026-06-09' }, 0],
    ['a year later', { start: '2027-06-10', end: '2027-06-20' }, 0],
  ])('%s: %i day(s)', (_name, other, days) => {
    expect(overlapDays(june, other)).toBe(days);
    expect(overlapDays(other, june)).toBe(days);
  });

  test('across months and a leap day', () => {
    expect(
      overlapDays({ start: '2028-02-27', end: '2028-03-02' }, { start: '2028-02-01', end: '2028-02-29' }),
    ).toBe(3);
  });

  test('a period: the end before the start or missing counts as the start alone; no start, no period', () => {
    expect(worksPeriod('2026-06-10', '2026-06-20')).toEqual({ start: '2026-06-10', end: '2026-06-20' });
    expect(worksPeriod('2026-06-10', null)).toEqual({ start: '2026-06-10', end: '2026-06-10' });
    expect(worksPeriod('2026-06-10', '2026-06-01')).toEqual({ start: '2026-06-10', end: '2026-06-10' });
    expect(worksPeriod('10/06/2026', '20/06/2026')).toEqual({ start: '2026-06-10', end: '2026-06-20' });
    expect(worksPeriod(null, '2026-06-20')).toBeNull();
    expect(worksPeriod('2026-02-30', null)).toBeNull();
  });
});

describe('recent resurfacing (less than three years, L115-1)', () => {
  test('the cutoff is the same day, years before (29 February: 28 February)', () => {
    expect(resurfacingCutoff('2026-06-10', 3)).toBe('2023-06-10');
    expect(resurfacingCutoff('2028-02-29', 3)).toBe('2025-02-28');
    expect(resurfacingCutoff('2028-02-29', 4)).toBe('2024-02-29');
  });

  test.each([
    ['2023-06-11', true],
    ['2023-06-10', false],
    ['2020-01-01', false],
    ['2026-06-10', true],
    ['2027-01-01', true],
  ])('resurfaced on %s, works on 2026-06-10: %s', (day, recent) => {
    expect(isRecentResurfacing(day, '2026-06-10', COORDINATION_DEFAULTS.resurfacingYears)).toBe(recent);
  });

  test('only a full-width refection (carriageway or sidewalk) makes a new surface', () => {
    expect(hasFullWidthRefection('Finisseur,pleine largeur chaussée')).toBe(true);
    expect(hasFullWidthRefection('pleine largeur trottoir')).toBe(true);
    expect(hasFullWidthRefection('Finisseur, Epaulement supérieur')).toBe(false);
    expect(hasFullWidthRefection(null)).toBe(false);
  });
});

describe('the states that conflict', () => {
  test('in force: 4, 6, 7, 12, 13; under instruction: 3, 8, 9, 999; the others never', () => {
    const statuses = Object.fromEntries(STATE_IDS.map((state) => [state, conflictStatusOf(state)]));
    expect(statuses).toEqual({
      1: null,
      2: null,
      3: 'underInstruction',
      4: 'inForce',
      5: null,
      6: 'inForce',
      7: 'inForce',
      8: 'underInstruction',
      9: 'underInstruction',
      10: null,
      11: null,
      12: 'inForce',
      13: 'inForce',
      14: null,
      999: 'underInstruction',
    });
  });
});

describe('settings', () => {
  test('whole metres from 0 to 1000, whole years from 1 to 10', () => {
    expect(CoordinationSettingsSchema.safeParse({ distanceMetres: 0, resurfacingYears: 1 }).success).toBe(
      true,
    );
    expect(CoordinationSettingsSchema.safeParse({ distanceMetres: 1000, resurfacingYears: 10 }).success).toBe(
      true,
    );
    for (const bad of [
      { distanceMetres: -1, resurfacingYears: 3 },
      { distanceMetres: 1001, resurfacingYears: 3 },
      { distanceMetres: 12.5, resurfacingYears: 3 },
      { distanceMetres: 50, resurfacingYears: 0 },
      { distanceMetres: 50, resurfacingYears: 11 },
      { distanceMetres: '50', resurfacingYears: 3 },
    ])
      expect(CoordinationSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  test('read back from their stored texts: a missing or bad value is its default', () => {
    expect(coordinationSettingsOf({})).toEqual(COORDINATION_DEFAULTS);
    expect(
      coordinationSettingsOf({
        [COORDINATION_SETTING_KEYS.distanceMetres]: '120',
        [COORDINATION_SETTING_KEYS.resurfacingYears]: 'trois',
      }),
    ).toEqual({ distanceMetres: 120, resurfacingYears: 3 });
    expect(coordinationSettingsOf({ [COORDINATION_SETTING_KEYS.distanceMetres]: '-5' }).distanceMetres).toBe(
      50,
    );
  });

  test('a search is on demand unless the decision dialog says so; filing is the server’s', () => {
    expect(ConflictSearchInputSchema.parse({})).toEqual({ trigger: 'demand' });
    expect(ConflictSearchInputSchema.parse({ trigger: 'decision' })).toEqual({ trigger: 'decision' });
    expect(ConflictSearchInputSchema.safeParse({ trigger: 'filing' }).success).toBe(false);
  });
});

describe('the coordination prescription', () => {
  const conflict = (id: number, dateStart: string, dateEnd: string): Conflict => ({
    id,
    publicId: `p${String(id)}`,
    numaffaire: null,
    type: 1,
    stateId: 4,
    stateName: 'En attente de réception',
    status: 'inForce',
    address: '2 Avenue des Lacs, Seignosse',
    dateStart,
    dateEnd,
    distanceMetres: 20,
    overlapDays: 3,
    geometry: null,
  });

  test('a first wording names the works and dates to coordinate with, and the recent surface', () => {
    const text = coordinationPrescriptionDraft({
      conflicts: [conflict(12, '2026-06-05', '2026-06-22'), conflict(15, '2026-06-01', '2026-06-11')],
      resurfacings: [
        {
          source: 'reception',
          id: 3,
          publicId: 'x',
          label: '',
          resurfacedOn: '2025-01-10',
          distanceMetres: 0,
          geometry: null,
        },
        {
          source: 'layer',
          id: 4,
          publicId: null,
          label: '',
          resurfacedOn: '2025-09-02',
          distanceMetres: 8,
          geometry: null,
        },
      ],
    });
    expect(text).toContain('la demande n° 12 (travaux du 05/06/2026 au 22/06/2026), la demande n° 15');
    expect(text).toContain('La voie a été refaite le 02/09/2025');
    expect(coordinationPrescriptionDraft({ conflicts: [], resurfacings: [] })).toBe('');
  });

  test('the decision keeps it trimmed, 2000 characters at most', () => {
    const base = { isFavorable: true };
    expect(
      PermissionDecisionInputSchema.parse({ ...base, prescriptionCoordination: '  Coordonner.  ' })
        .prescriptionCoordination,
    ).toBe('Coordonner.');
    expect(
      PermissionDecisionInputSchema.safeParse({ ...base, prescriptionCoordination: 'x'.repeat(2001) })
        .success,
    ).toBe(false);
  });
});
