import { describe, expect, it } from 'vitest';
import { cutoffInstant, cutoffMessage, isClock, mealOpen, weekDays, weekStartOf } from './rules.ts';
import { mealMenuSaveSchema } from './schemas.ts';

describe('the cut-off rule', () => {
  it('reads the cut-off on the company clock, not UTC', () => {
    // 10:00 in Shanghai is 02:00 UTC the same day.
    expect(cutoffInstant('2026-11-26', '10:00', 'Asia/Shanghai').toISOString()).toBe('2026-11-26T02:00:00.000Z');
    expect(cutoffInstant('2026-11-26', '16:00', 'Europe/London').toISOString()).toBe('2026-11-26T16:00:00.000Z');
  });

  it('accepts orders until the minute before the cut-off and refuses from the cut-off on', () => {
    const zone = 'Asia/Shanghai';
    expect(mealOpen('2026-11-26', '10:00', new Date('2026-11-26T01:59:59.999Z'), zone)).toBe(true);
    expect(mealOpen('2026-11-26', '10:00', new Date('2026-11-26T02:00:00.000Z'), zone)).toBe(false);
    // The day before is always open for tomorrow; any earlier day is closed.
    expect(mealOpen('2026-11-27', '10:00', new Date('2026-11-26T12:00:00Z'), zone)).toBe(true);
    expect(mealOpen('2026-11-25', '16:00', new Date('2026-11-26T00:00:00Z'), zone)).toBe(false);
  });

  it('names the cut-off in its refusal', () => {
    expect(cutoffMessage('10:00')).toBe('已过订餐截止时间（10:00），不能再订或取消');
  });

  it('checks clock texts', () => {
    expect(['00:00', '09:30', '23:59'].every(isClock)).toBe(true);
    expect(['24:00', '9:30', '10:60', '10:00:00', ''].some(isClock)).toBe(false);
  });
});

describe('weeks', () => {
  it('start on Monday', () => {
    // 2026-11-26 is a Thursday; 2026-11-29 a Sunday.
    expect(weekStartOf('2026-11-26')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekDays('2026-11-23')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });
});

describe('the menu schema', () => {
  it('reads the price as fen and refuses blank dishes and bad prices', () => {
    const ok = mealMenuSaveSchema.safeParse({
      storeId: 1,
      day: '2026-11-26',
      slots: [{ day: '2026-11-26', meal: 1, dishes: [' 红烧肉 ', '青菜'], price: '12.5' }],
    });
    expect(ok.success && ok.data.slots[0]).toEqual({
      day: '2026-11-26',
      meal: 1,
      dishes: ['红烧肉', '青菜'],
      price: 1250,
    });
    const blank = mealMenuSaveSchema.safeParse({
      storeId: 1,
      day: '2026-11-26',
      slots: [{ day: '2026-11-26', meal: 1, dishes: ['  '] }],
    });
    expect(blank.error?.issues[0]?.message).toBe('菜品不能为空');
    const price = mealMenuSaveSchema.safeParse({
      storeId: 1,
      day: '2026-11-26',
      slots: [{ day: '2026-11-26', meal: 2, dishes: ['面'], price: '1.234' }],
    });
    expect(price.error?.issues[0]?.message).toBe('请输入正确的价格（最多两位小数）');
  });
});
