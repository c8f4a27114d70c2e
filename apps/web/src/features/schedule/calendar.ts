import { addDays, eachDayOfInterval, endOfMonth, endOfWeek, format, isSameMonth, isValid, parse, startOfMonth, startOfWeek } from 'date-fns';
import { nl } from 'date-fns/locale/nl';
import type { TScheduleEntry } from '@portal/contract';

/** Weeks start on Monday (nl). */
const WEEK = { weekStartsOn: 1 } as const;

export type CalendarDay = { date: Date; key: string; inMonth: boolean };

/** A day as the route and the schedule name it: YYYY-MM-DD. */
export function dayKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** YYYY-MM-DD to a local date, or null when it is not a real day (2026-02-30). */
export function parseDayKey(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parse(value, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) && dayKey(date) === value ? date : null;
}

/** A month as the API names it: YYYY-MM. */
export function monthKey(date: Date): string {
  return format(date, 'yyyy-MM');
}

/** YYYY-MM to the first day of that month (local), or null when it is not a month. */
export function parseMonthKey(value: string): Date | null {
  return parseDayKey(`${value}-01`);
}

/**
 * Where the calendar's back and forward buttons lead from `month`: the nearest earlier and later months
 * of `months` (the months with items, YYYY-MM ascending), or null when there is none.
 */
export function neighbourMonths(months: string[], month: string): { previous: string | null; next: string | null } {
  return { previous: months.findLast((m) => m < month) ?? null, next: months.find((m) => m > month) ?? null };
}

/** The weeks (Monday to Sunday) that show a month, with the days of the neighbouring months marked. */
export function monthGrid(month: Date): CalendarDay[][] {
  const days = eachDayOfInterval({ start: startOfWeek(startOfMonth(month), WEEK), end: endOfWeek(endOfMonth(month), WEEK) });
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < days.length; i += 7) {
    weeks.push(days.slice(i, i + 7).map((date) => ({ date, key: dayKey(date), inMonth: isSameMonth(date, month) })));
  }
  return weeks;
}

/** Short and full weekday names, Monday first: [['ma', 'maandag'], ...]. */
export function weekdayNames(): Array<[short: string, full: string]> {
  const monday = startOfWeek(new Date(2024, 0, 3), WEEK);
  return Array.from({ length: 7 }, (_, i) => {
    const day = addDays(monday, i);
    return [format(day, 'EEEEEE', { locale: nl }), format(day, 'EEEE', { locale: nl })];
  });
}

export const formatMonth = (date: Date) => format(date, 'LLLL yyyy', { locale: nl });
export const formatDay = (date: Date) => format(date, 'EEEE d MMMM yyyy', { locale: nl });

/** The days whose planning holds an item marked as important. */
export function highlightedDays(items: Record<string, TScheduleEntry[]>): Set<string> {
  return new Set(Object.entries(items).filter(([, entries]) => entries.some((e) => e.item.highlight)).map(([key]) => key));
}

/** The days that have items, sorted. */
export function plannedDays(items: Record<string, TScheduleEntry[]>): string[] {
  return Object.keys(items).filter((key) => parseDayKey(key) && (items[key]?.length ?? 0) > 0).sort();
}

/** The day to open when none is asked for: the first planned day from today on, else the last one. */
export function defaultDay(days: string[], today: Date): string | null {
  const todayKey = dayKey(today);
  return days.find((key) => key >= todayKey) ?? days.at(-1) ?? null;
}
