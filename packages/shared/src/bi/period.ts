import { formatTime, instantOfWallClock } from '../time/clock.ts';

/**
 * The statistics' period model. A period is a run of whole calendar days in the company's zone
 * (`yyyy-MM-dd`, both ends included), so "this month" means the company's month wherever the
 * browser is. Day arithmetic runs on UTC dates, which have no daylight saving to trip over; the
 * zone enters only when a day becomes an instant (`periodInstants`) and for "today".
 */

/** The original client's `type` values, plus `day` (= today) and `custom` (startTime/endTime). */
export const periodTypes = [
  'today',
  'yesterday',
  'day',
  'week',
  'lastWeek',
  'month',
  'lastMonth',
  'quarter',
  'lastQuarter',
  'year',
  'lastYear',
  'custom',
] as const;
export type PeriodType = (typeof periodTypes)[number];

/** The calendar unit a period is (its previous period is the previous unit), or custom. */
export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'year' | 'custom';
export type Period = { start: string; end: string; unit: PeriodUnit };
/** How a period's figures are split for a chart: empty buckets are shown as 0. */
export type BucketUnit = 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const ms = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const dayOf = (t: number) => {
  const d = new Date(t);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

const addDays = (day: string, n: number): string => dayOf(ms(day) + n * DAY_MS);
/** Days from `a` to `b` (b − a). */
const daysBetween = (a: string, b: string): number => Math.round((ms(b) - ms(a)) / DAY_MS);
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const lastOfMonth = (y: number, m: number) => `${pad(y, 4)}-${pad(m)}-${pad(daysInMonth(y, m))}`;
const isLastOfMonth = (day: string) => day === lastOfMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7)));

/** Today in the company's zone (or `zone`). */
export const todayIn = (zone?: string, now: Date = new Date()): string => formatTime(now, zone).slice(0, 10);

/** Monday of the ISO week holding `day`. */
const mondayOf = (day: string) => addDays(day, -((new Date(ms(day)).getUTCDay() + 6) % 7));

function unitPeriod(unit: Exclude<PeriodUnit, 'custom'>, day: string): Period {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  switch (unit) {
    case 'day':
      return { start: day, end: day, unit };
    case 'week': {
      const start = mondayOf(day);
      return { start, end: addDays(start, 6), unit };
    }
    case 'month':
      return { start: `${pad(y, 4)}-${pad(m)}-01`, end: lastOfMonth(y, m), unit };
    case 'quarter': {
      const first = m - ((m - 1) % 3);
      return { start: `${pad(y, 4)}-${pad(first)}-01`, end: lastOfMonth(y, first + 2), unit };
    }
    case 'year':
      return { start: `${pad(y, 4)}-01-01`, end: `${pad(y, 4)}-12-31`, unit };
  }
}

/** Shift a day by whole months, keeping the day of month where it exists (Mar 31 − 1 month → Feb 28/29). */
export function addMonths(day: string, n: number): string {
  const total = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + n;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(Number(day.slice(8, 10)), daysInMonth(y, m)))}`;
}

/**
 * The period a request names: `type` relative to `today` (the company's), or `custom` from
 * `startTime`..`endTime` (days; either order is taken as given, the caller checks start ≤ end).
 */
export function resolvePeriod(
  input: { type: PeriodType; startTime?: string; endTime?: string },
  today: string,
): Period {
  switch (input.type) {
    case 'today':
    case 'day':
      return unitPeriod('day', today);
    case 'yesterday':
      return unitPeriod('day', addDays(today, -1));
    case 'week':
      return unitPeriod('week', today);
    case 'lastWeek':
      return unitPeriod('week', addDays(today, -7));
    case 'month':
      return unitPeriod('month', today);
    case 'lastMonth':
      return unitPeriod('month', addMonths(`${today.slice(0, 8)}01`, -1));
    case 'quarter':
      return unitPeriod('quarter', today);
    case 'lastQuarter':
      return unitPeriod('quarter', addMonths(`${today.slice(0, 8)}01`, -3));
    case 'year':
      return unitPeriod('year', today);
    case 'lastYear':
      return unitPeriod('year', addMonths(`${today.slice(0, 8)}01`, -12));
    case 'custom':
      return { start: input.startTime ?? today, end: input.endTime ?? today, unit: 'custom' };
  }
}

/**
 * The period just before: the previous calendar unit for a unit period (March → February whole),
 * the same number of days immediately before for a custom one.
 */
export function previousPeriod(p: Period): Period {
  switch (p.unit) {
    case 'day':
    case 'week':
    case 'custom': {
      const len = daysBetween(p.start, p.end) + 1;
      return { start: addDays(p.start, -len), end: addDays(p.start, -1), unit: p.unit };
    }
    case 'month':
      return unitPeriod('month', addMonths(p.start, -1));
    case 'quarter':
      return unitPeriod('quarter', addMonths(p.start, -3));
    case 'year':
      return unitPeriod('year', addMonths(p.start, -12));
  }
}

/**
 * The same days a year earlier. A period ending on a month's last day ends on that month's last
 * day (Feb 29 2028 → Feb 28 2027; Feb 28 2029 → Feb 29 2028); Feb 29 elsewhere becomes Feb 28.
 */
export function samePeriodLastYear(p: Period): Period {
  const end = isLastOfMonth(p.end)
    ? lastOfMonth(Number(p.end.slice(0, 4)) - 1, Number(p.end.slice(5, 7)))
    : addMonths(p.end, -12);
  return { start: addMonths(p.start, -12), end, unit: p.unit };
}

/** The bucket a chart splits a period into: days up to a month, weeks up to a quarter, else months. */
export function bucketUnitFor(p: Period): BucketUnit {
  const days = daysBetween(p.start, p.end) + 1;
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}

/** The calendar units a period can be exactly (its type aside: a custom period may be a whole month). */
export type CalendarUnit = Exclude<PeriodUnit, 'custom'>;
const calendarUnits: CalendarUnit[] = ['day', 'week', 'month', 'quarter', 'year'];

/** The calendar unit the period is exactly (a whole day, ISO week, month, quarter or year), else null. */
export function wholeUnit(p: Period): CalendarUnit | null {
  return (
    calendarUnits.find((u) => {
      const whole = unitPeriod(u, p.start);
      return whole.start === p.start && whole.end === p.end;
    }) ?? null
  );
}

/**
 * Whether every bucket of the period is a whole unit: days always; weeks or months when the period
 * starts on the first day of one and ends on the last day of one (a quarter's weeks are not: its
 * first and last weeks reach into the next quarters).
 */
export function bucketsWhole(p: Period, unit: BucketUnit): boolean {
  return unit === 'day' || (unitPeriod(unit, p.start).start === p.start && unitPeriod(unit, p.end).end === p.end);
}

/** The key of the bucket holding `day`: the day, the week's Monday, or `yyyy-MM`. */
export function bucketOf(day: string, unit: BucketUnit): string {
  return unit === 'day' ? day : unit === 'week' ? mondayOf(day) : day.slice(0, 7);
}

/** Every bucket of a period in order, so a bucket without rows still shows (as 0). */
export function bucketKeys(p: Period, unit: BucketUnit): string[] {
  const keys: string[] = [];
  if (unit === 'month') {
    for (let d = `${p.start.slice(0, 8)}01`; d <= p.end; d = addMonths(d, 1)) keys.push(d.slice(0, 7));
    return keys;
  }
  const step = unit === 'day' ? 1 : 7;
  for (let d = bucketOf(p.start, unit); d <= p.end; d = addDays(d, step)) keys.push(d);
  return keys;
}

/** A bucket's key a year earlier (`2026-03` → `2025-03`; a week: the Monday 52 weeks before). */
export function bucketLastYear(key: string, unit: BucketUnit): string {
  if (unit === 'month') return addMonths(`${key}-01`, -12).slice(0, 7);
  if (unit === 'week') return addDays(key, -364);
  return addMonths(key, -12);
}

/** The instants a period covers in `zone`: [first instant, first instant after). */
export function periodInstants(p: Period, zone?: string): [Date, Date] {
  return [new Date(instantOfWallClock(ms(p.start), zone)), new Date(instantOfWallClock(ms(addDays(p.end, 1)), zone))];
}

/**
 * Change from `base` to `current` in percent with one decimal (`12.5`); null when there is no
 * base to compare with (0), which the pages show as "—", never as an infinite growth.
 */
export function changeRate(current: number, base: number): number | null {
  if (!base) return null;
  return Math.round(((current - base) / Math.abs(base)) * 1000) / 10;
}
