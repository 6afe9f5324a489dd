import {
  ConversionStatus,
  type ConvertAnswer,
  type ConvertInput,
  ConvertMsg,
  type ConvertTargets,
  cashPerformance,
  conversionDifference,
  DealKind,
  DealStatus,
  dealStatusNames,
  fenOf,
  fenToYuan,
  formatTime,
  LineItem,
  leftValueParts,
  OrderKind,
  OrderStatus,
  type PaidParts,
  PerformanceKind,
  targetParts,
  valueParts,
} from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderFormSettings } from '../settings/read.ts';
import { lockAccount } from './account.ts';
import { developerGiveBack } from './developer-performance.ts';
import { postBalance, postPerformance } from './ledger.ts';
import { nextOrderNumber } from './numbers.ts';
import { priceLines } from './pricing.ts';
import { conversions, dealRecords, orderLineSales, orderLines, orders } from './tables.ts';
import { topUpCountsWhen } from './top-up-performance.ts';

/**
 * 转换 (CLINIC.md "Conversion", docs/decisions.md): a deal's free left sessions move, by value,
 * into another project of the same conversion class.
 *
 * - Cheaper or equal target: done at once. The target deal is made with the moved money's parts;
 *   the difference goes to principal balance, but never more than the cash and principal part of
 *   the moved value (`conversionDifference`); the rest is forfeited. The principal given back is a
 *   negative 现金业绩 for the source line's salespeople (it counts again when spent).
 * - Dearer target: an unpaid sale order for the difference (one line of the target project, its
 *   price the difference) waits at the cashier, the source sessions held meanwhile. Its charge
 *   makes the target deal as every charge does and `applyConversionOfOrder` (charge-hooks.ts)
 *   adds the moved value to it; voiding the order gives the held sessions back.
 *
 * The source keeps bought = used + refunded + converted + left: converted += sessions, left −=.
 */

type DealRow = {
  deal_id: number;
  customer_id: number;
  project_id: number;
  name: string;
  order_line_id: number | null;
  kind: number;
  status: number;
  sessions_bought: number;
  sessions_left: number;
  sessions_held: number;
  deal_value: string;
  paid_cash: string;
  paid_principal: string;
  paid_gift: string;
  paid_coupon: string;
  arrears: string;
  store_id: number | null;
  dept_id: number | null;
  convert_class_id: number | null;
};

async function readDeal(db: Tx, dealId: number, lock: boolean): Promise<DealRow | undefined> {
  const [row] = await queryRows<DealRow>(
    db,
    sql`select d.deal_id, d.customer_id, d.project_id, d.name, d.order_line_id, d.kind, d.status, d.sessions_bought,
          d.sessions_left, d.sessions_held, d.deal_value, d.paid_cash, d.paid_principal, d.paid_gift, d.paid_coupon,
          d.arrears, d.store_id, d.dept_id, p.convert_class_id
        from crm_customer_project_deal_record d join crm_project p using (project_id)
        where d.deal_id = ${dealId} ${lock ? sql`for update of d` : sql``}`,
  );
  return row;
}

const dealMoneyOf = (d: DealRow) => ({
  dealValue: fenOf(d.deal_value),
  bought: d.sessions_bought,
  left: d.sessions_left,
  paidCash: fenOf(d.paid_cash),
  paidPrincipal: fenOf(d.paid_principal),
  paidGift: fenOf(d.paid_gift),
  paidCoupon: fenOf(d.paid_coupon),
});

/** May this deal convert now? The message of the first rule it breaks. */
async function refuseUnconvertible(tx: Tx, d: DealRow) {
  if (d.kind === DealKind.repair) throw badRequest(ConvertMsg.repairNoConvert);
  // One setting for refunds and conversions of expired deals (CLINIC.md "States").
  const live =
    d.status === DealStatus.unused ||
    d.status === DealStatus.inTreatment ||
    (d.status === DealStatus.expired && (await orderFormSettings(tx)).expiredRefundable);
  if (!live) throw badRequest(ConvertMsg.dealClosed.replace('{status}', dealStatusNames[d.status] ?? ''));
  if (fenOf(d.arrears) > 0) throw badRequest(ConvertMsg.arrearsOwed);
  if (d.convert_class_id == null) throw badRequest(ConvertMsg.noClass);
}

type TargetRow = {
  project_id: number;
  project_name: string;
  sessions: number;
  price: string;
  sales_price: string;
  name: string;
};

const targetsOf = (db: Tx, d: DealRow) =>
  queryRows<TargetRow>(
    db,
    sql`select p.project_id, p.project_name, p.sessions, p.price, p.sales_price, c.name
        from crm_project p join crm_project_convert_class c using (convert_class_id)
        where p.convert_class_id = ${d.convert_class_id} and p.enabled and p.project_id <> ${d.project_id}
        order by p.sort, p.project_id`,
  );

/** `findConvertByProjectId`: what the deal's free left sessions are worth and where they may go. */
export async function convertTargets(db: Db, user: SessionUser, dealId: number): Promise<ConvertTargets> {
  const d = await readDeal(db, dealId, false);
  if (!d) throw notFound(ConvertMsg.dealMissing);
  await loadRecord(db, customerServerKind, user, d.customer_id, 'read');
  await refuseUnconvertible(db, d);
  const sessions = d.sessions_left - d.sessions_held;
  const parts = leftValueParts(dealMoneyOf(d), sessions);
  const rows = await targetsOf(db, d);
  return {
    sessions,
    leftValue: parts.value,
    leftPaid: parts.cash + parts.principal,
    targets: rows.map((r) => ({
      projectId: Number(r.project_id),
      name: r.project_name,
      sessions: Number(r.sessions),
      price: fenOf(r.price),
      salesPrice: fenOf(r.sales_price),
      className: r.name,
    })),
  };
}

class RepeatedBatch extends Error {}

async function conversionOfBatch(db: Tx, user: SessionUser, batchId: string) {
  const [row] = await db.select().from(conversions).where(eq(conversions.batchId, batchId));
  if (row && row.createUserId !== user.userId) throw conflict(ConvertMsg.batchTaken);
  return row?.id;
}

/** `dealProjectConvert`. A repeated batch id answers the first conversion. */
export async function convertDeal(db: Db, user: SessionUser, input: ConvertInput): Promise<ConvertAnswer> {
  const first = await conversionOfBatch(db, user, input.batchId);
  if (first) return conversionAnswer(db, first);
  try {
    const id = await db.transaction(async (tx) => {
      const d = await readDeal(tx, input.dealId, true);
      if (!d) throw notFound(ConvertMsg.dealMissing);
      // A twin request that held the lock first may have committed this batch meanwhile.
      if (await conversionOfBatch(tx, user, input.batchId)) throw new RepeatedBatch();
      const customer = await loadRecord(tx, customerServerKind, user, d.customer_id, 'read');
      await refuseUnconvertible(tx, d);
      const free = d.sessions_left - d.sessions_held;
      const sessions = input.sessions ?? free;
      if (free <= 0 || sessions > free) throw badRequest(ConvertMsg.nothingLeft);
      const targets = await targetsOf(tx, d);
      if (!targets.some((t) => Number(t.project_id) === input.projectId)) throw badRequest(ConvertMsg.targetInvalid);
      const [target] = await priceLines(tx, [
        {
          projectId: input.projectId,
          quantity: input.quantity,
          dealPrice: input.dealPrice,
          deptId: null,
          salespeople: input.salespeople?.length ? input.salespeople : [{ userId: user.userId, rate: 100 }],
        },
      ]);
      const moved = leftValueParts(dealMoneyOf(d), sessions);
      const outcome = conversionDifference(moved.value, moved.cash + moved.principal, target!.dealPrice);
      const pending = outcome.toPay > 0;
      const [conv] = await tx
        .insert(conversions)
        .values({
          customerId: d.customer_id,
          fromDealId: d.deal_id,
          sessions,
          valueMoved: fenToYuan(moved.value),
          difference: fenToYuan(target!.dealPrice - moved.value),
          toProjectId: input.projectId,
          status: pending ? ConversionStatus.pending : ConversionStatus.done,
          createUserId: user.userId,
          batchId: input.batchId,
        })
        .onConflictDoNothing({ target: conversions.batchId })
        .returning({ id: conversions.id });
      if (!conv) throw new RepeatedBatch();
      const day = formatTime(new Date()).slice(0, 10);

      if (pending) {
        const [order] = await tx
          .insert(orders)
          .values({
            number: await nextOrderNumber(tx, day),
            businessDay: day,
            customerId: d.customer_id,
            kind: OrderKind.sale,
            status: OrderStatus.unpaid,
            payable: fenToYuan(outcome.toPay),
            storeId: (customer.row.shop_owner_id as number | null) ?? null,
            createUserId: user.userId,
            batchId: `conversion-${conv.id}`,
            remark: `转换补差价：${d.name} → ${target!.name}${input.remark ? `（${input.remark}）` : ''}`,
          })
          .returning({ id: orders.id });
        const [line] = await tx
          .insert(orderLines)
          .values({
            orderId: order!.id,
            itemKind: LineItem.project,
            projectId: target!.projectId,
            name: target!.name,
            quantity: target!.quantity,
            sessions: target!.sessions,
            price: fenToYuan(target!.price),
            salesPrice: fenToYuan(target!.salesPrice),
            dealPrice: fenToYuan(outcome.toPay),
            deptId: target!.deptId,
            countsAsDeal: target!.countsAsDeal,
            validityMonths: target!.validityMonths,
          })
          .returning({ id: orderLines.id });
        await tx
          .insert(orderLineSales)
          .values(target!.salespeople.map((s) => ({ lineId: line!.id, userId: s.userId, rate: s.rate })));
        await tx.update(conversions).set({ orderId: order!.id }).where(eq(conversions.id, conv.id));
        // Held like a refund's: nobody uses or refunds them while the difference waits.
        await tx.execute(
          sql`update crm_customer_project_deal_record set sessions_held = sessions_held + ${sessions}, update_time = now()
              where deal_id = ${d.deal_id}`,
        );
        return conv.id;
      }

      const parts = targetParts(moved, outcome);
      const value = target!.dealPrice;
      const [made] = await tx
        .insert(dealRecords)
        .values({
          customerId: d.customer_id,
          projectId: target!.projectId,
          name: target!.name,
          sessionsBought: target!.sessions,
          sessionsLeft: target!.sessions,
          expiresOn:
            target!.validityMonths > 0
              ? sql`(${day}::date + make_interval(months => ${target!.validityMonths}))::date`
              : null,
          dealValue: fenToYuan(value),
          sessionValue: fenToYuan(target!.sessions > 0 ? Math.trunc(value / target!.sessions) : 0),
          ...paidColumns(parts),
          storeId: d.store_id,
          deptId: target!.deptId,
          status: DealStatus.unused,
          createUserId: user.userId,
        })
        .returning({ id: dealRecords.id });
      await moveSessions(tx, d.deal_id, sessions, false);
      await tx.update(conversions).set({ toDealId: made!.id }).where(eq(conversions.id, conv.id));
      if (outcome.toPrincipal > 0) {
        await lockAccount(tx, d.customer_id);
        await postBalance(tx, {
          customerId: d.customer_id,
          principal: outcome.toPrincipal,
          gift: 0,
          cause: 'conversion',
          sourceId: conv.id,
          key: `conversion:${conv.id}`,
          userId: user.userId,
        });
        await sourceSalesGiveBack(tx, d, conv.id, outcome.toPrincipal, day);
      }
      return conv.id;
    });
    return conversionAnswer(db, id);
  } catch (err) {
    if (!(err instanceof RepeatedBatch)) throw err;
    const id = await conversionOfBatch(db, user, input.batchId);
    if (!id) throw err;
    return conversionAnswer(db, id);
  }
}

const paidColumns = (p: PaidParts) => ({
  paidCash: fenToYuan(p.cash),
  paidPrincipal: fenToYuan(p.principal),
  paidGift: fenToYuan(p.gift),
  paidCoupon: fenToYuan(p.coupon),
});

/** The source gives `sessions` up: left − and converted +; 已转换 when none is left (`held`: they were held). */
async function moveSessions(tx: Tx, dealId: number, sessions: number, held: boolean) {
  await tx.execute(
    sql`update crm_customer_project_deal_record set sessions_left = sessions_left - ${sessions},
          sessions_converted = sessions_converted + ${sessions},
          sessions_held = sessions_held - ${held ? sessions : 0},
          status = case when sessions_left - ${sessions} = 0 then ${DealStatus.converted} else status end,
          update_time = now()
        where deal_id = ${dealId}`,
  );
}

/** Principal given back is cash the salespeople no longer keep: negative 现金业绩 by the source line's split. */
async function sourceSalesGiveBack(tx: Tx, d: DealRow, conversionId: number, amount: number, day: string) {
  if (d.order_line_id == null) return;
  await developerGiveBack(tx, {
    key: `conversion:${conversionId}`,
    lineId: d.order_line_id,
    amount,
    customerId: d.customer_id,
    storeId: d.store_id,
    sourceKind: 'conversion',
    sourceId: conversionId,
    day,
  });
  // Top-ups counted when paid: principal credited back stays in the clinic, nobody gives it back (h-money22).
  if ((await topUpCountsWhen(tx)) === 'paid') return;
  const split = await tx.select().from(orderLineSales).where(eq(orderLineSales.lineId, d.order_line_id));
  if (!split.length) return;
  await postPerformance(
    tx,
    `conversion:${conversionId}`,
    cashPerformance(-amount, split).map((r) => ({
      ...r,
      kind: PerformanceKind.cash,
      sourceKind: 'conversion',
      sourceId: conversionId,
      customerId: d.customer_id,
      storeId: d.store_id,
      deptId: d.dept_id,
      businessDay: day,
    })),
  );
}

/**
 * The charge of a conversion's difference order (called by charge.ts in its transaction): the
 * target deal it just made takes the moved value and its parts; the source's held sessions become
 * converted. Nothing for an order that is no conversion's.
 */
export async function applyConversionOfOrder(tx: Tx, orderId: number, dealByLine: Map<number, number>) {
  const [conv] = await tx
    .select()
    .from(conversions)
    .where(sql`${conversions.orderId} = ${orderId} and ${conversions.status} = ${ConversionStatus.pending}`)
    .for('update');
  if (!conv) return;
  const d = await readDeal(tx, conv.fromDealId, true);
  const [line] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(sql`${orderLines.orderId} = ${orderId} and ${orderLines.projectId} = ${conv.toProjectId} and status = 1`)
    .orderBy(orderLines.id)
    .limit(1);
  const toDealId = line ? dealByLine.get(line.id) : undefined;
  if (!d || toDealId === undefined) throw new Error(`conversion ${conv.id}: its order has no target line`);
  // The value fixed when asked (the sessions were held since), over the source's money parts.
  const value = fenOf(conv.valueMoved);
  const moved = { value, ...valueParts(dealMoneyOf(d), value) };
  await tx.execute(
    sql`update crm_customer_project_deal_record set
          deal_value = deal_value + ${fenToYuan(moved.value)}::numeric,
          session_value = trunc((deal_value + ${fenToYuan(moved.value)}::numeric) / greatest(sessions_bought, 1), 2),
          paid_cash = paid_cash + ${fenToYuan(moved.cash)}::numeric,
          paid_principal = paid_principal + ${fenToYuan(moved.principal)}::numeric,
          paid_gift = paid_gift + ${fenToYuan(moved.gift)}::numeric,
          paid_coupon = paid_coupon + ${fenToYuan(moved.coupon)}::numeric, update_time = now()
        where deal_id = ${toDealId}`,
  );
  await moveSessions(tx, d.deal_id, conv.sessions, true);
  await tx.update(conversions).set({ toDealId, status: ConversionStatus.done }).where(eq(conversions.id, conv.id));
}

/** Voiding a conversion's difference order gives the held sessions back (called by cancelOrder). */
export async function releaseConversionOfOrder(tx: Tx, orderId: number) {
  const [conv] = await tx
    .select()
    .from(conversions)
    .where(sql`${conversions.orderId} = ${orderId} and ${conversions.status} = ${ConversionStatus.pending}`)
    .for('update');
  if (!conv) return;
  await tx.execute(
    sql`update crm_customer_project_deal_record set sessions_held = sessions_held - ${conv.sessions}, update_time = now()
        where deal_id = ${conv.fromDealId}`,
  );
  await tx.update(conversions).set({ status: ConversionStatus.cancelled }).where(eq(conversions.id, conv.id));
}

/** A conversion's or a repair's order keeps its lines: they are what the conversion or repair agreed. */
export async function refuseSpecialOrderUpdate(tx: Tx, orderId: number) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select (select count(*) from clinic_conversion where order_id = ${orderId})
          + (select count(*) from clinic_order_line where order_id = ${orderId} and original_deal_id is not null) as n`,
  );
  if (Number(row?.n) > 0) throw badRequest(ConvertMsg.orderOfConversion);
}

export async function conversionAnswer(db: Tx, id: number): Promise<ConvertAnswer> {
  const [r] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select c.*, o.order_number from clinic_conversion c left join clinic_order o using (order_id)
        where c.conversion_id = ${id}`,
  );
  if (!r) throw notFound(ConvertMsg.dealMissing);
  const moved = fenOf(String(r.value_moved));
  const target = moved + fenOf(String(r.difference));
  const [principal] = await queryRows<{ s: string | null }>(
    db,
    sql`select sum(principal_delta) s from clinic_balance_ledger where idempotency_key = ${`conversion:${id}`}`,
  );
  const toPrincipal = fenOf(principal?.s ?? '0');
  return {
    conversionId: Number(r.conversion_id),
    status: Number(r.status),
    fromDealId: Number(r.from_deal_id),
    sessions: Number(r.sessions),
    valueMoved: moved,
    targetValue: target,
    toPay: Math.max(0, target - moved),
    toPrincipal,
    forfeited: Math.max(0, moved - target - toPrincipal),
    toDealId: r.to_deal_id == null ? null : Number(r.to_deal_id),
    orderId: r.order_id == null ? null : Number(r.order_id),
    orderNumber: r.order_number == null ? null : String(r.order_number),
  };
}
