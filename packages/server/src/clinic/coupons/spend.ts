import {
  CouponRuleMsg,
  CouponStatus,
  CouponUseMsg,
  couponStatusNames,
  fenOf,
  fenToYuan,
  formatTime,
  type Payment,
} from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { type CouponRow, coupons, couponUses } from './tables.ts';

/**
 * A coupon spent at the desk (issue 25, h-coupons; docs/clinic-reviews.md): the charge names the
 * coupon with its `coupon` payment. The coupon's row is locked for the charge's transaction, so two
 * charges racing for its last money are served one after the other and the second reads what is left.
 */

type Line = { projectId: number | null; dealPrice: string };

/** Which lines a coupon pays for (its projects; none named: every line) and their payable in fen. */
export function couponLinesOf(coupon: Pick<CouponRow, 'projectIds'>, lines: readonly Line[]) {
  const only = coupon.projectIds.length ? new Set(coupon.projectIds) : null;
  const mask = lines.map((l) => !only || (l.projectId !== null && only.has(l.projectId)));
  const payable = lines.reduce((s, l, i) => s + (mask[i] ? fenOf(l.dealPrice) : 0), 0);
  return { mask, payable };
}

/**
 * Why a coupon cannot pay for these lines today, or null: its status, its dates, its projects, its
 * threshold. The desk's list (orderCoupons) and the charge ask the same question.
 */
export function couponRefusal(coupon: CouponRow, lines: readonly Line[], today: string): string | null {
  if (coupon.status !== CouponStatus.usable)
    return CouponUseMsg.notUsable.replace('{status}', couponStatusNames[coupon.status] ?? '');
  if (coupon.validFrom > today) return CouponUseMsg.notStarted;
  if (coupon.validTo < today) return CouponUseMsg.expired;
  const { payable } = couponLinesOf(coupon, lines);
  if (payable === 0) return CouponUseMsg.noProjects;
  const threshold = fenOf(coupon.threshold);
  if (payable < threshold) return CouponUseMsg.thresholdNotMet.replace('{threshold}', fenToYuan(threshold));
  return null;
}

export type CouponForCharge = {
  /** What the coupon may pay (checkCharge's `couponRemaining`). */
  remaining: number;
  /** The lines the coupon is allocated to. */
  mask: boolean[] | undefined;
  /** Spend `amount` fen of it on the order (after the charge's checks). */
  spend: (amount: number, orderId: number, userId: number) => Promise<void>;
};

/** The charge's coupon, checked and locked; none named: nothing may be paid by coupon. */
export async function couponForCharge(
  tx: Tx,
  input: { couponId?: number; payments: readonly Payment[]; customerId: number },
  lines: readonly Line[],
): Promise<CouponForCharge> {
  const paid = input.payments.find((p) => p.method === 'coupon');
  if (input.couponId === undefined) {
    if (paid) throw badRequest(CouponUseMsg.couponNeeded);
    return { remaining: 0, mask: undefined, spend: async () => {} };
  }
  if (!paid) throw badRequest(CouponUseMsg.amountNeeded);
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, input.couponId)).for('update');
  if (!coupon) throw notFound(CouponRuleMsg.couponMissing);
  if (coupon.customerId !== input.customerId) throw badRequest(CouponUseMsg.otherCustomer);
  const refused = couponRefusal(coupon, lines, formatTime(new Date()).slice(0, 10));
  if (refused) throw badRequest(refused);
  const { mask, payable } = couponLinesOf(coupon, lines);
  if (paid.amount > payable) throw badRequest(CouponUseMsg.overProjects.replace('{max}', fenToYuan(payable)));
  return {
    remaining: fenOf(coupon.remaining),
    mask,
    spend: async (amount, orderId, userId) => {
      const left = fenOf(coupon.remaining) - amount;
      await tx
        .update(coupons)
        .set({
          remaining: fenToYuan(left),
          status: left === 0 ? CouponStatus.usedUp : coupon.status,
          updatedAt: sql`now()`,
        })
        .where(eq(coupons.id, coupon.id));
      await tx
        .insert(couponUses)
        .values({ couponId: coupon.id, orderId, amount: fenToYuan(amount), createUserId: userId });
    },
  };
}
