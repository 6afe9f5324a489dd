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

// ---- Rules, the review condition and the calls of /workbench/evaluate (issue 25, h-coupons) ----

export const CouponRuleMsg = {
  ruleRequired: '请选择优惠券规则',
  nameRequired: '请填写优惠券名称',
  valueInvalid: '面额须大于0，最多两位小数',
  thresholdInvalid: '使用门槛须为0或正数，最多两位小数',
  daysInvalid: '有效天数须为1到3650天',
  projectInvalid: '适用项目不存在',
  projectsTooMany: '适用项目最多200个',
  averageInvalid: '最低平均分须为0到5分，最多一位小数',
  eachInvalid: '每项最低分须为0到5分',
  noCondition: '发放给评价的规则须设置最低平均分或每项最低分',
  deleted: '优惠券规则已删除',
  couponMissing: '优惠券不存在',
  couponRequired: '请选择优惠券',
  issued: '已发放',
} as const;

/** The review condition of a rule: 0 means no bar on that score. Scores are whole 1–5. */
export type ReviewCondition = { reviewReward: boolean; minAverage: number; minEach: number };
export type ReviewScores = { effect: number; service: number; environment: number };

/**
 * Does a review earn a rule's coupon? Only a rule marked for reviews; every score at least
 * `minEach` and the average at least `minAverage`, compared in tenths (sum × 10 ≥ minAverage × 10 × 3)
 * so 4.3 never loses to a float's 4.299….
 */
export function reviewEarns(rule: ReviewCondition, s: ReviewScores): boolean {
  if (!rule.reviewReward) return false;
  const scores = [s.effect, s.service, s.environment];
  if (scores.some((x) => x < rule.minEach)) return false;
  const sum = scores.reduce((a, b) => a + b, 0);
  return sum * 10 >= Math.round(rule.minAverage * 10) * scores.length;
}

/** Spending a coupon at the desk (the charge's `couponId` with its `coupon` payment). */
export const CouponUseMsg = {
  couponNeeded: '使用优惠券支付时请选择优惠券',
  amountNeeded: '选择了优惠券时请填写优惠券支付金额',
  otherCustomer: '优惠券不属于该订单的顾客',
  notUsable: '优惠券{status}，不能使用',
  notStarted: '优惠券尚未生效',
  expired: '优惠券已过期，不能使用',
  thresholdNotMet: '订单中适用项目的金额未达到优惠券使用门槛{threshold}元',
  noProjects: '订单中没有该优惠券适用的项目',
  overProjects: '优惠券支付金额不能超过适用项目的金额{max}元',
} as const;
