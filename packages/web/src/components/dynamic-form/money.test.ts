import { describe, expect, it } from 'vitest';
import { formatMoney, toChineseMoney } from './money';

describe('toChineseMoney', () => {
  it.each([
    [0, '零元整'],
    [1950.5, '壹仟玖佰伍拾元伍角'],
    [100000, '壹拾万元整'],
    [100001000, '壹亿零壹仟元整'],
    [1005.08, '壹仟零伍元零捌分'],
    [0.3, '叁角'],
    [20300, '贰万零叁佰元整'],
    [-12, '负壹拾贰元整'],
  ])('%d → %s', (n, words) => expect(toChineseMoney(n)).toBe(words));
});

describe('formatMoney', () => {
  it('uses two decimals and separators', () => expect(formatMoney(12345.6)).toBe('12,345.60'));
});
