import type { WorksCalendarItem } from '@voirie/domain';
import { describe, expect, it } from 'vitest';
import { barPlacement, calendarWindow, dayOffset, mondayOf, weekStarts } from './calendar-window';
import { timelineGroups } from './timeline';

describe('the timeline window (French weeks)', () => {
  it('starts on the Monday of the chosen day and lasts whole weeks, days included', () => {
    expect(mondayOf('2026-06-10')).toBe('2026-06-08'); // a Wednesday
    expect(mondayOf('2026-06-08')).toBe('2026-06-08');
    expect(mondayOf('2026-06-14')).toBe('2026-06-08'); // a Sunday ends the week
    expect(calendarWindow('2026-06-10', 4)).toEqual({ from: '2026-06-08', to: '2026-07-05' });
    expect(weekStarts({ from: '2026-06-08', to: '2026-07-05' })).toEqual([
      '2026-06-08',
      '2026-06-15',
      '2026-06-22',
      '2026-06-29',
    ]);
  });

  it('places a bar from its start to the end of its last day, cut at the window’s edges', () => {
    const window = { from: '2026-06-01', to: '2026-06-28' }; // 28 days
    expect(dayOffset('2026-06-15', window)).toBe(50);
    expect(barPlacement({ dateStart: '2026-06-08', dateEnd: '2026-06-14' }, window)).toEqual({
      left: 25,
      width: 25,
      startsBefore: false,
      endsAfter: false,
    });
    expect(barPlacement({ dateStart: '2026-05-20', dateEnd: '2026-07-10' }, window)).toEqual({
      left: 0,
      width: 100,
      startsBefore: true,
      endsAfter: true,
    });
    expect(barPlacement({ dateStart: '2026-06-28', dateEnd: '2026-06-28' }, window).width).toBeCloseTo(
      100 / 28,
    );
  });
});

describe('the timeline rows', () => {
  const item = (publicId: string, town: string, street: string | null): WorksCalendarItem => ({
    publicId,
    numaffaire: null,
    type: 1,
    nature: 'Permission de voirie - Réseaux',
    stateId: 4,
    stateName: 'En attente de réception',
    town,
    insee: null,
    street,
    location: street ?? '',
    dateStart: '2026-06-01',
    dateEnd: '2026-06-02',
    operator: null,
    impact: { level: 'aucun', label: 'Pas d’impact notable sur la circulation' },
    geometry: null,
  });

  it('groups by town, then road, in French order; the works without a street last; the answer’s order kept', () => {
    const groups = timelineGroups([
      item('1', 'Seignosse', 'Rue des Pins'),
      item('2', 'Capbreton', null),
      item('3', 'Capbreton', 'Avenue de l’Océan'),
      item('4', 'Seignosse', 'Rue des Pins'),
      item('5', 'Capbreton', 'Allée des Dunes'),
    ]);
    expect(
      groups.map((town) => [
        town.town,
        town.count,
        town.roads.map((road) => [road.street, road.items.map((i) => i.publicId)]),
      ]),
    ).toEqual([
      [
        'Capbreton',
        3,
        [
          ['Allée des Dunes', ['5']],
          ['Avenue de l’Océan', ['3']],
          ['Voie non renseignée', ['2']],
        ],
      ],
      ['Seignosse', 2, [['Rue des Pins', ['1', '4']]]],
    ]);
  });
});
