import { describe, expect, it } from 'vitest';
import { formatYuan, toChineseMoney } from './money.ts';

describe('toChineseMoney', () => {
  it.each([
    [0, '零元整'],
    [1234.5, '壹仟贰佰叁拾肆元伍角'],
    [1234, '壹仟贰佰叁拾肆元整'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [10.07, '壹拾元零柒分'],
    [1950.56, '壹仟玖佰伍拾元伍角陆分'],
    [-8, '负捌元整'],
    [-1234.5, '负壹仟贰佰叁拾肆元伍角'],
    [10500, '壹万零伍佰元整'],
    [100000000, '壹亿元整'],
    [120003000.1, '壹亿贰仟万叁仟元壹角'],
    [100000300, '壹亿零叁佰元整'],
    [100010000, '壹亿零壹万元整'],
  ])('%s → %s', (amount, words) => {
    expect(toChineseMoney(amount)).toBe(words);
  });
});

describe('formatYuan', () => {
  it.each([
    [0, '¥0.00'],
    [1234567.5, '¥1,234,567.50'],
    [-1200, '-¥1,200.00'],
  ])('%s → %s', (amount, text) => {
    expect(formatYuan(amount)).toBe(text);
  });
});
