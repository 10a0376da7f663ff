import { describe, expect, test } from 'vitest';
import {
  countByKind,
  countByState,
  countByTown,
  fillMonths,
  localitiesOfTown,
  monthsBetween,
  StatisticsQuerySchema,
  STATISTICS_MAX_MONTHS,
} from './statistics.ts';

describe('statistics figures', () => {
  test('a locality counts for the member town it names, whatever its spelling', () => {
    expect(
      countByTown([
        { locality: 'Capbreton', count: 2 },
        { locality: 'CAPBRETON', count: 1 },
        { locality: 'St-Vincent-de-Tyrosse', count: 4 },
        { locality: 'Bayonne', count: 1 },
        { locality: null, count: 1 },
      ]),
    ).toEqual([
      { insee: '40065', name: 'Capbreton', count: 3 },
      { insee: '40284', name: 'Saint-Vincent-de-Tyrosse', count: 4 },
      { insee: null, name: 'Autre localité', count: 2 },
    ]);
    expect(localitiesOfTown(['Capbreton', 'capbreton', 'Tosse', null], '40065')).toEqual([
      'Capbreton',
      'capbreton',
    ]);
  });

  test('months are listed with zeros, at most twenty years', () => {
    expect(fillMonths([{ month: '2026-01', count: 3 }], { first: '2025-11', last: '2026-02' })).toEqual([
      { month: '2025-11', count: 0 },
      { month: '2025-12', count: 0 },
      { month: '2026-01', count: 3 },
      { month: '2026-02', count: 0 },
    ]);
    expect(monthsBetween('1990-01', '2026-12')).toHaveLength(STATISTICS_MAX_MONTHS);
    expect(monthsBetween('1990-01', '2026-12').at(-1)).toBe('2026-12');
  });

  test('every kind is listed; only the states that have requests', () => {
    expect(countByKind([{ type: 2, count: 5 }]).map((row) => row.count)).toEqual([0, 5, 0]);
    expect(
      countByState([
        { stateId: 3, count: 2 },
        { stateId: 1, count: 1 },
      ]),
    ).toEqual([
      { stateId: 1, label: 'Annulée', count: 1 },
      { stateId: 3, label: 'Transférée pour instruction', count: 2 },
    ]);
  });

  test('the filters: dates in order, a known kind, a member town', () => {
    expect(
      StatisticsQuerySchema.parse({ from: '2026-01-01', to: '2026-03-31', type: '2', insee: '40065' }),
    ).toEqual({ from: '2026-01-01', to: '2026-03-31', type: 2, insee: '40065' });
    const refused = StatisticsQuerySchema.safeParse({
      from: '2026-04-01',
      to: '2026-03-31',
      type: '4',
      insee: '75056',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Type de demande inconnu.',
      "Cette commune n'est pas membre de la communauté.",
    ]);
    expect(
      StatisticsQuerySchema.safeParse({ from: '2026-04-01', to: '2026-03-31' }).error?.issues[0]?.message,
    ).toBe('La date de début doit précéder la date de fin.');
  });
});
