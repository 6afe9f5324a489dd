import { describe, expect, it } from 'vitest';
import { type DealValue, leftValueParts, sumParts, targetParts } from './convert.ts';
import { conversionDifference } from './refund.ts';

const deal = (d: Partial<DealValue>): DealValue => ({
  dealValue: 100_000,
  bought: 10,
  left: 10,
  paidCash: 100_000,
  paidPrincipal: 0,
  paidGift: 0,
  paidCoupon: 0,
  ...d,
});

describe('leftValueParts', () => {
  it.each<[string, Partial<DealValue>, number, Record<string, number>]>([
    ['all cash, all left', {}, 10, { value: 100_000, cash: 100_000, principal: 0, gift: 0, coupon: 0, unpaid: 0 }],
    ['3 used, 7 left', { left: 7 }, 7, { value: 70_000, cash: 70_000 }],
    [
      'the last session carries the remainder',
      { dealValue: 1000, paidCash: 1000, bought: 3, left: 2 },
      2,
      { value: 667 },
    ],
    ['not the last: rounded down', { dealValue: 1000, paidCash: 1000, bought: 3, left: 3 }, 2, { value: 666 }],
    [
      'mixed money in proportion',
      { paidCash: 50_000, paidPrincipal: 30_000, paidGift: 20_000 },
      5,
      { value: 50_000, cash: 25_000, principal: 15_000, gift: 10_000, coupon: 0, unpaid: 0 },
    ],
    ['waived arrears count as unpaid', { paidCash: 60_000 }, 10, { value: 100_000, cash: 60_000, unpaid: 40_000 }],
    ['a free deal moves nothing', { dealValue: 0, paidCash: 0 }, 10, { value: 0, cash: 0, unpaid: 0 }],
  ])('%s', (_, d, sessions, out) => {
    const parts = leftValueParts(deal(d), sessions);
    expect(parts).toMatchObject(out);
    expect(sumParts(parts)).toBe(parts.value);
  });
});

describe('targetParts', () => {
  const moved = { cash: 20_000, principal: 10_000, gift: 5_000, coupon: 0, unpaid: 0 };
  it.each<[string, number, Record<string, number>, Record<string, number>]>([
    ['dearer: everything moves', 50_000, { toPay: 15_000 }, moved],
    ['same value', 35_000, { toPay: 0, toPrincipal: 0, forfeited: 0 }, moved],
    [
      'cheaper: principal back out of cash first',
      25_000,
      { toPrincipal: 10_000 },
      { cash: 10_000, principal: 10_000, gift: 5_000 },
    ],
    [
      'cheaper than the gift: cash and principal back, gift forfeited',
      2_000,
      { toPrincipal: 30_000, forfeited: 3_000 },
      { cash: 0, principal: 0, gift: 2_000 },
    ],
    ['into a free project', 0, { toPrincipal: 30_000, forfeited: 5_000 }, { cash: 0, principal: 0, gift: 0 }],
  ])('%s', (_, target, outcome, parts) => {
    const c = conversionDifference(35_000, 30_000, target);
    expect(c).toMatchObject(outcome);
    const out = targetParts(moved, c);
    expect(out).toMatchObject(parts);
    expect(sumParts(out)).toBe(Math.min(target, 35_000));
  });
});
