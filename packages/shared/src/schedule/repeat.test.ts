import { describe, expect, it } from 'vitest';
import {
  applyExceptions,
  companyDay,
  companyInstant,
  isOccurrence,
  lastOccurrenceDay,
  NO_REPEAT,
  occurrenceDays,
  occurrencesInWindow,
  type RepeatRule,
  remindAt,
  reminderDue,
  weekdayOf,
} from './repeat.ts';

const rule = (r: Partial<RepeatRule>): RepeatRule => ({ ...NO_REPEAT, ...r });

describe('occurrenceDays', () => {
  it.each([
    ['no repeat inside the window', rule({}), '2026-11-23', '2026-11-01', '2026-11-30', ['2026-11-23']],
    ['no repeat outside the window', rule({}), '2026-10-23', '2026-11-01', '2026-11-30', []],
    [
      'daily, every 2 days, across a month end',
      rule({ freq: 'daily', interval: 2 }),
      '2026-11-27',
      '2026-11-27',
      '2026-12-04',
      ['2026-11-27', '2026-11-29', '2026-12-01', '2026-12-03'],
    ],
    [
      'daily until a day (included)',
      rule({ freq: 'daily', until: '2026-11-25' }),
      '2026-11-23',
      '2026-11-01',
      '2026-11-30',
      ['2026-11-23', '2026-11-24', '2026-11-25'],
    ],
    [
      'daily with a count, window starting after the first',
      rule({ freq: 'daily', count: 3 }),
      '2026-11-23',
      '2026-11-24',
      '2026-11-30',
      ['2026-11-24', '2026-11-25'],
    ],
    [
      'daily over February 29 of a leap year',
      rule({ freq: 'daily' }),
      '2028-02-27',
      '2028-02-27',
      '2028-03-01',
      ['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01'],
    ],
    [
      'weekly on Monday, Wednesday and Friday, starting on a Wednesday',
      rule({ freq: 'weekly', weekdays: [5, 1, 3] }),
      '2026-11-25',
      '2026-11-23',
      '2026-12-06',
      ['2026-11-25', '2026-11-27', '2026-11-30', '2026-12-02', '2026-12-04'],
    ],
    [
      'weekly without weekdays: the first day’s weekday',
      rule({ freq: 'weekly' }),
      '2026-11-23',
      '2026-11-01',
      '2026-12-31',
      ['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28'],
    ],
    [
      'every other week on Tuesday and Sunday, count 5',
      rule({ freq: 'weekly', interval: 2, weekdays: [2, 7], count: 5 }),
      '2026-11-24',
      '2026-11-01',
      '2027-03-01',
      ['2026-11-24', '2026-11-29', '2026-12-08', '2026-12-13', '2026-12-22'],
    ],
    [
      'weekly, window far after the first (jumps ahead)',
      rule({ freq: 'weekly', weekdays: [1] }),
      '2020-01-06',
      '2026-11-22',
      '2026-12-01',
      ['2026-11-23', '2026-11-30'],
    ],
    [
      'monthly on the 31st skips shorter months',
      rule({ freq: 'monthly' }),
      '2026-01-31',
      '2026-01-01',
      '2026-08-31',
      ['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-08-31'],
    ],
    [
      'monthly on the 29th: February only in leap years',
      rule({ freq: 'monthly' }),
      '2027-01-29',
      '2027-01-01',
      '2028-03-31',
      [
        '2027-01-29',
        '2027-03-29',
        '2027-04-29',
        '2027-05-29',
        '2027-06-29',
        '2027-07-29',
        '2027-08-29',
        '2027-09-29',
        '2027-10-29',
        '2027-11-29',
        '2027-12-29',
        '2028-01-29',
        '2028-02-29',
        '2028-03-29',
      ],
    ],
    [
      'monthly, count 3 on the 31st counts only real occurrences',
      rule({ freq: 'monthly', count: 3 }),
      '2026-01-31',
      '2026-01-01',
      '2026-12-31',
      ['2026-01-31', '2026-03-31', '2026-05-31'],
    ],
    [
      'every 3 months across a year end',
      rule({ freq: 'monthly', interval: 3, until: '2027-06-30' }),
      '2026-11-15',
      '2026-01-01',
      '2027-12-31',
      ['2026-11-15', '2027-02-15', '2027-05-15'],
    ],
  ] as const)('%s', (_, r, first, from, to, days) => {
    expect(occurrenceDays(r, first, from, to)).toEqual(days);
  });

  it('stops at the limit', () => {
    expect(occurrenceDays(rule({ freq: 'daily' }), '2026-01-01', '2026-01-01', '2026-12-31', 10)).toHaveLength(10);
  });

  it('knows the weekdays (Monday 1 … Sunday 7)', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(weekdayOf('1970-01-01')).toBe(4);
    expect(weekdayOf('1969-12-29')).toBe(1);
  });
});

describe('lastOccurrenceDay', () => {
  it.each([
    ['no repeat', rule({}), '2026-11-23', '2026-11-23'],
    ['never ends', rule({ freq: 'daily' }), '2026-11-23', null],
    ['until a day it does not fall on', rule({ freq: 'weekly', until: '2026-12-06' }), '2026-11-23', '2026-11-30'],
    ['count of weekly days', rule({ freq: 'weekly', weekdays: [1, 3], count: 4 }), '2026-11-23', '2026-12-02'],
    ['count of monthly on the 31st', rule({ freq: 'monthly', count: 2 }), '2026-01-31', '2026-03-31'],
  ] as const)('%s', (_, r, first, last) => {
    expect(lastOccurrenceDay(r, first)).toBe(last);
  });
});

describe('China wall time', () => {
  it('maps days and instants at UTC+8 with no daylight saving', () => {
    expect(companyInstant('2026-11-23', 9 * 60).toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(companyInstant('2026-07-01', 0).toISOString()).toBe('2026-06-30T16:00:00.000Z');
    expect(companyDay(new Date('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    expect(companyDay(new Date('2026-11-23T15:59:00Z'))).toBe('2026-11-23');
  });
});

describe('reminders', () => {
  const timed = { day: '2026-11-23', allDay: false, startMin: 14 * 60 };
  const allDay = { day: '2026-11-23', allDay: true, startMin: null };
  const at = (iso: string) => new Date(iso);
  it('falls due minutes before a timed start', () => {
    expect(remindAt(timed, 15).toISOString()).toBe('2026-11-23T05:45:00.000Z');
  });
  it('counts back from 09:00 for an all-day event', () => {
    expect(remindAt(allDay, 60).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
  it.each([
    ['no reminder', timed, null, '2026-11-23T05:50:00Z', false],
    ['before the reminder time', timed, 15, '2026-11-23T05:44:59Z', false],
    ['at the reminder time', timed, 15, '2026-11-23T05:45:00Z', true],
    ['just before the start', timed, 15, '2026-11-23T05:59:59Z', true],
    ['once it has started', timed, 15, '2026-11-23T06:00:00Z', false],
    ['a day before, remind 1440', timed, 1440, '2026-11-22T06:00:00Z', true],
    ['at the start (0 minutes) for that minute', timed, 0, '2026-11-23T06:00:30Z', true],
    ['all day, during the day after 08:00', allDay, 60, '2026-11-23T10:00:00Z', true],
    ['all day, the next day', allDay, 60, '2026-11-23T16:00:00Z', false],
  ] as const)('%s', (_, o, minutes, now, due) => {
    expect(reminderDue(o, minutes, at(now))).toBe(due);
  });
});

describe('exceptions: this occurrence only', () => {
  // Every Monday from 2026-11-02 (a Monday).
  const weekly = rule({ freq: 'weekly', weekdays: [1] });
  const days = occurrenceDays(weekly, '2026-11-02', '2026-11-01', '2026-11-30');
  type O = { startDay: string; endDay: string; title: string };
  const moved = (startDay: string, title = '改期例会'): O => ({ startDay, endDay: startDay, title });

  it('drops a cancelled occurrence and keeps the others', () => {
    const placed = applyExceptions<O>(days, [{ day: '2026-11-16', cancelled: true, override: null }]);
    expect(placed.map((p) => p.seriesDay)).toEqual(['2026-11-02', '2026-11-09', '2026-11-23', '2026-11-30']);
    expect(placed.every((p) => p.override === null)).toBe(true);
  });

  it('carries an override on its series day, the rest unchanged', () => {
    const placed = applyExceptions<O>(days, [{ day: '2026-11-09', cancelled: false, override: moved('2026-11-09') }]);
    expect(placed).toHaveLength(5);
    expect(placed[1]).toEqual({ seriesDay: '2026-11-09', override: moved('2026-11-09') });
    expect(placed[2]).toEqual({ seriesDay: '2026-11-16', override: null });
  });

  it('ignores an exception for a day the series no longer falls on', () => {
    const placed = applyExceptions<O>(days, [{ day: '2026-11-10', cancelled: true, override: null }]);
    expect(placed.map((p) => p.seriesDay)).toEqual(days);
  });

  it('places a moved occurrence on its new day, found from a window that holds only the new day', () => {
    const exceptions = [{ day: '2026-11-09', cancelled: false, override: moved('2026-11-12') }];
    // The week of 11-09 … 11-15 shows it on Thursday, not Monday.
    const week = occurrencesInWindow<O>(weekly, '2026-11-02', 0, exceptions, '2026-11-09', '2026-11-15');
    expect(week.map((o) => [o.seriesDay, o.day, o.override?.title ?? null])).toEqual([
      ['2026-11-09', '2026-11-12', '改期例会'],
    ]);
    // Moved out of a window: the window no longer shows it.
    expect(occurrencesInWindow<O>(weekly, '2026-11-02', 0, exceptions, '2026-11-09', '2026-11-11')).toEqual([]);
    // Moved into a window from the month before: found all the same.
    const back = [{ day: '2026-12-07', cancelled: false, override: moved('2026-11-26') }];
    const late = occurrencesInWindow<O>(weekly, '2026-11-02', 0, back, '2026-11-26', '2026-11-26');
    expect(late.map((o) => o.seriesDay)).toEqual(['2026-12-07']);
  });

  it('keeps a multi-day series span for unchanged occurrences and orders by day', () => {
    const placed = occurrencesInWindow<O>(
      weekly,
      '2026-11-02',
      1,
      [{ day: '2026-11-16', cancelled: false, override: moved('2026-11-15') }],
      '2026-11-10',
      '2026-11-17',
    );
    expect(placed.map((o) => [o.day, o.endDay])).toEqual([
      ['2026-11-09', '2026-11-10'],
      ['2026-11-15', '2026-11-15'],
    ]);
  });

  it('says which days are occurrences (where an exception may be made)', () => {
    expect(isOccurrence(weekly, '2026-11-02', '2026-11-16')).toBe(true);
    expect(isOccurrence(weekly, '2026-11-02', '2026-11-17')).toBe(false);
    expect(isOccurrence(weekly, '2026-11-02', '2026-10-26')).toBe(false);
    expect(isOccurrence(rule({ freq: 'weekly', weekdays: [1], count: 2 }), '2026-11-02', '2026-11-16')).toBe(false);
    expect(isOccurrence(NO_REPEAT, '2026-11-02', '2026-11-02')).toBe(true);
  });
});
