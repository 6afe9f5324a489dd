import { addDays, weekdayOf } from '@crm/shared';

export type CalendarView = 'month' | 'week' | 'day';

/** The days a view shows around `day`: a month as six Monday-first weeks, a week from Monday, or the day. */
export function viewDays(view: CalendarView, day: string): string[] {
  if (view === 'day') return [day];
  if (view === 'week') {
    const monday = addDays(day, 1 - weekdayOf(day));
    return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  }
  const first = `${day.slice(0, 7)}-01`;
  const monday = addDays(first, 1 - weekdayOf(first));
  return Array.from({ length: 42 }, (_, i) => addDays(monday, i));
}

/** The day the previous or next page of a view is anchored on. */
export function stepDay(view: CalendarView, day: string, dir: 1 | -1): string {
  if (view === 'day') return addDays(day, dir);
  if (view === 'week') return addDays(day, 7 * dir);
  const [y, m] = day.split('-').map(Number) as [number, number];
  const months = y * 12 + (m - 1) + dir;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;
}
