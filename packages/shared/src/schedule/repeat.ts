/**
 * Schedule (workbench › 日程): repeat rules and reminders, pure so the server expands exactly
 * what the calendar shows. Events live in the company's wall time (its time zone, a setting:
 * docs/api.md "Times"): a day is `YYYY-MM-DD` and a time of day is minutes after midnight, so a
 * repeat never drifts by an hour and the expansion is plain day arithmetic.
 */

import { formatTime, instantOfWallClock } from '../time/clock.ts';

export const repeatFreqs = ['none', 'daily', 'weekly', 'monthly'] as const;
export type RepeatFreq = (typeof repeatFreqs)[number];

export type RepeatRule = {
  freq: RepeatFreq;
  /** Every `interval` days, weeks or months (1 = every one). */
  interval: number;
  /** Weekly: the weekdays it falls on, 1 Monday … 7 Sunday; empty means the first day's weekday. */
  weekdays: number[];
  /** The last day it may fall on (included), or null. */
  until: string | null;
  /** How many times it happens in all (the first included), or null. */
  count: number | null;
};

export const NO_REPEAT: RepeatRule = { freq: 'none', interval: 1, weekdays: [], until: null, count: null };

const DAY_MS = 86_400_000;
/** Beyond this year nothing is expanded (the day fields allow up to 9999). */
const LAST_YEAR = 9999;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
export function dayNumber(day: string): number {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

export function dayText(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export const addDays = (day: string, n: number) => dayText(dayNumber(day) + n);

/** 1 Monday … 7 Sunday (1970-01-01 was a Thursday). */
export function weekdayOf(day: string): number {
  return ((((dayNumber(day) + 3) % 7) + 7) % 7) + 1;
}

export function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

/** The company's day of an instant (its time zone). */
export function companyDay(at: Date): string {
  return formatTime(at).slice(0, 10);
}

/** The instant of a company day at `minutes` after its midnight (its time zone). */
export function companyInstant(day: string, minutes = 0): Date {
  return new Date(instantOfWallClock(dayNumber(day) * DAY_MS + minutes * 60_000));
}

/**
 * The days an event that first falls on `first` falls on, from `from` to `to` (both included),
 * in order. `until` and `count` end the series; a monthly repeat on the 29th–31st skips the
 * months without that day (as RFC 5545 and Google Calendar do) and a skipped month is not
 * counted. Answers at most `limit` days.
 */
export function occurrenceDays(rule: RepeatRule, first: string, from: string, to: string, limit = 1000): string[] {
  const start = dayNumber(first);
  let end = dayNumber(to);
  if (rule.until) end = Math.min(end, dayNumber(rule.until));
  end = Math.min(end, dayNumber(`${LAST_YEAR}-12-31`));
  const lo = dayNumber(from);
  const out: string[] = [];
  const maxCount = rule.count ?? Number.POSITIVE_INFINITY;
  const interval = Math.max(1, Math.floor(rule.interval) || 1);
  let seen = 0;
  /** Answers false when the series or the window is done. */
  const emit = (n: number): boolean => {
    if (n > end || seen >= maxCount) return false;
    seen++;
    if (n >= lo) out.push(dayText(n));
    return out.length < limit;
  };

  if (rule.freq === 'none') {
    emit(start);
    return out;
  }
  if (rule.freq === 'daily') {
    // Without a count, jump straight to the window: nothing before it is needed.
    let k = rule.count === null && lo > start ? Math.ceil((lo - start) / interval) : 0;
    while (emit(start + k * interval)) k++;
    return out;
  }
  if (rule.freq === 'weekly') {
    const days = [...new Set(rule.weekdays.length ? rule.weekdays : [weekdayOf(first)])].sort((a, b) => a - b);
    const monday = start - (weekdayOf(first) - 1);
    let w = rule.count === null && lo > monday ? Math.floor((lo - monday) / 7 / interval) * interval : 0;
    for (; ; w += interval) {
      for (const d of days) {
        const n = monday + w * 7 + (d - 1);
        if (n < start) continue;
        if (!emit(n)) return out;
      }
      if (monday + w * 7 > end) return out;
    }
  }
  // monthly: the first day's day of the month, every `interval` months.
  const m = DAY.exec(first)!;
  const [y0, m0, dom] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  for (let k = 0; ; k += interval) {
    const year = y0 + Math.floor((m0 + k) / 12);
    const month1 = ((m0 + k) % 12) + 1;
    if (year > LAST_YEAR) return out;
    if (dom > daysInMonth(year, month1)) continue;
    if (!emit(Date.UTC(year, month1 - 1, dom) / DAY_MS)) return out;
  }
}

/**
 * The day of a series' last occurrence, or null when it never ends. Stored with the event so a
 * calendar query skips ended series in SQL.
 */
export function lastOccurrenceDay(rule: RepeatRule, first: string): string | null {
  if (rule.freq === 'none') return first;
  if (rule.until === null && rule.count === null) return null;
  const to = rule.until ?? `${LAST_YEAR}-12-31`;
  const days = occurrenceDays(rule, first, first, to, rule.count ?? Number.POSITIVE_INFINITY);
  return days.at(-1) ?? first;
}

/** An all-day event's reminder counts back from 09:00 of its day (DingTalk's default). */
export const ALL_DAY_REMIND_AT_MIN = 9 * 60;

/** The reminder choices of the form, minutes before the start; 0 is "at the start". */
export const remindChoices = [0, 5, 15, 30, 60, 120, 1440] as const;

export type Occurrence = { day: string; allDay: boolean; startMin: number | null };

/** When an occurrence's reminder falls due. */
export function remindAt(o: Occurrence, remindMinutes: number): Date {
  const base = o.allDay ? ALL_DAY_REMIND_AT_MIN : (o.startMin ?? 0);
  return new Date(companyInstant(o.day, base).getTime() - remindMinutes * 60_000);
}

/**
 * Whether an occurrence's reminder is showing at `now`: from its reminder time until the event
 * starts (all-day: until the day ends). Before or after that window it is not a to-do.
 */
export function reminderDue(o: Occurrence, remindMinutes: number | null, now: Date): boolean {
  if (remindMinutes === null) return false;
  const at = remindAt(o, remindMinutes).getTime();
  const stop = o.allDay ? companyInstant(o.day, 24 * 60).getTime() : companyInstant(o.day, o.startMin ?? 0).getTime();
  const t = now.getTime();
  return t >= at && t < Math.max(stop, at + 60_000);
}

/**
 * A change to one occurrence of a series (this occurrence only, as DingTalk and Feishu offer):
 * `day` is the day the series put it on; `cancelled` removes it, otherwise `override` replaces
 * its time (and may move it to another day).
 */
export type OccurrenceException<T> = { day: string; cancelled: boolean; override: T | null };

export type PlacedOccurrence<T> = {
  /** The day the series put it on (what an exception is keyed by). */
  seriesDay: string;
  /** The changed occurrence, or null where the series' own time holds. */
  override: T | null;
};

/**
 * The occurrences of a series with its exceptions applied: a cancelled day is gone, an
 * overridden one carries its override. `days` are the series' own days (`occurrenceDays`); an
 * exception for a day the series does not fall on (its rule changed since) is ignored. An
 * override moved to another day is placed by the caller from its own day, not here.
 */
export function applyExceptions<T>(days: string[], exceptions: OccurrenceException<T>[]): PlacedOccurrence<T>[] {
  const byDay = new Map(exceptions.map((x) => [x.day, x]));
  const out: PlacedOccurrence<T>[] = [];
  for (const day of days) {
    const x = byDay.get(day);
    if (x?.cancelled) continue;
    out.push({ seriesDay: day, override: x?.override ?? null });
  }
  return out;
}

/** Whether `day` is an occurrence of the series (an exception may only be made for one). */
export function isOccurrence(rule: RepeatRule, first: string, day: string): boolean {
  return occurrenceDays(rule, first, day, day, 1).length === 1;
}

/** A changed occurrence stays within this many days of the day the series put it on. */
export const OCCURRENCE_MOVE_MAX_DAYS = 31;

/**
 * The occurrences of a series that touch `from`–`to` (both included), exceptions applied, each
 * on its own days: the override's when it has one, else the series day and its span. Expands
 * the series a little wider than the window so an occurrence moved into it is found.
 */
export function occurrencesInWindow<T extends { startDay: string; endDay: string }>(
  rule: RepeatRule,
  first: string,
  spanDays: number,
  exceptions: OccurrenceException<T>[],
  from: string,
  to: string,
  limit = 1000,
): (PlacedOccurrence<T> & { day: string; endDay: string })[] {
  const days = occurrenceDays(
    rule,
    first,
    addDays(from, -spanDays - OCCURRENCE_MOVE_MAX_DAYS),
    addDays(to, OCCURRENCE_MOVE_MAX_DAYS),
    limit,
  );
  return applyExceptions(days, exceptions)
    .map((o) => ({
      ...o,
      day: o.override?.startDay ?? o.seriesDay,
      endDay: o.override?.endDay ?? addDays(o.seriesDay, spanDays),
    }))
    .filter((o) => o.day <= to && o.endDay >= from)
    .sort((a, b) => a.day.localeCompare(b.day) || a.seriesDay.localeCompare(b.seriesDay));
}
