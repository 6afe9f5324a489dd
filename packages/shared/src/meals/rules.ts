import { addDays, weekdayOf } from '../schedule/repeat.ts';
import { instantOfWallClock } from '../time/clock.ts';
import { MealMsg, mealMsg } from './messages.ts';

/** 1 午餐, 2 晚餐: the two meals a canteen serves. */
export const MealType = { lunch: 1, dinner: 2 } as const;
export const mealTypes = [1, 2] as const;
export type Meal = (typeof mealTypes)[number];
export const mealNames: Record<number, string> = { 1: '午餐', 2: '晚餐' };
export const mealNamesEn: Record<number, string> = { 1: 'Lunch', 2: 'Dinner' };

/** A store without its own setting closes orders at these times (company time zone). */
export const DEFAULT_CUTOFFS = { lunch: '10:00', dinner: '16:00' } as const;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isClock = (text: string): boolean => CLOCK.test(text);

/** The Monday of the week a day falls in (weeks run Monday to Sunday). */
export const weekStartOf = (day: string): string => addDays(day, 1 - weekdayOf(day));

/** The seven days of the week starting `monday`. */
export const weekDays = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/**
 * The instant orders for `day`'s meal close: `cutoff` (`HH:mm`) on that day, read in the company's
 * time zone (a Shanghai 10:00 is 02:00 UTC), so every server and browser agrees on it.
 */
export function cutoffInstant(day: string, cutoff: string, zone?: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = cutoff.split(':').map(Number) as [number, number];
  return new Date(instantOfWallClock(Date.UTC(y, m - 1, d, h, min), zone));
}

/** Whether a meal may still be ordered or cancelled at `now`: strictly before its cut-off. */
export function mealOpen(day: string, cutoff: string, now: Date = new Date(), zone?: string): boolean {
  return now.getTime() < cutoffInstant(day, cutoff, zone).getTime();
}

/** The refusal once the cut-off has passed: 已过订餐截止时间（10:00），不能再订或取消. */
export const cutoffMessage = (cutoff: string): string => mealMsg(MealMsg.cutoffPassed, { time: cutoff });

/** The store's cut-off of one meal. */
export const cutoffOf = (s: { lunchCutoff: string; dinnerCutoff: string }, meal: number): string =>
  meal === MealType.lunch ? s.lunchCutoff : s.dinnerCutoff;
