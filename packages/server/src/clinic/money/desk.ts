import {
  ArrearsKind,
  cashPerformance,
  checkRepay,
  checkTopUp,
  type DeskAnswer,
  DeskMsg,
  type DeskPaymentInput,
  fenOf,
  fenToYuan,
  formatTime,
  isCashMethod,
  MoneyMsg,
  OrderKind,
  OrderStatus,
  PerformanceKind,
  type TopUpInput,
  type TopUpTier,
  tierFor,
  type WaiveInput,
} from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { refuseSwitchedOffMethods } from '../../system/applications/pay-methods.ts';
import { rechargeTiers } from '../settings/read.ts';
import { lockAccount, readAccount } from './account.ts';
import { postArrears, postBalance, postPerformance } from './ledger.ts';
import { nextOrderNumber } from './numbers.ts';
import { orderOfBatch } from './orders.ts';
import { balanceLedger, orders, payments } from './tables.ts';
// When a top-up is 现金业绩 (the order form's topUpPerformance, h-money22).
import { postTopUpPerformance, topUpCountsWhen, topUpSplit } from './top-up-performance.ts';

/**
 * The desk's other money (CLINIC.md "Money rules"): top-ups (cash methods only, refused while
 * arrears are owed, a tier adds gift money), arrears repayments (oldest deal first, with the
 * salespeople's cash performance) and waivers (oldest deal first, their own permission). Each is
 * one transaction under the customer's account lock; a repeated batch id answers the first one.
 */

/** The top-up tiers: the recharge page's enabled tiers active on the company's day (their gift money; a tier's gift items are not given yet). */
async function topUpTiers(tx: Tx): Promise<TopUpTier[]> {
  const day = formatTime(new Date()).slice(0, 10);
  return (await rechargeTiers(tx))
    .filter((t) => t.enabled && !(t.activeFrom && day < t.activeFrom) && !(t.activeTo && day > t.activeTo))
    .map((t) => ({ min: t.thresholdFen, gift: t.giftFen }));
}

class RepeatedBatch extends Error {}

const balancesOf = async (db: Tx, customerId: number) => {
  const a = await readAccount(db, customerId);
  return { principal: a.principal, gift: a.gift, arrears: a.arrears };
};

/** A desk order (top-up or repayment): paid in full at once, numbered, its payments written. */
async function deskOrder(
  tx: Tx,
  user: SessionUser,
  input: DeskPaymentInput,
  kind: number,
  total: number,
  storeId: number | null,
): Promise<{ id: number; number: string }> {
  const day = formatTime(new Date()).slice(0, 10);
  const number = await nextOrderNumber(tx, day);
  const [order] = await tx
    .insert(orders)
    .values({
      number,
      businessDay: day,
      customerId: input.customerId,
      kind,
      status: OrderStatus.paid,
      payable: fenToYuan(total),
      received: fenToYuan(total),
      storeId,
      cashierUserId: user.userId,
      chargedAt: sql`now()`,
      createUserId: user.userId,
      batchId: input.batchId,
    })
    .onConflictDoNothing({ target: orders.batchId })
    .returning({ id: orders.id });
  if (!order) throw new RepeatedBatch();
  await tx
    .insert(payments)
    .values(input.payments.map((p) => ({ orderId: order.id, method: p.method, amount: fenToYuan(p.amount) })));
  await tx.execute(
    sql`update clinic_customer_account set total_paid = total_paid + ${fenToYuan(total)}::numeric, update_time = now()
      where customer_id = ${input.customerId}`,
  );
  return { id: order.id, number };
}

/** Runs a desk transaction; a batch id seen before (now or meanwhile) answers the first order. */
async function onceByBatch(
  db: Db,
  user: SessionUser,
  batchId: string,
  answer: (orderId: number) => Promise<DeskAnswer>,
  run: () => Promise<number>,
): Promise<DeskAnswer> {
  const first = await orderOfBatch(db, user, batchId);
  if (first) return answer(first);
  try {
    return answer(await run());
  } catch (err) {
    if (!(err instanceof RepeatedBatch)) throw err;
    const id = await orderOfBatch(db, user, batchId);
    if (!id) throw err;
    return answer(id);
  }
}

async function orderAnswerOf(db: Tx, orderId: number): Promise<DeskAnswer> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [ledger] = await db
    .select()
    .from(balanceLedger)
    .where(eq(balanceLedger.idempotencyKey, `topup:${orderId}`));
  return {
    orderId,
    number: o!.number,
    amount: fenOf(o!.payable),
    gift: ledger ? fenOf(ledger.giftDelta) : 0,
    balances: await balancesOf(db, o!.customerId),
  };
}

/**
 * `topUp` (充值): principal += paid, gift += the tier's gift; one ledger row `topup:<orderId>`.
 * Under topUpPerformance 'paid' the principal (never the gift) is the salespeople's 现金业绩 now.
 */
export function topUp(db: Db, user: SessionUser, input: TopUpInput): Promise<DeskAnswer> {
  return onceByBatch(
    db,
    user,
    input.batchId,
    (id) => orderAnswerOf(db, id),
    () =>
      db.transaction(async (tx) => {
        const customer = await loadRecord(tx, customerServerKind, user, input.customerId, 'read');
        const account = await lockAccount(tx, input.customerId);
        const checked = checkTopUp(input.payments, account.arrears);
        if (!checked.ok) throw badRequest(checked.msg);
        // A cash method switched off in /manager/system-project (issue 25).
        await refuseSwitchedOffMethods(tx, input.payments);
        const gift = tierFor(checked.value, await topUpTiers(tx))?.gift ?? 0;
        const counted = (await topUpCountsWhen(tx)) === 'paid';
        // A split sent is checked either way; only 'paid' needs one (the owner's by default).
        const split =
          counted || input.salespeople
            ? await topUpSplit(tx, input.salespeople, (customer.row.owner_user_id as number | null) ?? null)
            : null;
        const storeId = (customer.row.shop_owner_id as number | null) ?? null;
        const order = await deskOrder(tx, user, input, OrderKind.topUp, checked.value, storeId);
        if (counted && split)
          await postTopUpPerformance(tx, order.id, checked.value, split, {
            customerId: input.customerId,
            storeId,
            deptId: null,
            day: formatTime(new Date()).slice(0, 10),
          });
        await postBalance(tx, {
          customerId: input.customerId,
          principal: checked.value,
          gift,
          cause: 'topUp',
          sourceId: order.id,
          key: `topup:${order.id}`,
          userId: user.userId,
        });
        return order.id;
      }),
  );
}

type OwingDeal = {
  deal_id: number;
  arrears: string;
  order_id: number | null;
  order_line_id: number | null;
  store_id: number | null;
  dept_id: number | null;
};

/** The customer's deals that owe, oldest first, locked. */
const owingDeals = (tx: Tx, customerId: number) =>
  queryRows<OwingDeal>(
    tx,
    sql`select deal_id, arrears, order_id, order_line_id, store_id, dept_id from crm_customer_project_deal_record
      where customer_id = ${customerId} and arrears > 0 order by deal_id for update`,
  );

/** Takes `amount` off the owing deals, oldest first; answers each deal's part. */
function spread(deals: readonly OwingDeal[], amount: number): { deal: OwingDeal; part: number }[] {
  let left = amount;
  const out: { deal: OwingDeal; part: number }[] = [];
  for (const deal of deals) {
    if (left === 0) break;
    const part = Math.min(left, fenOf(deal.arrears));
    out.push({ deal, part });
    left -= part;
  }
  return out;
}

/** Orders whose deals owe nothing any more are 已结清. */
async function settleOrders(tx: Tx, orderIds: readonly (number | null)[]) {
  const ids = [...new Set(orderIds.filter((id): id is number => id != null))];
  for (const id of ids)
    await tx.execute(
      sql`update clinic_order set status = ${OrderStatus.settled}, update_time = now()
        where order_id = ${id} and status = ${OrderStatus.paidWithArrears}
          and not exists (select 1 from crm_customer_project_deal_record where order_id = ${id} and arrears > 0)`,
    );
}

/** `repay` (还款): cash methods, at most what is owed, oldest deal first; cash performance per deal's line. */
export function repay(db: Db, user: SessionUser, input: DeskPaymentInput): Promise<DeskAnswer> {
  return onceByBatch(
    db,
    user,
    input.batchId,
    (id) => orderAnswerOf(db, id),
    () =>
      db.transaction(async (tx) => {
        const customer = await loadRecord(tx, customerServerKind, user, input.customerId, 'read');
        if (input.payments.some((p) => !isCashMethod(p.method))) throw badRequest(DeskMsg.repayFromBalance);
        if (input.payments.some((p) => p.amount <= 0)) throw badRequest(MoneyMsg.paymentNotPositive);
        if (new Set(input.payments.map((p) => p.method)).size !== input.payments.length)
          throw badRequest(MoneyMsg.methodRepeated);
        const account = await lockAccount(tx, input.customerId);
        const total = input.payments.reduce((s, p) => s + p.amount, 0);
        if (account.arrears === 0) throw badRequest(DeskMsg.noArrears);
        const checked = checkRepay(total, account.arrears);
        if (!checked.ok) throw badRequest(checked.msg);
        await refuseSwitchedOffMethods(tx, input.payments);
        const order = await deskOrder(
          tx,
          user,
          input,
          OrderKind.repayment,
          total,
          (customer.row.shop_owner_id as number | null) ?? null,
        );
        const day = formatTime(new Date()).slice(0, 10);
        const parts = spread(await owingDeals(tx, input.customerId), total);
        for (const { deal, part } of parts) {
          await postArrears(tx, {
            customerId: input.customerId,
            kind: ArrearsKind.repaid,
            amount: -part,
            orderId: order.id,
            dealId: deal.deal_id,
            key: `repay:${order.id}:${deal.deal_id}`,
            userId: user.userId,
          });
          // The deal is now paid more in cash: its refund limit grows with it.
          await tx.execute(
            sql`update crm_customer_project_deal_record set paid_cash = paid_cash + ${fenToYuan(part)}::numeric
              where deal_id = ${deal.deal_id}`,
          );
          const split = deal.order_line_id
            ? await queryRows<{ userId: number; rate: number }>(
                tx,
                sql`select user_id "userId", rate from clinic_order_line_sales where line_id = ${deal.order_line_id}`,
              )
            : [];
          if (split.length)
            await postPerformance(
              tx,
              `repay:${order.id}:${deal.deal_id}`,
              cashPerformance(part, split).map((r) => ({
                ...r,
                kind: PerformanceKind.cash,
                sourceKind: 'repayment',
                sourceId: order.id,
                customerId: input.customerId,
                storeId: deal.store_id,
                deptId: deal.dept_id,
                businessDay: day,
              })),
            );
        }
        await settleOrders(
          tx,
          parts.map((p) => p.deal.order_id),
        );
        return order.id;
      }),
  );
}

/**
 * `waive` (免除欠款): arrears forgiven, oldest deal first, no money and no performance. Keyed
 * `waive:<batchId>:<dealId>`, so a repeated batch finds its rows and changes nothing.
 */
export async function waive(db: Db, user: SessionUser, input: WaiveInput): Promise<DeskAnswer> {
  return db.transaction(async (tx) => {
    await loadRecord(tx, customerServerKind, user, input.customerId, 'read');
    const account = await lockAccount(tx, input.customerId);
    const done = await queryRows<{ amount: string }>(
      tx,
      sql`select coalesce(sum(amount), 0) amount from clinic_arrears
        where customer_id = ${input.customerId} and idempotency_key like ${`waive:${input.batchId}:%`}`,
    );
    const already = -fenOf(done[0]?.amount ?? '0');
    if (already === 0) {
      if (account.arrears === 0) throw badRequest(DeskMsg.noArrears);
      const checked = checkRepay(input.amount, account.arrears);
      if (!checked.ok) throw badRequest(checked.msg);
      const parts = spread(await owingDeals(tx, input.customerId), input.amount);
      for (const { deal, part } of parts)
        await postArrears(tx, {
          customerId: input.customerId,
          kind: ArrearsKind.waived,
          amount: -part,
          orderId: deal.order_id,
          dealId: deal.deal_id,
          key: `waive:${input.batchId}:${deal.deal_id}`,
          userId: user.userId,
          remark: input.reason,
        });
      await settleOrders(
        tx,
        parts.map((p) => p.deal.order_id),
      );
    }
    return {
      orderId: null,
      number: null,
      amount: already || input.amount,
      gift: 0,
      balances: await balancesOf(tx, input.customerId),
    };
  });
}
