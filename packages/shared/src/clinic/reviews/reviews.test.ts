import { describe, expect, it } from 'vitest';
import { reviewEarns } from '../coupons.ts';
import { allocateCharge, checkCharge } from '../money/charge.ts';
import { couponRuleEditSchema, isPoorReview } from './schemas.ts';

const s = (effect: number, service: number, environment: number) => ({ effect, service, environment });

describe('reviewEarns: the rule condition', () => {
  it('needs a review rule, every score at least min each and the average at least min average', () => {
    const avg = { reviewReward: true, minAverage: 4, minEach: 0 };
    expect(reviewEarns(avg, s(4, 4, 4))).toBe(true);
    expect(reviewEarns(avg, s(5, 4, 3))).toBe(true);
    expect(reviewEarns(avg, s(5, 4, 2))).toBe(false);
    expect(reviewEarns({ ...avg, reviewReward: false }, s(5, 5, 5))).toBe(false);
    const each = { reviewReward: true, minAverage: 0, minEach: 4 };
    expect(reviewEarns(each, s(5, 5, 3))).toBe(false);
    expect(reviewEarns(each, s(4, 4, 4))).toBe(true);
  });

  it('compares averages in tenths: 13/3 = 4.33 reaches 4.3, not 4.4', () => {
    expect(reviewEarns({ reviewReward: true, minAverage: 4.3, minEach: 0 }, s(5, 4, 4))).toBe(true);
    expect(reviewEarns({ reviewReward: true, minAverage: 4.4, minEach: 0 }, s(5, 4, 4))).toBe(false);
    expect(reviewEarns({ reviewReward: true, minAverage: 5, minEach: 0 }, s(5, 5, 5))).toBe(true);
  });

  it('calls a review poor when any score is 2 or less', () => {
    expect(isPoorReview(s(2, 5, 5))).toBe(true);
    expect(isPoorReview(s(3, 3, 3))).toBe(false);
  });

  it('refuses a review rule without a condition, and an average with two decimals', () => {
    const base = { name: '券', value: '10', validDays: 7, reviewReward: true };
    expect(couponRuleEditSchema.safeParse({ ...base, minAverage: '4.5' }).success).toBe(true);
    expect(couponRuleEditSchema.safeParse({ ...base, minAverage: '4.55' }).success).toBe(false);
    expect(couponRuleEditSchema.safeParse({ ...base }).success).toBe(false);
    expect(couponRuleEditSchema.safeParse({ ...base, reviewReward: false }).success).toBe(true);
  });
});

describe('allocateCharge with a coupon for some lines', () => {
  it('puts the coupon only on its lines and still adds every line up', () => {
    const checked = checkCharge({
      payable: 180_000,
      payments: [
        { method: 'coupon', amount: 30_000 },
        { method: 'cash', amount: 150_000 },
      ],
      balances: { principal: 0, gift: 0 },
      couponRemaining: 30_000,
      arrearsAllowed: false,
    });
    if (!checked.ok) throw new Error(checked.msg);
    const out = allocateCharge([100_000, 80_000], checked.value, [false, true]);
    expect(out.map((l) => l.coupon)).toEqual([0, 30_000]);
    expect(out.map((l) => l.cash.cash)).toEqual([100_000, 50_000]);
  });
});
