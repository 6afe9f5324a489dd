import {
  DealStatus,
  fenOf,
  fenToYuan,
  formatTime,
  OrderKind,
  OrderStatus,
  RefundMsg,
  type RefundPayoutAnswer,
  type RefundPayoutInput,
  RefundStatus,
  refundStatusNames,
} from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lockAccount, readAccount } from './account.ts';
// 开发业绩 given back with a refund (h-convert).
import { developerGiveBack } from './developer-performance.ts';
import { postBalance } from './ledger.ts';
import { nextOrderNumber } from './numbers.ts';
import { orderLineSales, orders, payments, refunds } from './tables.ts';
// Whose 现金业绩 a refund takes back depends on the top-up setting (h-money22).
import { refundPerformance } from './top-up-performance.ts';

/**
 * Paying out an approved refund at the cashier (`/clinic/cashier/refundPayout`, CLINIC.md
 * "Refund"): one transaction under the refund's row lock, then the deal's and the account's. It
 * writes the refund-payout order (kind 4, already 已收费, negative amounts: payable = received +
 * principal), moves the held sessions to refunded (the deal is 已退费 when none is left), takes
 * the cash back out of the customer's total paid or credits principal (`postBalance`
 * `refund:<id>`), and posts negative 现金业绩 to the line's salespeople (`refund:<id>`). A second
 * payout of the same refund (a double click) answers the first.
 */
export async function payOutRefund(db: Db, user: SessionUser, input: RefundPayoutInput): Promise<RefundPayoutAnswer> {
  return db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, input.refundId)).for('update');
    if (!refund) throw notFound(RefundMsg.refundMissing);
    await loadRecord(tx, customerServerKind, user, refund.customerId, 'read');
    if (refund.status === RefundStatus.paid && refund.payoutOrderId) return answer(tx, refund.id);
    if (refund.status !== RefundStatus.approved)
      throw badRequest(RefundMsg.notApproved.replace('{status}', refundStatusNames[refund.status] ?? ''));

    const amount = fenOf(refund.amount);
    const toBalance = input.toBalance ?? refund.toBalance;
    const methods = input.methods;
    if (toBalance && methods.length) throw badRequest(RefundMsg.payoutBoth);
    if (!toBalance) {
      if (new Set(methods.map((m) => m.method)).size !== methods.length) throw badRequest(RefundMsg.methodRepeated);
      if (methods.some((m) => m.amount <= 0)) throw badRequest(RefundMsg.methodAmountInvalid);
      if (amount > 0 && methods.length === 0) throw badRequest(RefundMsg.payoutRequired);
      if (methods.reduce((s, m) => s + m.amount, 0) !== amount)
        throw badRequest(RefundMsg.payoutSum.replace('{amount}', fenToYuan(amount)));
    }

    const [deal] = await queryRows<{
      sessions_left: number;
      status: number;
      order_line_id: number | null;
      dept_id: number | null;
      store_id: number | null;
      paid_cash: string;
      paid_principal: string;
    }>(
      tx,
      sql`select sessions_left, status, order_line_id, dept_id, store_id, paid_cash, paid_principal
          from crm_customer_project_deal_record
          where deal_id = ${refund.dealId} for update`,
    );
    if (!deal) throw notFound(RefundMsg.dealMissing);
    await lockAccount(tx, refund.customerId);

    const day = formatTime(new Date()).slice(0, 10);
    const back = fenToYuan(-amount);
    const [order] = await tx
      .insert(orders)
      .values({
        number: await nextOrderNumber(tx, day),
        businessDay: day,
        customerId: refund.customerId,
        kind: OrderKind.refundPayout,
        status: OrderStatus.paid,
        payable: back,
        received: toBalance ? '0' : back,
        principalUsed: toBalance ? back : '0',
        refundId: refund.id,
        storeId: deal.store_id,
        deptId: deal.dept_id,
        cashierUserId: user.userId,
        chargedAt: sql`now()`,
        createUserId: user.userId,
        batchId: `refund-${refund.id}`,
        remark: refund.reason,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    const paid = toBalance ? (amount > 0 ? [{ method: 'principal', amount }] : []) : methods;
    if (paid.length)
      await tx.insert(payments).values(paid.map((m) => ({ orderId, method: m.method, amount: fenToYuan(-m.amount) })));

    if (toBalance) {
      if (amount > 0)
        await postBalance(tx, {
          customerId: refund.customerId,
          principal: amount,
          gift: 0,
          cause: 'refund',
          sourceId: refund.id,
          key: `refund:${refund.id}`,
          userId: user.userId,
        });
    } else if (amount > 0)
      await tx.execute(
        sql`update clinic_customer_account set total_paid = total_paid - ${fenToYuan(amount)}::numeric, update_time = now()
            where customer_id = ${refund.customerId}`,
      );

    const left = deal.sessions_left - refund.sessions;
    await tx.execute(
      sql`update crm_customer_project_deal_record
          set sessions_left = sessions_left - ${refund.sessions}, sessions_held = sessions_held - ${refund.sessions},
            sessions_refunded = sessions_refunded + ${refund.sessions},
            status = ${left === 0 ? DealStatus.refunded : deal.status}, update_time = now()
          where deal_id = ${refund.dealId}`,
    );
    await tx
      .update(refunds)
      .set({ status: RefundStatus.paid, payoutOrderId: orderId, toBalance, updatedAt: sql`now()` })
      .where(eq(refunds.id, refund.id));

    // The money leaves 现金业绩 as it came in (top-up-performance.ts: the setting decides whose).
    const split =
      amount > 0 && deal.order_line_id
        ? await tx
            .select({ userId: orderLineSales.userId, rate: orderLineSales.rate })
            .from(orderLineSales)
            .where(eq(orderLineSales.lineId, deal.order_line_id))
        : [];
    await refundPerformance(tx, {
      refundId: refund.id,
      amount,
      toBalance,
      paid: { cash: fenOf(deal.paid_cash), principal: fenOf(deal.paid_principal) },
      lineSplit: split,
      at: { customerId: refund.customerId, storeId: deal.store_id, deptId: deal.dept_id, day },
    });
    // 开发业绩 leaves with the money too (h-convert).
    await developerGiveBack(tx, {
      key: `refund:${refund.id}`,
      lineId: deal.order_line_id,
      amount,
      customerId: refund.customerId,
      storeId: deal.store_id,
      sourceKind: 'refund',
      sourceId: refund.id,
      day,
    });
    return answer(tx, refund.id);
  });
}

async function answer(tx: Tx, refundId: number): Promise<RefundPayoutAnswer> {
  const [r] = await queryRows<{
    refund_id: number;
    customer_id: number;
    payout_order_id: number;
    order_number: string;
    amount: string;
    to_balance: boolean;
    sessions_left: number;
    sessions_held: number;
    sessions_refunded: number;
    status: number;
  }>(
    tx,
    sql`select r.refund_id, r.customer_id, r.payout_order_id, o.order_number, r.amount, r.to_balance,
          d.sessions_left, d.sessions_held, d.sessions_refunded, d.status
        from clinic_refund r join clinic_order o on o.order_id = r.payout_order_id
        join crm_customer_project_deal_record d on d.deal_id = r.deal_id
        where r.refund_id = ${refundId}`,
  );
  if (!r) throw notFound(RefundMsg.refundMissing);
  const account = await readAccount(tx, Number(r.customer_id));
  return {
    refundId,
    orderId: Number(r.payout_order_id),
    number: r.order_number,
    amount: fenOf(r.amount),
    toBalance: r.to_balance,
    deal: {
      sessionsLeft: Number(r.sessions_left),
      sessionsHeld: Number(r.sessions_held),
      sessionsRefunded: Number(r.sessions_refunded),
      status: Number(r.status),
    },
    balances: { principal: account.principal, gift: account.gift, arrears: account.arrears },
  };
}
