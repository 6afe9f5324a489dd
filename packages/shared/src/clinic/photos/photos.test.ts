import { describe, expect, it } from 'vitest';
import { compareRows, groupByDay, mayDeletePhoto } from './rules.ts';
import { photoCompareSchema, photoUploadSchema } from './schemas.ts';

describe('groupByDay', () => {
  it('groups by the calendar day of the time, newest day first, keeping each day’s order', () => {
    const photos = [
      { id: 1, takenTime: '2026-11-01 09:00:00' },
      { id: 2, takenTime: '2026-11-26 08:00:00' },
      { id: 3, takenTime: '2026-11-01 17:30:00' },
    ];
    expect(groupByDay(photos)).toEqual([
      { day: '2026-11-26', photos: [photos[1]] },
      { day: '2026-11-01', photos: [photos[0], photos[2]] },
    ]);
    expect(groupByDay([])).toEqual([]);
  });
});

describe('compareRows', () => {
  it('answers one row per angle any day has, in angle order, an empty cell where a day lacks it', () => {
    const a = { id: 'a', angle: 3 };
    const b = { id: 'b', angle: 1 };
    const c = { id: 'c', angle: 1 };
    const d = { id: 'd', angle: 1 };
    expect(compareRows([{ photos: [a, b, c] }, { photos: [d] }])).toEqual([
      { angle: 1, cells: [[b, c], [d]] },
      { angle: 3, cells: [[a], []] },
    ]);
  });
});

describe('mayDeletePhoto', () => {
  it('lets the uploader delete on the day of the upload, and the permission always', () => {
    expect(mayDeletePhoto({ own: true, uploadedToday: true, anyPhoto: false })).toBe(true);
    expect(mayDeletePhoto({ own: true, uploadedToday: false, anyPhoto: false })).toBe(false);
    expect(mayDeletePhoto({ own: false, uploadedToday: true, anyPhoto: false })).toBe(false);
    expect(mayDeletePhoto({ own: false, uploadedToday: false, anyPhoto: true })).toBe(true);
  });
});

describe('schemas', () => {
  const base = { customerId: '3', type: '1', partId: '5', angle: '2', batchId: 'photo-batch-1' };
  it('reads the multipart text fields, blank visit and time as null', () => {
    expect(photoUploadSchema.parse({ ...base, visitId: '', takenTime: '' })).toMatchObject({
      customerId: 3,
      visitId: null,
      type: 1,
      partId: 5,
      angle: 2,
      takenTime: null,
    });
  });
  it('refuses a type or angle off the fixed lists', () => {
    expect(photoUploadSchema.safeParse({ ...base, type: '9' }).error?.issues[0]?.message).toBe('请选择照片类型');
    expect(photoUploadSchema.safeParse({ ...base, angle: '10' }).error?.issues[0]?.message).toBe('请选择拍摄角度');
  });
  it('compares two to four different days', () => {
    const ask = (days: string[]) => photoCompareSchema.safeParse({ customerId: 1, partId: 2, days }).success;
    expect(ask(['2026-11-01', '2026-11-26'])).toBe(true);
    expect(ask(['2026-11-01'])).toBe(false);
    expect(ask(['2026-11-01', '2026-11-01'])).toBe(false);
    expect(ask(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'])).toBe(false);
    expect(ask(['2026-11-01', '11/26'])).toBe(false);
  });
});
