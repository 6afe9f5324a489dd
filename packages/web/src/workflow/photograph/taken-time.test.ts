import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { takenTimeOf } from './UploadDialog';

describe('takenTimeOf', () => {
  const today = dayjs('2026-11-26');
  it('leaves today and no day to the server’s clock, and dates an earlier day at its noon', () => {
    expect(takenTimeOf(null, today)).toBeUndefined();
    expect(takenTimeOf(dayjs('2026-11-26'), today)).toBeUndefined();
    expect(takenTimeOf(dayjs('2026-11-19'), today)).toBe('2026-11-19 12:00:00');
  });
});
