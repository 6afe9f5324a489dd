import type { CalendarEntry } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { inAllDayRow, layoutDay } from './week-layout';

const entry = (id: number, startTime: string | null, endTime: string | null, extra: Partial<CalendarEntry> = {}) =>
  ({
    source: 'event',
    id,
    title: `e${id}`,
    allDay: startTime === null,
    day: '2026-11-23',
    endDay: '2026-11-23',
    seriesDay: '2026-11-23',
    changed: false,
    startTime,
    endTime,
    ...extra,
  }) as CalendarEntry;

describe('week hour grid layout', () => {
  it('places a timed entry by its start and length, an open-ended one for half an hour', () => {
    const [a, b] = layoutDay([entry(1, '09:30', '11:00'), entry(2, '14:00', null)]);
    expect([a!.top, a!.height, a!.lanes]).toEqual([570, 90, 1]);
    expect([b!.top, b!.height]).toEqual([840, 30]);
  });

  it('puts overlapping entries side by side, and a later one back on the full width', () => {
    const placed = layoutDay([entry(1, '09:00', '10:00'), entry(2, '09:30', '10:30'), entry(3, '11:00', '12:00')]);
    expect(placed.map((p) => [p.entry.id, p.lane, p.lanes])).toEqual([
      [1, 0, 2],
      [2, 1, 2],
      [3, 0, 1],
    ]);
  });

  it('reuses a free column inside a cluster', () => {
    const placed = layoutDay([entry(1, '09:00', '12:00'), entry(2, '09:00', '10:00'), entry(3, '10:00', '11:00')]);
    expect(placed.map((p) => [p.entry.id, p.lane, p.lanes])).toEqual([
      [1, 0, 2],
      [2, 1, 2],
      [3, 1, 2],
    ]);
  });

  it('leaves all-day and multi-day entries to the all-day row', () => {
    const multi = entry(2, '20:00', '09:00', { endDay: '2026-11-24' });
    expect(inAllDayRow(entry(1, null, null))).toBe(true);
    expect(inAllDayRow(multi)).toBe(true);
    expect(layoutDay([entry(1, null, null), multi])).toEqual([]);
  });
});
