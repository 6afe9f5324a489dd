import {
  allocateCharge,
  type ChargeAnswer,
  ChargeMsg,
  type ChargeRequest,
  cashMethods,
  cashPerformance,
  chargedOrderStatuses,
  checkCharge,
  DealStatus,
  DiscountMsg,
  fenOf,
  fenToYuan,
  formatTime,
  OrderKind,
  OrderMsg,
  OrderStatus,
  PerformanceKind,
} from '@crm/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db } from '../../db/client.ts';
// Switched-off cash methods (issue 25, h-apps).
import { refuseSwitchedOffMethods } from '../../system/applications/pay-methods.ts';
// Coupons at the desk (issue 25, h-coupons).
import { couponForCharge } from '../coupons/spend.ts';
import { orderFormSettings } from '../settings/read.ts';
import { visitOrderCharged } from '../visits/money-moves.ts';
import { lockAccount, readAccount } from './account.ts';
import { afterLinesCharged } from './charge-hooks.ts';
import { postArrears, postBalance, postPerformance } from './ledger.ts';
import { allocations, dealRecords, orderLineSales, orderLines, orders, payments } from './tables.ts';
// Spent principal is 现金业绩 only when top-ups count when spent (h-money22).
import { topUpCountsWhen } from './top-up-performance.ts';

/**
 * The cashier's charge of a sale order (CLINIC.md "Charging"): one transaction that checks the
 * payments against the customer's balances, writes the payments and each line's allocation,
 * creates a deal record per line, spends the balance (`charge:<orderId>`), books each deal's
 * arrears and the salespeople's cash performance, and marks the order 已收费 or 已收费(欠款).
 * The order's row lock makes a second charge (a double click, another desk) answer 订单已收费.
 */

export async function chargeOrder(db: Db, user: SessionUser, input: ChargeRequest): Promise<ChargeAnswer> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
    if (!order || order.kind !== OrderKind.sale) throw notFound(OrderMsg.orderMissing);
    await loadRecord(tx, customerServerKind, user, order.customerId, 'read');
    if ((chargedOrderStatuses as readonly number[]).includes(order.status)) throw badRequest(OrderMsg.orderCharged);
    if (order.status === OrderStatus.cancelled) throw badRequest(OrderMsg.orderCancelled);
    // Only 待收费 is chargeable: a draft was rejected or withdrawn, 待审批 still waits for the approver.
    if (order.status === OrderStatus.draft) throw badRequest(DiscountMsg.draft);
    if (order.status !== OrderStatus.unpaid) throw badRequest(ChargeMsg.orderPendingApproval);

    const account = await lockAccount(tx, order.customerId);
    const payable = fenOf(order.payable);
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.sort), asc(orderLines.id));
    const live = lines.filter((l) => l.status === 1);
    // Coupons at the desk (issue 25, h-coupons): the named coupon, checked and locked after the account.
    const coupon = await couponForCharge(
      tx,
      { couponId: input.couponId, payments: input.payments, customerId: order.customerId },
      live,
    );
    const checked = checkCharge({
      payable,
      payments: input.payments,
      balances: { principal: account.principal, gift: account.gift },
      couponRemaining: coupon.remaining,
      // May a charge leave arrears? The order form's 允许欠款 (openFormConfig).
      arrearsAllowed: (await orderFormSettings(tx)).arrearsAllowed,
    });
    if (!checked.ok) throw badRequest(checked.msg);
    // A cash method switched off in /manager/system-project (issue 25, h-apps).
    await refuseSwitchedOffMethods(tx, input.payments);
    const split = checked.value;

    const perLine = allocateCharge(
      live.map((l) => fenOf(l.dealPrice)),
      split,
      coupon.mask,
    );
    if (split.coupon > 0) await coupon.spend(split.coupon, order.id, user.userId);

    if (input.payments.length)
      await tx
        .insert(payments)
        .values(input.payments.map((p) => ({ orderId: order.id, method: p.method, amount: fenToYuan(p.amount) })));
    const allocationRows = live.flatMap((line, i) => {
      const a = perLine[i]!;
      const parts: [string, number][] = [
        ...cashMethods.map((m): [string, number] => [m, a.cash[m]]),
        ['principal', a.principal],
        ['gift', a.gift],
        ['coupon', a.coupon],
        ['arrears', a.arrears],
      ];
      return parts
        .filter(([, amount]) => amount > 0)
        .map(([source, amount]) => ({ orderId: order.id, lineId: line.id, source, amount: fenToYuan(amount) }));
    });
    if (allocationRows.length) await tx.insert(allocations).values(allocationRows);

    const day = formatTime(new Date()).slice(0, 10);
    const principalCounts = (await topUpCountsWhen(tx)) === 'spent';
    const sales = await tx
      .select()
      .from(orderLineSales)
      .where(sql`${orderLineSales.lineId} in (select line_id from clinic_order_line where order_id = ${order.id})`);
    const dealIds: number[] = [];
    for (const [i, line] of live.entries()) {
      const a = perLine[i]!;
      const cash = cashMethods.reduce((s, m) => s + a.cash[m], 0);
      const value = fenOf(line.dealPrice);
      const [deal] = await tx
        .insert(dealRecords)
        .values({
          customerId: order.customerId,
          projectId: line.projectId!,
          setMealId: line.setMealId,
          orderId: order.id,
          orderLineId: line.id,
          name: line.name,
          sessionsBought: line.sessions,
          sessionsLeft: line.sessions,
          expiresOn:
            line.validityMonths > 0
              ? sql`(${day}::date + make_interval(months => ${line.validityMonths}))::date`
              : null,
          dealValue: fenToYuan(value),
          sessionValue: fenToYuan(line.sessions > 0 ? Math.trunc(value / line.sessions) : 0),
          paidCash: fenToYuan(cash),
          paidPrincipal: fenToYuan(a.principal),
          paidGift: fenToYuan(a.gift),
          paidCoupon: fenToYuan(a.coupon),
          storeId: order.storeId,
          deptId: line.deptId,
          status: DealStatus.unused,
          createUserId: user.userId,
        })
        .returning({ id: dealRecords.id });
      dealIds.push(deal!.id);
      if (a.arrears > 0)
        await postArrears(tx, {
          customerId: order.customerId,
          kind: 1,
          amount: a.arrears,
          orderId: order.id,
          dealId: deal!.id,
          key: `arrears:${order.id}:${deal!.id}`,
          userId: user.userId,
        });
      // 现金业绩: what the line received in cash (and principal, when top-ups count when spent), by the split.
      const split = sales.filter((s) => s.lineId === line.id);
      const base = cash + (principalCounts ? a.principal : 0);
      if (base > 0 && split.length)
        await postPerformance(
          tx,
          `line:${line.id}`,
          cashPerformance(base, split).map((r) => ({
            ...r,
            kind: PerformanceKind.cash,
            sourceKind: 'order_line',
            sourceId: line.id,
            customerId: order.customerId,
            storeId: order.storeId,
            deptId: line.deptId,
            businessDay: day,
          })),
        );
    }

    // Repairs, conversions and 开发业绩 (h-convert).
    await afterLinesCharged(tx, {
      orderId: order.id,
      customerId: order.customerId,
      storeId: order.storeId,
      lineIds: live.map((l) => l.id),
      dealIds,
      cashBase: split.cashTotal + split.principal,
      day,
    });
    if (split.principal > 0 || split.gift > 0)
      await postBalance(tx, {
        customerId: order.customerId,
        principal: -split.principal,
        gift: -split.gift,
        cause: 'charge',
        sourceId: order.id,
        key: `charge:${order.id}`,
        userId: user.userId,
      });
    if (split.cashTotal > 0)
      await tx.execute(
        sql`update clinic_customer_account set total_paid = total_paid + ${fenToYuan(split.cashTotal)}::numeric, update_time = now()
          where customer_id = ${order.customerId}`,
      );
    const status = split.arrears > 0 ? OrderStatus.paidWithArrears : OrderStatus.paid;
    await tx
      .update(orders)
      .set({
        status,
        received: fenToYuan(split.cashTotal),
        principalUsed: fenToYuan(split.principal),
        giftUsed: fenToYuan(split.gift),
        couponUsed: fenToYuan(split.coupon),
        arrears: fenToYuan(split.arrears),
        cashierUserId: user.userId,
        chargedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    // Visits (issue 23, h-nurse): the visit this order was opened for is now 已收费.
    await visitOrderCharged(tx, order.visitId, order.customerId, user.userId);
    const after = await readAccount(tx, order.customerId);
    return {
      orderId: order.id,
      status,
      payable,
      received: split.cashTotal,
      principalUsed: split.principal,
      giftUsed: split.gift,
      couponUsed: split.coupon,
      arrears: split.arrears,
      dealIds,
      balances: { principal: after.principal, gift: after.gift, arrears: after.arrears },
    };
  });
}
