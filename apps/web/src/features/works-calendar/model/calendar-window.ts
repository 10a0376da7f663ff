import { addDays, numberOfDays } from '@voirie/domain';
import dayjs from 'dayjs';

// The timeline's window: whole weeks from the Monday of the chosen day's week (French weeks).

/** Today in the browser's calendar, 'YYYY-MM-DD'. */
export function todayIso(): string {
  return dayjs().format('YYYY-MM-DD');
}

/** The Monday of the week that holds `day`. */
export function mondayOf(day: string): string {
  const weekday = dayjs(day).day(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7)) ?? day;
}

/** A window of `weeks` whole weeks from the Monday of the chosen day's week, days included. */
export interface CalendarWindow {
  from: string;
  to: string;
}

export function calendarWindow(day: string, weeks: number): CalendarWindow {
  const from = mondayOf(day);
  return { from, to: addDays(from, weeks * 7 - 1) ?? from };
}

/** The Mondays of the window, in order. */
export function weekStarts(window: CalendarWindow): string[] {
  const days = numberOfDays(window.from, window.to) ?? 0;
  const starts: string[] = [];
  for (let offset = 0; offset < days; offset += 7) starts.push(addDays(window.from, offset) ?? window.from);
  return starts;
}

/** Where a day starts on the window, in % of its width (0 at `from`, 100 after `to`). */
export function dayOffset(day: string, window: CalendarWindow): number {
  const total = numberOfDays(window.from, window.to) ?? 1;
  const before = (numberOfDays(window.from, day) ?? 1) - 1;
  return Math.min(100, Math.max(0, (before / total) * 100));
}

/** A works bar on the window: its left edge and width (%), and whether it runs on beyond either side. */
export interface BarPlacement {
  left: number;
  width: number;
  startsBefore: boolean;
  endsAfter: boolean;
}

export function barPlacement(
  period: { dateStart: string; dateEnd: string },
  window: CalendarWindow,
): BarPlacement {
  const start = period.dateStart < window.from ? window.from : period.dateStart;
  const end = period.dateEnd > window.to ? window.to : period.dateEnd;
  const left = dayOffset(start, window);
  const right = dayOffset(addDays(end, 1) ?? end, window);
  return {
    left,
    width: Math.max(right - left, 0),
    startsBefore: period.dateStart < window.from,
    endsAfter: period.dateEnd > window.to,
  };
}
