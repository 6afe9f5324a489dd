import {
  chargedOrderStatuses,
  DiscountMsg,
  discountFloorFen,
  fenOf,
  fenToYuan,
  formatTime,
  LineItem,
  needsDiscountApproval,
  type OrderAnswer,
  OrderKind,
  OrderMsg,
  type OrderSaveInput,
  OrderStatus,
  type OrderUpdateInput,
} from '@crm/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { discountRateOf } from '../settings/read.ts';
import { visitOrderOpened } from '../visits/money-moves.ts';
// Conversions and repairs (h-convert).
import { refuseSpecialOrderUpdate, releaseConversionOfOrder } from './conversions.ts';
import { submitDiscountApproval } from './discount-approval.ts';
import { nextOrderNumber } from './numbers.ts';
import { type PricedLine, priceLines } from './pricing.ts';
import { priceSetMeals } from './set-meals.ts';
import { orderLineSales, orderLines, orders } from './tables.ts';

/**
 * Opening orders (开单): save, update and cancel while unpaid (CLINIC.md "Order"). Lines are
 * priced from the catalogue; the client sends only the project, the quantity, an optional deal
 * price, the settlement department and the salespeople's split. Charging is the cashier's.
 */

/**
 * The discount floor (CLINIC.md "Money rules"): a line's deal price may not go below
 * max(执行价 × the lowest discount rate of the user's roles (discountConfig), the project's minimum
 * price) without the 折扣审批 approval. The rate applies to 执行价, the price the clinic normally
 * charges (原价 is a list price a clinic often sells well below). Each line's floor is stored with
 * it, so the approver sees what the opener was held to.
 */
async function discountFloors(tx: Tx, user: SessionUser, lines: readonly PricedLine[]) {
  const rate = await discountRateOf(
    tx,
    user.roles.map((r) => r.roleId),
  );
  const floors = lines.map((l) => discountFloorFen(l.salesPrice, rate, l.minPrice));
  return { floors, below: lines.some((l, i) => needsDiscountApproval(l.dealPrice, floors[i]!)) };
}

/** A line below the floor needs a reason (and, for a chosen-approver flow, the approver: checked at submit). */
function requireReason(below: boolean, reason: string) {
  if (below && !reason.trim()) throw badRequest(DiscountMsg.reasonRequired);
  return below ? reason : '';
}

async function insertLines(tx: Tx, orderId: number, priced: readonly PricedLine[], floors: readonly number[]) {
  const inserted = await tx
    .insert(orderLines)
    .values(
      priced.map((l, i) => ({
        orderId,
        sort: i,
        itemKind: LineItem.project,
        projectId: l.projectId,
        setMealId: l.setMealId ?? null,
        setMealGroup: l.setMealGroup ?? null,
        name: l.name,
        quantity: l.quantity,
        sessions: l.sessions,
        price: fenToYuan(l.price),
        salesPrice: fenToYuan(l.salesPrice),
        dealPrice: fenToYuan(l.dealPrice),
        floorPrice: fenToYuan(floors[i]!),
        discount: l.discount.toFixed(2),
        deptId: l.deptId,
        countsAsDeal: l.countsAsDeal,
        validityMonths: l.validityMonths,
      })),
    )
    .returning({ id: orderLines.id });
  await tx
    .insert(orderLineSales)
    .values(
      priced.flatMap((l, i) => l.salespeople.map((s) => ({ lineId: inserted[i]!.id, userId: s.userId, rate: s.rate }))),
    );
}

/** Project lines, then each set meal's items (set-meals.ts); an order needs at least one line. */
async function orderLinesOf(tx: Tx, input: Pick<OrderSaveInput, 'lines' | 'setMeals'>): Promise<PricedLine[]> {
  const priced = [...(await priceLines(tx, input.lines)), ...(await priceSetMeals(tx, input.setMeals))];
  if (priced.length === 0) throw badRequest(OrderMsg.linesRequired);
  return priced;
}

const payableOf = (priced: readonly PricedLine[]) => priced.reduce((s, l) => s + l.dealPrice, 0);

/** The order with its lines, as save and update answer it. */
export async function orderAnswer(db: Tx, orderId: number): Promise<OrderAnswer> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(OrderMsg.orderMissing);
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.status, 1)))
    .orderBy(asc(orderLines.sort));
  return {
    orderId: order.id,
    number: order.number,
    status: order.status,
    payable: fenOf(order.payable),
    lines: lines.map((l) => ({
      lineId: l.id,
      projectId: l.projectId,
      setMealId: l.setMealId,
      setMealGroup: l.setMealGroup,
      name: l.name,
      sessions: l.sessions,
      price: fenOf(l.price),
      salesPrice: fenOf(l.salesPrice),
      dealPrice: fenOf(l.dealPrice),
      discount: Number(l.discount),
    })),
  };
}

/** Thrown inside the transaction when the batch id was taken meanwhile: rolls back the number it drew. */
class RepeatedBatch extends Error {}

/** The order a batch id made, if this user made it; someone else's batch id is refused. */
export async function orderOfBatch(db: Tx, user: SessionUser, batchId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id, createUserId: orders.createUserId })
    .from(orders)
    .where(eq(orders.batchId, batchId));
  if (!row) return undefined;
  if (row.createUserId !== user.userId) throw conflict(OrderMsg.batchTaken);
  return row.id;
}

/**
 * `save`: a new sale order for a customer the user may read, priced from the catalogue, numbered
 * for the company's business day, waiting at the cashier (or for the discount approval). A repeated
 * batch id answers the first order.
 */
export async function saveOrder(db: Db, user: SessionUser, input: OrderSaveInput): Promise<OrderAnswer> {
  const first = await orderOfBatch(db, user, input.batchId);
  if (first) return orderAnswer(db, first);
  try {
    const orderId = await db.transaction(async (tx) => {
      const customer = await loadRecord(tx, customerServerKind, user, input.customerId, 'read');
      const priced = await orderLinesOf(tx, input);
      const { floors, below } = await discountFloors(tx, user, priced);
      const discountReason = requireReason(below, input.discountReason);
      const day = formatTime(new Date()).slice(0, 10);
      const [order] = await tx
        .insert(orders)
        .values({
          number: await nextOrderNumber(tx, day),
          businessDay: day,
          customerId: input.customerId,
          visitId: input.visitId ?? null,
          kind: OrderKind.sale,
          status: below ? OrderStatus.pendingApproval : OrderStatus.unpaid,
          discountReason,
          payable: fenToYuan(payableOf(priced)),
          storeId: (customer.row.shop_owner_id as number | null) ?? null,
          createUserId: user.userId,
          batchId: input.batchId,
          remark: input.remark,
        })
        .onConflictDoNothing({ target: orders.batchId })
        .returning({ id: orders.id });
      if (!order) throw new RepeatedBatch();
      // Visits (issue 23, h-nurse): an order opened for a visit moves it to 待收银.
      await visitOrderOpened(tx, input.visitId, input.customerId, user.userId);
      await insertLines(tx, order.id, priced, floors);
      if (below) await submitDiscountApproval(tx, user, order.id, input.checkUserId);
      return order.id;
    });
    return orderAnswer(db, orderId);
  } catch (err) {
    if (!(err instanceof RepeatedBatch)) throw err;
    const id = await orderOfBatch(db, user, input.batchId);
    if (!id) throw err;
    return orderAnswer(db, id);
  }
}

/** Locks an order that may still change: refuses a charged (订单已收费) or voided one. */
async function lockOpenOrder(tx: Tx, user: SessionUser, orderId: number, allowCancelled = false) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.kind !== OrderKind.sale) throw notFound(OrderMsg.orderMissing);
  // The customer's data scope decides who may touch the order, as for every record of theirs.
  await loadRecord(tx, customerServerKind, user, order.customerId, 'read');
  if ((chargedOrderStatuses as readonly number[]).includes(order.status)) throw badRequest(OrderMsg.orderCharged);
  if (order.status === OrderStatus.cancelled && !allowCancelled) throw badRequest(OrderMsg.orderCancelled);
  // Lines under an approver's eyes do not change: withdraw the approval first (it becomes a draft).
  if (order.status === OrderStatus.pendingApproval) throw badRequest(DiscountMsg.inApproval);
  return order;
}

/**
 * `update`: new lines for an unpaid order or a draft (the lines are replaced; the number stays).
 * The floor is checked again: below it the order (re)enters the discount approval, otherwise it
 * waits at the cashier.
 */
export async function updateOrder(db: Db, user: SessionUser, input: OrderUpdateInput): Promise<OrderAnswer> {
  await db.transaction(async (tx) => {
    await lockOpenOrder(tx, user, input.orderId);
    // A conversion's or repair's order keeps its lines (h-convert).
    await refuseSpecialOrderUpdate(tx, input.orderId);
    const priced = await orderLinesOf(tx, input);
    const { floors, below } = await discountFloors(tx, user, priced);
    const discountReason = requireReason(below, input.discountReason);
    await tx.delete(orderLines).where(eq(orderLines.orderId, input.orderId));
    await insertLines(tx, input.orderId, priced, floors);
    await tx
      .update(orders)
      .set({
        payable: fenToYuan(payableOf(priced)),
        status: OrderStatus.unpaid,
        discountReason,
        remark: input.remark,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, input.orderId));
    if (below) await submitDiscountApproval(tx, user, input.orderId, input.checkUserId);
  });
  return orderAnswer(db, input.orderId);
}

/** `cancel` (作废): an unpaid order is voided; voiding it again changes nothing. */
export async function cancelOrder(db: Db, user: SessionUser, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOpenOrder(tx, user, orderId, true);
    if (order.status === OrderStatus.cancelled) return;
    await tx.update(orders).set({ status: OrderStatus.cancelled, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    // Voiding a conversion's difference order gives its held sessions back (h-convert).
    await releaseConversionOfOrder(tx, orderId);
  });
}
