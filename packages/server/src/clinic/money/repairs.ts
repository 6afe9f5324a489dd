import {
  DealKind,
  DealStatus,
  fenOf,
  fenToYuan,
  formatTime,
  LineItem,
  OrderKind,
  OrderStatus,
  type RefundRow,
  type RefundSurplusInput,
  type RepairAnswer,
  type RepairInput,
  RepairMsg,
} from '@crm/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { nextOrderNumber } from './numbers.ts';
import { priceLines } from './pricing.ts';
import { requestRefunds } from './refunds.ts';
import { dealRecords, orderLineSales, orderLines, orders } from './tables.ts';

/**
 * 返修 (CLINIC.md "Deal record": a follow-up treatment of an earlier deal at no or reduced price,
 * linked to it). The original must have been treated and not be a repair itself. A free repair is
 * a repair deal at once (value 0); a priced one (at most the project's 执行价) is an unpaid order
 * whose line names the original, and its charge makes the repair deal (charge-hooks.ts), so the
 * money takes the cashier's path like any sale.
 */
type Original = {
  deal_id: number;
  customer_id: number;
  project_id: number;
  name: string;
  kind: number;
  sessions_used: number;
  store_id: number | null;
};

class RepeatedBatch extends Error {}

/** What a batch id already made: a free repair's deal or a priced repair's order (someone else's: refused). */
async function repairOfBatch(db: Tx, user: SessionUser, batchId: string): Promise<RepairAnswer | undefined> {
  const [deal] = await db.select().from(dealRecords).where(eq(dealRecords.batchId, batchId));
  if (deal) {
    if (deal.createUserId !== user.userId) throw conflict(RepairMsg.batchTaken);
    return { dealId: deal.id, orderId: null, orderNumber: null, price: 0, sessions: deal.sessionsBought };
  }
  const [order] = await queryRows<{
    order_id: number;
    order_number: string;
    create_user_id: number;
    payable: string;
    sessions: number;
    original_deal_id: number | null;
  }>(
    db,
    sql`select o.order_id, o.order_number, o.create_user_id, o.payable, l.sessions, l.original_deal_id
        from clinic_order o join clinic_order_line l using (order_id) where o.batch_id = ${batchId} limit 1`,
  );
  if (!order) return undefined;
  if (Number(order.create_user_id) !== user.userId || order.original_deal_id == null)
    throw conflict(RepairMsg.batchTaken);
  const [made] = await queryRows<{ deal_id: number }>(
    db,
    sql`select deal_id from crm_customer_project_deal_record d join clinic_order_line l on l.line_id = d.order_line_id
        where l.order_id = ${order.order_id}`,
  );
  return {
    dealId: made ? Number(made.deal_id) : null,
    orderId: Number(order.order_id),
    orderNumber: order.order_number,
    price: fenOf(order.payable),
    sessions: Number(order.sessions),
  };
}

/** `repair`. A repeated batch id answers the first repair. */
export async function repairDeal(db: Db, user: SessionUser, input: RepairInput): Promise<RepairAnswer> {
  const first = await repairOfBatch(db, user, input.batchId);
  if (first) return first;
  try {
    await db.transaction(async (tx) => {
      const [original] = await queryRows<Original>(
        tx,
        sql`select deal_id, customer_id, project_id, name, kind, sessions_used, store_id
            from crm_customer_project_deal_record where deal_id = ${input.dealId} for update`,
      );
      if (!original) throw notFound(RepairMsg.dealMissing);
      const customer = await loadRecord(tx, customerServerKind, user, original.customer_id, 'read');
      if (original.kind === DealKind.repair) throw badRequest(RepairMsg.ofRepair);
      if (original.sessions_used <= 0) throw badRequest(RepairMsg.notTreated);
      const [priced] = await priceLines(tx, [
        {
          projectId: input.projectId ?? original.project_id,
          quantity: 1,
          dealPrice: input.price,
          deptId: null,
          salespeople: input.salespeople?.length ? input.salespeople : [{ userId: user.userId, rate: 100 }],
        },
      ]);
      const p = priced!;
      if (input.price > p.salesPrice) throw badRequest(RepairMsg.priceTooHigh);
      const day = formatTime(new Date()).slice(0, 10);
      const expiresOn =
        p.validityMonths > 0 ? sql`(${day}::date + make_interval(months => ${p.validityMonths}))::date` : null;
      if (input.price === 0) {
        const [deal] = await tx
          .insert(dealRecords)
          .values({
            customerId: original.customer_id,
            projectId: p.projectId,
            name: p.name,
            sessionsBought: input.sessions,
            sessionsLeft: input.sessions,
            expiresOn,
            storeId: original.store_id,
            deptId: p.deptId,
            kind: DealKind.repair,
            originalDealId: original.deal_id,
            status: DealStatus.unused,
            createUserId: user.userId,
            batchId: input.batchId,
          })
          .onConflictDoNothing({ target: dealRecords.batchId })
          .returning({ id: dealRecords.id });
        if (!deal) throw new RepeatedBatch();
        return;
      }
      const [order] = await tx
        .insert(orders)
        .values({
          number: await nextOrderNumber(tx, day),
          businessDay: day,
          customerId: original.customer_id,
          kind: OrderKind.sale,
          status: OrderStatus.unpaid,
          payable: fenToYuan(input.price),
          storeId: (customer.row.shop_owner_id as number | null) ?? null,
          createUserId: user.userId,
          batchId: input.batchId,
          remark: `返修：${original.name}（${input.reason}）`,
        })
        .onConflictDoNothing({ target: orders.batchId })
        .returning({ id: orders.id });
      if (!order) throw new RepeatedBatch();
      const [line] = await tx
        .insert(orderLines)
        .values({
          orderId: order.id,
          itemKind: LineItem.project,
          projectId: p.projectId,
          name: p.name,
          quantity: 1,
          sessions: input.sessions,
          price: fenToYuan(p.price),
          salesPrice: fenToYuan(p.salesPrice),
          dealPrice: fenToYuan(input.price),
          deptId: p.deptId,
          // A repair follows a sale; it is not a new deal of the visit.
          countsAsDeal: false,
          validityMonths: p.validityMonths,
          originalDealId: original.deal_id,
        })
        .returning({ id: orderLines.id });
      await tx
        .insert(orderLineSales)
        .values(p.salespeople.map((s) => ({ lineId: line!.id, userId: s.userId, rate: s.rate })));
    });
  } catch (err) {
    if (!(err instanceof RepeatedBatch)) throw err;
  }
  const made = await repairOfBatch(db, user, input.batchId);
  if (!made) throw new Error('repair: nothing made');
  return made;
}

/**
 * `refundSurplusRepairProject`: the left sessions of a 返修 deal, through the same request and
 * 退费审核 as `refundSurplusProject` (a free repair's limit is 0: its sessions are given up, no money).
 */
export async function requestRepairRefund(db: Db, user: SessionUser, input: RefundSurplusInput): Promise<RefundRow> {
  const [deal] = await db
    .select({ kind: dealRecords.kind, customerId: dealRecords.customerId })
    .from(dealRecords)
    .where(eq(dealRecords.id, input.dealId));
  if (!deal) throw notFound(RepairMsg.dealMissing);
  await loadRecord(db, customerServerKind, user, deal.customerId, 'read');
  if (deal.kind !== DealKind.repair) throw badRequest(RepairMsg.notRepair);
  const { dealId, sessions, amount, ...rest } = input;
  const [row] = await requestRefunds(db, user, { ...rest, items: [{ dealId, sessions, amount }] });
  return row!;
}
