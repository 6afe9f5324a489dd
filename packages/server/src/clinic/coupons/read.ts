import {
  CouponStatus,
  type couponRowSchema,
  fenOf,
  formatTime,
  OrderMsg,
  type orderCouponRowSchema,
} from '@crm/shared';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orders } from '../money/tables.ts';
import { issueCoupon } from './issue.ts';
import { projectNamesOf } from './rules.ts';
import { couponLinesOf, couponRefusal } from './spend.ts';
import { type CouponRow, coupons } from './tables.ts';

/** A customer's coupons (the archive), the desk's coupons for an order, and issuing one by hand. */

async function rowsOf(db: Tx, list: CouponRow[]): Promise<z.input<typeof couponRowSchema>[]> {
  const names = await projectNamesOf(
    db,
    list.flatMap((c) => c.projectIds),
  );
  return list.map((c) => ({
    couponId: c.id,
    code: c.code,
    name: c.name,
    value: fenOf(c.value),
    remaining: fenOf(c.remaining),
    threshold: fenOf(c.threshold),
    projectIds: c.projectIds,
    projectNames: c.projectIds.map((id) => names.get(id) ?? ''),
    validFrom: c.validFrom,
    validTo: c.validTo,
    status: c.status,
    source: c.source,
    createTime: c.createdAt,
  }));
}

/** Coupons matching a condition on clinic_coupon (a review's), after the caller checked the customer. */
export async function customerCouponRows(db: Tx, where: SQL) {
  return rowsOf(db, await db.select().from(coupons).where(where).orderBy(asc(coupons.id)));
}

/** The coupons of a customer the user may read, usable ones first, then newest. */
export async function customerCoupons(db: Db, user: SessionUser, customerId: number, usableOnly = false) {
  await loadRecord(db, customerServerKind, user, customerId, 'read');
  const list = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.customerId, customerId), usableOnly ? eq(coupons.status, CouponStatus.usable) : undefined))
    .orderBy(asc(coupons.status), desc(coupons.id));
  return rowsOf(db, list);
}

/**
 * The desk's choice for an order: the customer's usable coupons, each with what it may pay of this
 * order now (≤ remaining, ≤ the payable of its projects) or why not.
 */
export async function orderCoupons(
  db: Db,
  user: SessionUser,
  orderId: number,
): Promise<z.input<typeof orderCouponRowSchema>[]> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(OrderMsg.orderMissing);
  await loadRecord(db, customerServerKind, user, order.customerId, 'read');
  const lines = (await db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).filter(
    (l) => l.status === 1,
  );
  const list = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.customerId, order.customerId), eq(coupons.status, CouponStatus.usable)))
    .orderBy(asc(coupons.validTo), asc(coupons.id));
  const today = formatTime(new Date()).slice(0, 10);
  const rows = await rowsOf(db, list);
  return list.map((c, i) => {
    const reason = couponRefusal(c, lines, today);
    const usableAmount = reason ? 0 : Math.min(fenOf(c.remaining), couponLinesOf(c, lines).payable);
    return { ...rows[i]!, usableAmount, reason: reason ?? '' };
  });
}

/** 手动发放: a permitted user gives a customer they may read a coupon of a live rule. */
export async function issueByHand(db: Db, user: SessionUser, input: { customerId: number; ruleId: number }) {
  await loadRecord(db, customerServerKind, user, input.customerId, 'read');
  const coupon = await db.transaction((tx) =>
    issueCoupon(tx, { ...input, source: 'manual', sourceId: null, userId: user.userId }),
  );
  return (await rowsOf(db, [coupon]))[0]!;
}
