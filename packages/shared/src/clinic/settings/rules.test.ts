import { describe, expect, it } from 'vitest';
import {
  discountFloorFen,
  lowestRate,
  needsDiscountApproval,
  poolsIssue,
  rechargeTierFor,
  setMealTotalFen,
} from './rules.ts';

describe('the discount floor', () => {
  const rates = [
    { roleId: 1, minRate: 80 },
    { roleId: 2, minRate: 70 },
  ];
  it.each([
    ['one role', [1], 80],
    ['several roles: the lowest rate', [1, 2], 70],
    ['roles with and without a rate', [1, 9], 80],
    ['no role configured', [9], null],
    ['no roles', [], null],
  ])('%s', (_, roles, rate) => {
    expect(lowestRate(roles, rates)).toBe(rate);
  });

  it.each([
    // price, rate, minimum price, floor
    [100_00, 80, null, 80_00],
    [100_00, 70, 90_00, 90_00],
    [100_00, 80, 50_00, 80_00],
    [100_00, null, 60_00, 60_00],
    [100_00, null, null, 0],
    [99_99, 85, null, 85_00], // 8499.15 fen rounds up: never below the exact product
    [1, 50, null, 1],
    [0, 80, null, 0],
    [999_999_999_999, 99, null, 990_000_000_000],
  ])('price %i at rate %s, minimum %s → %i', (price, rate, min, floor) => {
    expect(discountFloorFen(price, rate, min)).toBe(floor);
  });

  it.each([
    [79_99, 80_00, true],
    [80_00, 80_00, false],
    [80_01, 80_00, false],
  ])('deal %i against floor %i needs approval: %s', (deal, floor, needs) => {
    expect(needsDiscountApproval(deal, floor)).toBe(needs);
  });
});

describe('the recharge tier', () => {
  const tiers = [
    { id: 1, thresholdFen: 1000_00, enabled: true, activeFrom: null, activeTo: null },
    { id: 2, thresholdFen: 5000_00, enabled: true, activeFrom: '2026-01-01', activeTo: '2026-12-31' },
    { id: 3, thresholdFen: 10000_00, enabled: true, activeFrom: '2026-06-01', activeTo: '2026-06-30' },
    { id: 4, thresholdFen: 20000_00, enabled: false, activeFrom: null, activeTo: null },
    { id: 5, thresholdFen: 5000_00, enabled: true, activeFrom: null, activeTo: null, sort: -1 },
  ];
  it.each([
    [999_99, '2026-03-01', null],
    [1000_00, '2026-03-01', 1],
    [4999_99, '2026-03-01', 1],
    [5000_00, '2026-03-01', 5], // two tiers of 5000: the first by sort
    [12000_00, '2026-03-01', 5], // 10000 is out of its period
    [12000_00, '2026-06-30', 3],
    [12000_00, '2026-07-01', 5],
    [50000_00, '2026-06-15', 3], // 20000 is disabled
    [6000_00, '2027-01-01', 5], // tier 2 ended
  ])('%i on %s → tier %s', (amount, day, id) => {
    expect(rechargeTierFor(tiers, amount, day)?.id ?? null).toBe(id);
  });
});

describe('the 划扣 role pools', () => {
  it.each([
    [[], null],
    [[{ percent: 100 }], null],
    [[{ percent: 60 }, { percent: 30 }, { percent: 10 }], null],
    [[{ percent: 60 }, { percent: 30 }], '划扣角色分成合计须为100%，当前为90%'],
    [[{ percent: 60 }, { percent: 50 }], '划扣角色分成合计须为100%，当前为110%'],
    [[{ percent: null }], '划扣角色分成合计须为100%，当前为0%'],
  ])('%j → %s', (pools, msg) => {
    expect(poolsIssue(pools)).toBe(msg);
  });
});

describe('the set meal total', () => {
  it.each([
    [[], 0],
    [[1280_00], 1280_00],
    [[1280_00, 0, 99], 1280_99],
    [[null, 1], 1],
  ])('%j → %i', (prices, total) => {
    expect(setMealTotalFen(prices)).toBe(total);
  });
});
