import { randomInt } from 'node:crypto';
import { CouponMsg, type CouponSource, CouponStatus, formatTime } from '@crm/shared';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../core/errors.ts';
import { customers } from '../../crm/customer/tables.ts';
import type { Tx } from '../../db/client.ts';
import { type CouponRow, couponRules, coupons } from './tables.ts';

/** Letters and digits no one misreads aloud at the desk (no 0/O, 1/I/L). */
const CODE_CHARS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const newCouponCode = () => Array.from({ length: 10 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

export type IssueCoupon = {
  ruleId: number;
  customerId: number;
  source: CouponSource;
  /** The review, draw, … that earned it: the same source issues a rule's coupon once. Null: by hand. */
  sourceId: number | null;
  userId: number | null;
};

/**
 * Issue a coupon of a rule to a customer, in the caller's transaction; its terms are the rule's
 * now, valid from today (the company's date) for the rule's days. With a source id the call is
 * idempotent: a second issue for the same source and rule answers the first coupon.
 */
export async function issueCoupon(tx: Tx, issue: IssueCoupon): Promise<CouponRow> {
  const [rule] = await tx
    .select()
    .from(couponRules)
    .where(and(eq(couponRules.id, issue.ruleId), eq(couponRules.deleted, 0)));
  if (!rule) throw notFound(CouponMsg.ruleMissing);
  if (rule.enabled !== 1) throw badRequest(CouponMsg.ruleDisabled);
  const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, issue.customerId));
  if (!customer) throw notFound(CouponMsg.customerMissing);
  const today = formatTime(new Date()).slice(0, 10);
  const [made] = await tx
    .insert(coupons)
    .values({
      code: newCouponCode(),
      ruleId: rule.id,
      customerId: issue.customerId,
      name: rule.name,
      value: rule.value,
      remaining: rule.value,
      threshold: rule.threshold,
      projectIds: rule.projectIds,
      validFrom: today,
      validTo: sql`(${today}::date + ${rule.validDays - 1}::int)::date`,
      status: CouponStatus.usable,
      source: issue.source,
      sourceId: issue.sourceId,
      createUserId: issue.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  // Issued before for this source (or, once in a billion, a code taken: the source decides which).
  if (issue.sourceId === null) return issueCoupon(tx, issue);
  const [first] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.source, issue.source), eq(coupons.sourceId, issue.sourceId), eq(coupons.ruleId, rule.id)));
  return first ?? issueCoupon(tx, issue);
}

/** Mark coupons past their last day as 已过期 (the clinic's hourly job runs it; idempotent). */
export async function expireCoupons(tx: Tx, now: Date = new Date()): Promise<number> {
  const today = formatTime(now).slice(0, 10);
  const rows = await tx
    .update(coupons)
    .set({ status: CouponStatus.expired, updatedAt: sql`now()` })
    .where(and(eq(coupons.status, CouponStatus.usable), sql`${coupons.validTo} < ${today}::date`))
    .returning({ id: coupons.id });
  return rows.length;
}
