import type { WorksCalendarItem } from '@voirie/domain';
import { CALENDAR_TEXTS as T } from './calendar-texts';

// The timeline's rows: the works grouped by town, then by road, each group in French
// alphabetical order (the works without a street last), the works by start date.

export interface TimelineRoad {
  street: string;
  items: WorksCalendarItem[];
}

export interface TimelineTown {
  town: string;
  count: number;
  roads: TimelineRoad[];
}

const byName = (a: string, b: string) => a.localeCompare(b, 'fr', { sensitivity: 'base' });

/** The works grouped by town then road (the answer comes sorted by start date: kept within a road). */
export function timelineGroups(items: readonly WorksCalendarItem[]): TimelineTown[] {
  const towns = new Map<string, Map<string, WorksCalendarItem[]>>();
  for (const item of items) {
    const roads = towns.get(item.town) ?? new Map<string, WorksCalendarItem[]>();
    towns.set(item.town, roads);
    const street = item.street ?? T.noStreet;
    roads.set(street, [...(roads.get(street) ?? []), item]);
  }
  const streetOrder = (a: string, b: string) => (a === T.noStreet ? 1 : b === T.noStreet ? -1 : byName(a, b));
  return [...towns.entries()]
    .sort(([a], [b]) => byName(a, b))
    .map(([town, roads]) => ({
      town,
      count: [...roads.values()].reduce((sum, list) => sum + list.length, 0),
      roads: [...roads.entries()]
        .sort(([a], [b]) => streetOrder(a, b))
        .map(([street, list]) => ({ street, items: list })),
    }));
}
