import { companyTimeZone, DEFAULT_TIME_ZONE } from '@crm/shared';
import { act, renderHook } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowInZone, parseTime, sendTime, setTimeZone, showTime, useTimeZone } from './time';

// The browser is in New York; the company in Shanghai (13 hours ahead in November).
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = browserZone;
});
afterEach(() => setTimeZone(DEFAULT_TIME_ZONE));

describe('web times', () => {
  it('runs in a browser zone that is not the company’s', () => {
    expect(new Date('2026-11-23T10:00:00Z').getHours()).toBe(5);
  });

  it('shows an answer’s time on the company’s clock, whatever the browser’s zone', () => {
    expect(showTime('2026-11-23 18:00:00')).toBe('2026-11-23 18:00');
    expect(showTime('2026-11-23 18:00:05', 'MM-DD HH:mm:ss')).toBe('11-23 18:00:05');
    // ISO with an offset names the instant: 10:00 UTC is 18:00 in Shanghai.
    expect(showTime('2026-11-23T10:00:00.000Z')).toBe('2026-11-23 18:00');
    expect(parseTime('2026-11-23 18:00:00')?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(showTime(null)).toBe('');
    expect(showTime('2026-02-30 10:00:00')).toBe('');
    expect(parseTime('not a time')).toBeNull();
  });

  it('sends back the time a picker shows, so an unchanged value round-trips', () => {
    expect(sendTime(parseTime('2026-11-23 18:00:00'))).toBe('2026-11-23 18:00:00');
    // A picked value is the wall clock the user chose: the company's.
    expect(sendTime(dayjs('2026-12-01 09:30'))).toBe('2026-12-01 09:30:00');
    expect(sendTime(null)).toBeNull();
    expect(sendTime(dayjs('nonsense'))).toBeNull();
  });

  it('follows the company’s zone when the settings change it', () => {
    setTimeZone('America/New_York');
    expect(companyTimeZone()).toBe('America/New_York');
    expect(showTime('2026-11-23T10:00:00.000Z')).toBe('2026-11-23 05:00');
    expect(parseTime('2026-11-23 05:00:00')?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    setTimeZone('Not/AZone');
    expect(companyTimeZone()).toBe(DEFAULT_TIME_ZONE);
    expect(localStorage.getItem('timeZone')).toBe(DEFAULT_TIME_ZONE);
  });

  it('tells today on the company’s clock', () => {
    const shanghaiNow = new Date().toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 10);
    expect(nowInZone().format('YYYY-MM-DD')).toBe(shanghaiNow);
  });

  it('tells the shell when the zone changes, so the page shows its times again', () => {
    const { result } = renderHook(() => useTimeZone());
    expect(result.current).toBe(DEFAULT_TIME_ZONE);
    act(() => setTimeZone('Europe/Berlin'));
    expect(result.current).toBe('Europe/Berlin');
  });
});
