import {
  WORKS_CALENDAR_DEFAULT_WEEKS,
  type WorksCalendarQuery,
  type WorksCalendarWeeks,
} from '@voirie/domain';
import { calendarWindow } from './calendar-window';

/** The page's choices: the day, the timeline's length, and the filters ('' = all). */
export interface CalendarFilters {
  day: string;
  weeks: WorksCalendarWeeks;
  insee: string;
  type: '' | '1' | '3';
  operator: string;
  /** The text searched (applied on submit). */
  q: string;
}

/** The page opens on today, six weeks, no filter. */
export function defaultCalendarFilters(today: string): CalendarFilters {
  return { day: today, weeks: WORKS_CALENDAR_DEFAULT_WEEKS, insee: '', type: '', operator: '', q: '' };
}

/** The API's query: the window of the day and the filters set. */
export function calendarQuery(filters: CalendarFilters): WorksCalendarQuery {
  return {
    ...calendarWindow(filters.day, filters.weeks),
    ...(filters.insee ? { insee: filters.insee } : {}),
    ...(filters.type ? { type: Number(filters.type) as 1 | 3 } : {}),
    ...(filters.operator ? { operator: Number(filters.operator) } : {}),
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
  };
}
