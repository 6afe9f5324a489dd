import {
  chargedOrderStatuses,
  checkSalesSplit,
  DiscountMsg,
  discountFloorFen,
  fenOf,
  fenToYuan,
  formatTime,
  LineItem,
  needsDiscountApproval,
  type OrderAnswer,
  OrderKind,
  type OrderLineInput,
  OrderMsg,
  type OrderSaveInput,
  OrderStatus,
  type OrderUpdateInput,
} from '@crm/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { discountRateOf } from '../settings/read.ts';
import { visitOrderOpened } from '../visits/money-moves.ts';
// Conversions and repairs (h-convert).
import { refuseSpecialOrderUpdate, releaseConversionOfOrder } from './conversions.ts';
import { submitDiscountApproval } from './discount-approval.ts';
import { nextOrderNumber } from './numbers.ts';
import { priceSetMeals } from './set-meals.ts';
import { orderLineSales, orderLines, orders } from './tables.ts';

/**
 * Opening orders (开单): save, update and cancel while unpaid (CLINIC.md "Order"). Lines are
 * priced from the catalogue; the client sends only the project, the quantity, an optional deal
 * price, the settlement department and the salespeople's split. Charging is the cashier's.
 */

/** A line priced and checked, ready to store. Money in fen. */
export type PricedLine = {
  projectId: number;
  /** The set meal the line is an item of (set-meals.ts), absent for a project line. */
  setMealId?: number;
  /** Its group among the order's set meals (1-based), so one set meal twice stays two groups. */
  setMealGroup?: number;
  name: string;
  quantity: number;
  sessions: number;
  price: number;
  salesPrice: number;
  minPrice: number;
  dealPrice: number;
  /** Deal price ÷ 原价, percent with two decimals. */
  discount: number;
  deptId: number | null;
  countsAsDeal: boolean;
  validityMonths: number;
  salespeople: { userId: number; rate: number }[];
};

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

type ProjectRow = {
  project_id: number;
  project_name: string;
  price: string;
  sales_price: string;
  min_price: string;
  sessions: number;
  validity_months: number;
  settle_dept_id: number | null;
  counts_as_deal: boolean;
  enabled: boolean;
};

/** Prices the lines from the catalogue and checks them (projects, prices, departments, salespeople). */
export async function priceLines(tx: Tx, input: readonly OrderLineInput[]): Promise<PricedLine[]> {
  // An order of set meals only has no project lines (h-moneyweb).
  if (input.length === 0) return [];
  const projectIds = [...new Set(input.map((l) => l.projectId))];
  const rows = await queryRows<ProjectRow>(
    tx,
    sql`select project_id, project_name, price, sales_price, min_price, sessions, validity_months, settle_dept_id,
          counts_as_deal, enabled
        from crm_project where project_id in ${inList(projectIds)}`,
  );
  const byId = new Map(rows.map((r) => [Number(r.project_id), r]));
  await requirePeopleAndDepts(
    tx,
    input.flatMap((l) => l.salespeople.map((s) => s.userId)),
    input.map((l) => l.deptId),
  );
  return input.map((line) => {
    const p = byId.get(line.projectId);
    if (!p) throw badRequest(OrderMsg.projectMissing);
    if (!p.enabled) throw badRequest(OrderMsg.projectDisabled.replace('{name}', p.project_name));
    const split = checkSalesSplit(line.salespeople);
    if (!split.ok) throw badRequest(split.msg);
    const price = fenOf(p.price) * line.quantity;
    const salesPrice = fenOf(p.sales_price) * line.quantity;
    const dealPrice = line.dealPrice ?? salesPrice;
    if (dealPrice > price) throw badRequest(OrderMsg.dealPriceAbovePrice.replace('{name}', p.project_name));
    return {
      projectId: line.projectId,
      name: p.project_name,
      quantity: line.quantity,
      sessions: p.sessions * line.quantity,
      price,
      salesPrice,
      minPrice: fenOf(p.min_price) * line.quantity,
      dealPrice,
      discount: discountOf(dealPrice, price),
      deptId: line.deptId ?? p.settle_dept_id,
      countsAsDeal: p.counts_as_deal,
      validityMonths: p.validity_months,
      salespeople: split.value,
    };
  });
}

/** Salespeople must be active users and chosen departments must exist (project and set-meal lines alike). */
export async function requirePeopleAndDepts(tx: Tx, salespeople: readonly number[], depts: readonly (number | null)[]) {
  const userIds = [...new Set(salespeople)];
  const active = userIds.length
    ? await queryRows<{ user_id: number }>(
        tx,
        sql`select user_id from sys_user where status = 1 and user_id in ${inList(userIds)}`,
      )
    : [];
  if (active.length !== userIds.length) throw badRequest(OrderMsg.userMissing);
  const deptIds = [...new Set(depts.filter((d): d is number => d != null))];
  if (deptIds.length) {
    const found = await queryRows<{ dept_id: number }>(
      tx,
      sql`select dept_id from sys_dept where dept_id in ${inList(deptIds)}`,
    );
    if (found.length !== deptIds.length) throw badRequest(OrderMsg.deptMissing);
  }
}

/** Deal price ÷ 原价 in percent with two decimals, rounded half up in integers: 880 of 1280 → 68.75. */
export function discountOf(dealPrice: number, price: number): number {
  if (price === 0) return 100;
  const hundredths = (BigInt(dealPrice) * 20_000n + BigInt(price)) / (2n * BigInt(price));
  return Number(hundredths) / 100;
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
