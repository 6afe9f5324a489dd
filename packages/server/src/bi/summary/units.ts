import type { Period } from '@crm/shared';

/**
 * Calendar units of the precounted summaries (buying customers per day, week, month, quarter and
 * year): which periods are whole units, so a count kept per unit answers them exactly.
 */
export type CountUnit = 'day' | 'week' | 'month' | 'quarter' | 'year';
export const countUnits: CountUnit[] = ['day', 'week', 'month', 'quarter', 'year'];
/** The one-letter code each unit's rows carry in the summary (migration's hand-written block). */
export const unitCode: Record<CountUnit, string> = { day: 'd', week: 'w', month: 'm', quarter: 'q', year: 'y' };

const parts = (day: string) => ({
  y: Number(day.slice(0, 4)),
  m: Number(day.slice(5, 7)),
  d: Number(day.slice(8, 10)),
});
const utc = (day: string) => {
  const { y, m, d } = parts(day);
  return new Date(Date.UTC(y, m - 1, d));
};
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Does `day` begin a `unit` (a Monday, a month's 1st, …)? */
function begins(unit: CountUnit, day: string): boolean {
  const { m, d } = parts(day);
  switch (unit) {
    case 'day':
      return true;
    case 'week':
      return utc(day).getUTCDay() === 1;
    case 'month':
      return d === 1;
    case 'quarter':
      return d === 1 && (m - 1) % 3 === 0;
    case 'year':
      return d === 1 && m === 1;
  }
}

/** Does `day` end a `unit` (a Sunday, a month's last day, …)? */
function ends(unit: CountUnit, day: string): boolean {
  const { y, m, d } = parts(day);
  switch (unit) {
    case 'day':
      return true;
    case 'week':
      return utc(day).getUTCDay() === 0;
    case 'month':
      return d === lastDayOf(y, m);
    case 'quarter':
      return d === lastDayOf(y, m) && m % 3 === 0;
    case 'year':
      return m === 12 && d === 31;
  }
}

/** The period is whole units (it begins one and ends one): a count per unit serves its buckets. */
export const wholeUnits = (p: Period, unit: CountUnit): boolean => begins(unit, p.start) && ends(unit, p.end);

const daysIn = (p: Period) => Math.round((utc(p.end).getTime() - utc(p.start).getTime()) / 86_400_000) + 1;
const maxDays: Record<CountUnit, number> = { day: 1, week: 7, month: 31, quarter: 92, year: 366 };

/** The calendar unit the period is exactly one of (a day, a week, a month, …), or null. */
export function oneUnit(p: Period): CountUnit | null {
  const n = daysIn(p);
  for (const u of countUnits) if (n <= maxDays[u] && wholeUnits(p, u)) return u;
  return null;
}
