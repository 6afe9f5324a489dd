import { describe, expect, it } from 'vitest';
import {
  bucketKeys,
  bucketLastYear,
  bucketOf,
  bucketsWhole,
  bucketUnitFor,
  changeRate,
  type Period,
  periodInstants,
  previousPeriod,
  resolvePeriod,
  samePeriodLastYear,
  todayIn,
  wholeUnit,
} from './period.ts';

const p = (start: string, end: string, unit: Period['unit']): Period => ({ start, end, unit });

describe('resolvePeriod', () => {
  // 2026-11-26 is a Thursday.
  it.each([
    ['today', p('2026-11-26', '2026-11-26', 'day')],
    ['day', p('2026-11-26', '2026-11-26', 'day')],
    ['yesterday', p('2026-11-25', '2026-11-25', 'day')],
    ['week', p('2026-11-23', '2026-11-29', 'week')],
    ['lastWeek', p('2026-11-16', '2026-11-22', 'week')],
    ['month', p('2026-11-01', '2026-11-30', 'month')],
    ['lastMonth', p('2026-10-01', '2026-10-31', 'month')],
    ['quarter', p('2026-10-01', '2026-12-31', 'quarter')],
    ['lastQuarter', p('2026-07-01', '2026-09-30', 'quarter')],
    ['year', p('2026-01-01', '2026-12-31', 'year')],
    ['lastYear', p('2025-01-01', '2025-12-31', 'year')],
  ] as const)('%s', (type, expected) => {
    expect(resolvePeriod({ type }, '2026-11-26')).toEqual(expected);
  });

  it('last month of a 31st is the whole previous month, across a year end', () => {
    expect(resolvePeriod({ type: 'lastMonth' }, '2026-03-31')).toEqual(p('2026-02-01', '2026-02-28', 'month'));
    expect(resolvePeriod({ type: 'lastMonth' }, '2026-01-15')).toEqual(p('2025-12-01', '2025-12-31', 'month'));
    expect(resolvePeriod({ type: 'lastQuarter' }, '2026-02-10')).toEqual(p('2025-10-01', '2025-12-31', 'quarter'));
    expect(resolvePeriod({ type: 'lastWeek' }, '2026-01-01')).toEqual(p('2025-12-22', '2025-12-28', 'week'));
  });

  it('custom takes the days given', () => {
    expect(resolvePeriod({ type: 'custom', startTime: '2026-02-10', endTime: '2026-03-05' }, '2026-11-26')).toEqual(
      p('2026-02-10', '2026-03-05', 'custom'),
    );
  });
});

describe('previousPeriod', () => {
  it.each([
    [p('2026-03-01', '2026-03-31', 'month'), p('2026-02-01', '2026-02-28', 'month')],
    [p('2024-03-01', '2024-03-31', 'month'), p('2024-02-01', '2024-02-29', 'month')],
    [p('2026-01-01', '2026-01-31', 'month'), p('2025-12-01', '2025-12-31', 'month')],
    [p('2026-04-01', '2026-06-30', 'quarter'), p('2026-01-01', '2026-03-31', 'quarter')],
    [p('2026-01-01', '2026-12-31', 'year'), p('2025-01-01', '2025-12-31', 'year')],
    [p('2026-03-01', '2026-03-01', 'day'), p('2026-02-28', '2026-02-28', 'day')],
    [p('2026-11-23', '2026-11-29', 'week'), p('2026-11-16', '2026-11-22', 'week')],
    // A custom period: as many days just before.
    [p('2026-03-01', '2026-03-10', 'custom'), p('2026-02-19', '2026-02-28', 'custom')],
  ])('%j → %j', (input, expected) => {
    expect(previousPeriod(input)).toEqual(expected);
  });
});

describe('samePeriodLastYear', () => {
  it.each([
    [p('2026-11-01', '2026-11-30', 'month'), p('2025-11-01', '2025-11-30', 'month')],
    // Leap years: a month end stays a month end both ways; Feb 29 elsewhere is Feb 28.
    [p('2028-02-01', '2028-02-29', 'month'), p('2027-02-01', '2027-02-28', 'month')],
    [p('2029-02-01', '2029-02-28', 'month'), p('2028-02-01', '2028-02-29', 'month')],
    [p('2028-02-29', '2028-02-29', 'day'), p('2027-02-28', '2027-02-28', 'day')],
    [p('2028-02-10', '2028-03-10', 'custom'), p('2027-02-10', '2027-03-10', 'custom')],
    [p('2026-01-01', '2026-12-31', 'year'), p('2025-01-01', '2025-12-31', 'year')],
  ])('%j → %j', (input, expected) => {
    expect(samePeriodLastYear(input)).toEqual(expected);
  });
});

describe('buckets', () => {
  it('a month splits into its days, a quarter into weeks, a year into months', () => {
    const month = p('2026-02-01', '2026-02-28', 'month');
    expect(bucketUnitFor(month)).toBe('day');
    expect(bucketKeys(month, 'day')).toHaveLength(28);
    expect(bucketKeys(p('2028-02-01', '2028-02-29', 'month'), 'day').at(-1)).toBe('2028-02-29');
    const quarter = p('2026-10-01', '2026-12-31', 'quarter');
    expect(bucketUnitFor(quarter)).toBe('week');
    // Weeks are keyed by their Monday; the first holds Oct 1 (a Thursday).
    expect(bucketKeys(quarter, 'week').slice(0, 2)).toEqual(['2026-09-28', '2026-10-05']);
    expect(bucketKeys(quarter, 'week').at(-1)).toBe('2026-12-28');
    const year = p('2026-01-01', '2026-12-31', 'year');
    expect(bucketUnitFor(year)).toBe('month');
    expect(bucketKeys(year, 'month')).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    // A custom period over a month end names both months.
    expect(bucketKeys(p('2026-01-31', '2026-03-01', 'custom'), 'month')).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('places a day in its bucket and finds the same bucket a year earlier', () => {
    expect(bucketOf('2026-11-29', 'week')).toBe('2026-11-23');
    expect(bucketOf('2026-11-29', 'month')).toBe('2026-11');
    expect(bucketLastYear('2026-03', 'month')).toBe('2025-03');
    expect(bucketLastYear('2028-02-29', 'day')).toBe('2027-02-28');
    expect(bucketLastYear('2026-11-23', 'week')).toBe('2025-11-24');
  });
});

describe('the company zone', () => {
  it('a day is the company day: its instants start at local midnight', () => {
    const [from, to] = periodInstants(p('2026-11-01', '2026-11-30', 'month'), 'Asia/Shanghai');
    expect(from.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    // New York changes its clock on 2026-11-01: the month's first instant is still local midnight (EDT).
    const [ny] = periodInstants(p('2026-11-01', '2026-11-01', 'day'), 'America/New_York');
    expect(ny.toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('today is the company date, not the UTC one', () => {
    const lateUtc = new Date('2026-11-25T17:30:00Z');
    expect(todayIn('Asia/Shanghai', lateUtc)).toBe('2026-11-26');
    expect(todayIn('UTC', lateUtc)).toBe('2026-11-25');
  });
});

describe('changeRate', () => {
  it.each([
    [150, 100, 50],
    [50, 200, -75],
    [1, 3, -66.7],
    [10, 0, null],
    [0, 0, null],
  ])('%d over %d is %s', (cur, base, expected) => {
    expect(changeRate(cur, base)).toBe(expected);
  });
});

describe('wholeUnit and bucketsWhole', () => {
  it.each([
    [p('2026-11-26', '2026-11-26', 'day'), 'day'],
    // 2026-11-23 is a Monday.
    [p('2026-11-23', '2026-11-29', 'week'), 'week'],
    [p('2026-11-24', '2026-11-30', 'custom'), null],
    [p('2026-02-01', '2026-02-28', 'custom'), 'month'],
    [p('2028-02-01', '2028-02-28', 'custom'), null],
    [p('2026-10-01', '2026-12-31', 'quarter'), 'quarter'],
    [p('2026-11-01', '2027-01-31', 'custom'), null],
    [p('2026-01-01', '2026-12-31', 'year'), 'year'],
    [p('2026-01-01', '2027-12-31', 'custom'), null],
  ])('%o is a whole %s', (period, unit) => {
    expect(wholeUnit(period)).toBe(unit);
  });

  it('days are always whole; weeks and months when the period starts and ends on their edges', () => {
    const quarter = p('2026-10-01', '2026-12-31', 'quarter');
    expect(bucketsWhole(quarter, 'day')).toBe(true);
    expect(bucketsWhole(quarter, 'month')).toBe(true);
    // October 1st 2026 is a Thursday: the first and last weeks reach out of the quarter.
    expect(bucketsWhole(quarter, 'week')).toBe(false);
    expect(bucketsWhole(p('2026-11-23', '2026-12-20', 'custom'), 'week')).toBe(true);
    expect(bucketsWhole(p('2026-11-23', '2026-12-20', 'custom'), 'month')).toBe(false);
  });
});
