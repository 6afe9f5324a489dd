import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiTime, isApiTime } from '../contracts/common.ts';
import { companyDay, companyInstant } from '../schedule/repeat.ts';
import {
  companyTimeZone,
  DEFAULT_TIME_ZONE,
  formatTime,
  isTimeZone,
  parseTime,
  setCompanyTimeZone,
  toApiTime,
} from './clock.ts';
import { optionalTimeInput, timeInput } from './field.ts';

afterEach(() => setCompanyTimeZone(DEFAULT_TIME_ZONE));

describe('timeInput', () => {
  const schema = timeInput('时间格式有误');
  it.each([
    ['2026-11-23 18:00:00', '2026-11-23T10:00:00.000Z'],
    ['2026-11-23 18:00', '2026-11-23T10:00:00.000Z'],
    ['2026-11-23T18:00:30', '2026-11-23T10:00:30.000Z'],
    [' 2026-11-23 18:00:00 ', '2026-11-23T10:00:00.000Z'],
    ['2026-11-23T10:00:00.000Z', '2026-11-23T10:00:00.000Z'],
    ['2026-11-23T10:00:00Z', '2026-11-23T10:00:00.000Z'],
    ['2026-11-23T18:00:00+08:00', '2026-11-23T10:00:00.000Z'],
    ['2026-11-23T05:00:00-05:00', '2026-11-23T10:00:00.000Z'],
    ['2026-11-23T10:00:00.5+0000', '2026-11-23T10:00:00.500Z'],
    ['2024-02-29 00:00:00', '2024-02-28T16:00:00.000Z'],
    ['1900-01-01 12:00:00', '1900-01-01T03:54:17.000Z'],
    ['9999-12-31 23:59:59', '9999-12-31T15:59:59.000Z'],
  ])('reads %s (company zone Asia/Shanghai)', (text, iso) => {
    expect(schema.parse(text).toISOString()).toBe(iso);
  });

  it.each([
    '2026-02-30 10:00:00',
    '2025-02-29 10:00:00',
    '2026-11-23 25:00:00',
    '2026-11-23 24:00',
    '2026-11-23 10:60:00',
    '2026-11-23 10:00:60',
    '2026-13-01 10:00:00',
    '2026-00-10 10:00:00',
    '2026-11-23',
    '2026-11-23 10',
    '2026/11/23 10:00:00',
    '26-11-23 10:00:00',
    '0001-01-01 00:00:00',
    '1899-12-31 23:59:59',
    '99999-01-01 00:00:00',
    '10000-01-01 00:00:00',
    '2026-11-23T10:00:00+25:00',
    '2026-11-23T10:00:00+08:60',
    `2026-11-23 10:00:00${'0'.repeat(1000)}`,
    '99999999999999999999',
    'tomorrow',
    '',
  ])('refuses %j with the field message', (text) => {
    const r = schema.safeParse(text);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('时间格式有误');
  });

  it.each([[1e21], [Number.NaN], [true], [{}], [['2026-11-23 10:00:00']]])(
    'refuses a %j that is not text with the field message',
    (v) => {
      expect(schema.safeParse(v).error?.issues[0]?.message).toBe('时间格式有误');
    },
  );

  it('reads local text in the zone in force', () => {
    setCompanyTimeZone('America/New_York');
    expect(schema.parse('2026-07-01 08:00:00').toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(schema.parse('2026-12-01 08:00:00').toISOString()).toBe('2026-12-01T13:00:00.000Z');
    // An offset names the instant whatever the zone.
    expect(schema.parse('2026-07-01T08:00:00+08:00').toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });

  it('optionalTimeInput: blank and null are none', () => {
    const opt = z.object({ at: optionalTimeInput('时间格式有误').default(null) });
    expect(opt.parse({}).at).toBeNull();
    expect(opt.parse({ at: '  ' }).at).toBeNull();
    expect(opt.parse({ at: null }).at).toBeNull();
    expect(opt.parse({ at: '2026-11-23 18:00' }).at?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(opt.safeParse({ at: '2026-02-30 10:00' }).error?.issues[0]?.message).toBe('时间格式有误');
  });
});

describe('formatTime and toApiTime', () => {
  it('writes an instant as the zone’s wall clock', () => {
    const at = new Date('2026-11-23T10:00:05.999Z');
    expect(formatTime(at)).toBe('2026-11-23 18:00:05');
    expect(formatTime(at, 'UTC')).toBe('2026-11-23 10:00:05');
    expect(formatTime(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe('2026-07-01 08:00:00');
    expect(formatTime(new Date('2026-12-01T13:00:00Z'), 'America/New_York')).toBe('2026-12-01 08:00:00');
    expect(formatTime(new Date(Number.NaN))).toBe('');
  });

  it('is exact on both sides of a clock change', () => {
    // New York went to summer time at 2026-03-08 07:00 UTC (02:00 → 03:00 local).
    expect(formatTime(new Date('2026-03-08T06:59:59Z'), 'America/New_York')).toBe('2026-03-08 01:59:59');
    expect(formatTime(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08 03:00:00');
    expect(formatTime(new Date('2026-11-01T05:59:59Z'), 'America/New_York')).toBe('2026-11-01 01:59:59');
    expect(formatTime(new Date('2026-11-01T06:00:00Z'), 'America/New_York')).toBe('2026-11-01 01:00:00');
  });

  it('round-trips through parseTime', () => {
    for (const zone of ['Asia/Shanghai', 'America/New_York', 'Asia/Kathmandu', 'UTC']) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * 3_600_000 + 13_000) {
        const text = formatTime(new Date(t), zone);
        const back = parseTime(text, zone)!.getTime();
        // A wall-clock hour repeated at the autumn change reads as one of its two instants.
        expect(formatTime(new Date(back), zone)).toBe(text);
      }
    }
  });

  it.each([
    [new Date('2026-11-23T10:00:00Z'), '2026-11-23 18:00:00'],
    ['2026-11-23T10:00:00.000Z', '2026-11-23 18:00:00'],
    ['2026-11-23T10:00:00.123456+00:00', '2026-11-23 18:00:00'],
    ['2026-11-23 10:00:00.123456+00', '2026-11-23 18:00:00'],
    ['2026-11-23 15:30:00+05:30', '2026-11-23 18:00:00'],
    ['2026-11-23 18:00:00', '2026-11-23 18:00:00'],
    ['2026-11-23 18:00', '2026-11-23 18:00:00'],
    ['not a time', 'not a time'],
    [null, null],
    [undefined, undefined],
  ])('answers %j as %j', (v, out) => {
    expect(toApiTime(v)).toBe(out);
  });
});

describe('the company zone', () => {
  it.each(['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/Berlin', 'America/Argentina/Buenos_Aires'])(
    'accepts %s',
    (zone) => {
      expect(isTimeZone(zone)).toBe(true);
    },
  );
  it.each(['Mars/Olympus', '+08:00', 'UTC+8', '', 'Asia/Shanghai; drop', '../etc/passwd', 8, null])(
    'refuses %j',
    (zone) => {
      expect(isTimeZone(zone)).toBe(false);
      if (typeof zone === 'string') expect(() => setCompanyTimeZone(zone)).toThrow();
    },
  );
  it('defaults to Asia/Shanghai', () => {
    expect(companyTimeZone()).toBe('Asia/Shanghai');
  });
  it('gives the calendar its days', () => {
    expect(companyInstant('2026-07-01', 9 * 60).toISOString()).toBe('2026-07-01T01:00:00.000Z');
    expect(companyDay(new Date('2026-06-30T16:30:00Z'))).toBe('2026-07-01');
    setCompanyTimeZone('America/New_York');
    expect(companyInstant('2026-07-01', 9 * 60).toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(companyInstant('2026-12-01').toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(companyDay(new Date('2026-07-01T03:00:00Z'))).toBe('2026-06-30');
  });
});

describe('apiTime, the answer marker', () => {
  it('is one schema the route layer can find inside wrappers', () => {
    expect(isApiTime(apiTime)).toBe(true);
    expect(isApiTime(z.string())).toBe(false);
    const js = z.toJSONSchema(z.object({ at: apiTime, maybe: apiTime.nullable() }), { io: 'output' });
    expect(js.properties).toEqual({ at: { type: 'string' }, maybe: { type: ['string', 'null'] } });
  });
});
