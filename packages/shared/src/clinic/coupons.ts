/**
 * Coupons (优惠券, issue 25; CLINIC.md "Money rules"): a rule says what a coupon is worth, from which
 * order amount it may be used, for how many days and for which projects; coupons are issued to a
 * customer from a rule (a good review, a lottery prize, by hand) and spent at the cashier. Coupon
 * money is never refunded and is not cash performance.
 */
export const CouponMsg = {
  ruleMissing: '优惠券规则不存在',
  ruleDisabled: '优惠券规则已停用，不能发券',
  customerMissing: '顾客不存在',
} as const;

/** 1 可用, 2 已用完, 3 已过期, 4 已作废. */
export const CouponStatus = { usable: 1, usedUp: 2, expired: 3, voided: 4 } as const;
export const couponStatusNames: Record<number, string> = { 1: '可用', 2: '已用完', 3: '已过期', 4: '已作废' };

/** Where a coupon came from; with the source's id it makes the issue idempotent. */
export const couponSources = ['review', 'lottery', 'manual'] as const;
export type CouponSource = (typeof couponSources)[number];
export const couponSourceNames: Record<CouponSource, string> = {
  review: '评价奖励',
  lottery: '抽奖',
  manual: '手动发放',
};
