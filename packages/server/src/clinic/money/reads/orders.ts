import { fenOf, type OrderInfo, type OrderListInput, OrderMsg, type OrderRow } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../auth/session.ts';
import { notFound } from '../../../core/errors.ts';
import { queryRows } from '../../../core/sql.ts';
import { customerServerKind } from '../../../crm/customer/kind.ts';
import { loadRecord } from '../../../crm/records/access.ts';
import type { Db } from '../../../db/client.ts';

type Row = Record<string, string | number | boolean | Date | null>;
const n = (v: unknown) => Number(v);
const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const money = (v: unknown) => fenOf(String(v));

/**
 * `/clinic/order/info`: one order as the 开单 page (editing), the cashier and the customer's order
 * list show it. The customer's data scope decides, as for every record of theirs.
 */
export async function orderInfo(db: Db, user: SessionUser, orderId: number): Promise<OrderInfo> {
  const [o] = await queryRows<Row>(
    db,
    sql`select o.*, cu.realname as create_name, ca.realname as cashier_name
      from clinic_order o
      left join sys_user cu on cu.user_id = o.create_user_id
      left join sys_user ca on ca.user_id = o.cashier_user_id
      where o.order_id = ${orderId}`,
  );
  if (!o) throw notFound(OrderMsg.orderMissing);
  const customer = await loadRecord(db, customerServerKind, user, n(o.customer_id), 'read');
  const lines = await queryRows<Row>(
    db,
    sql`select l.*, coalesce(d.name, '') as dept_name from clinic_order_line l
      left join sys_dept d on d.dept_id = l.dept_id
      where l.order_id = ${orderId} and l.status = 1 order by l.sort, l.line_id`,
  );
  const sales = await queryRows<{ line_id: number; user_id: number; rate: number; realname: string | null }>(
    db,
    sql`select s.line_id, s.user_id, s.rate, u.realname from clinic_order_line_sales s
      join clinic_order_line l using (line_id) left join sys_user u on u.user_id = s.user_id
      where l.order_id = ${orderId} order by s.rate desc, s.user_id`,
  );
  const payments = await queryRows<{ method: string; amount: string }>(
    db,
    sql`select method, amount from clinic_payment where order_id = ${orderId} order by payment_id`,
  );
  return {
    orderId: n(o.order_id),
    number: String(o.order_number),
    businessDay: String(o.business_day).slice(0, 10),
    customerId: n(o.customer_id),
    customerName: String(customer.row.customer_name ?? ''),
    kind: n(o.kind),
    status: n(o.status),
    payable: money(o.payable),
    received: money(o.received),
    principalUsed: money(o.principal_used),
    giftUsed: money(o.gift_used),
    couponUsed: money(o.coupon_used),
    arrears: money(o.arrears),
    examineId: nullableNumber(o.examine_id),
    remark: String(o.remark ?? ''),
    createUser: { userId: nullableNumber(o.create_user_id), name: String(o.create_name ?? '') },
    cashier: { userId: nullableNumber(o.cashier_user_id), name: String(o.cashier_name ?? '') },
    createTime: o.create_time as string,
    chargedTime: (o.charged_time as string | null) ?? null,
    lines: lines.map((l) => ({
      lineId: n(l.line_id),
      projectId: nullableNumber(l.project_id),
      setMealId: nullableNumber(l.set_meal_id),
      setMealGroup: nullableNumber(l.set_meal_group),
      name: String(l.name),
      quantity: n(l.quantity),
      sessions: n(l.sessions),
      price: money(l.price),
      salesPrice: money(l.sales_price),
      dealPrice: money(l.deal_price),
      discount: n(l.discount),
      deptId: nullableNumber(l.dept_id),
      deptName: String(l.dept_name),
      salespeople: sales
        .filter((s) => n(s.line_id) === n(l.line_id))
        .map((s) => ({ userId: n(s.user_id), name: s.realname ?? '', rate: n(s.rate) })),
    })),
    payments: payments.map((p) => ({ method: p.method, amount: money(p.amount) })),
  };
}

/**
 * `/clinic/order/queryList`: a customer's orders, newest first, paged in SQL on the index by
 * customer and creation time; `status` narrows to one state.
 */
export async function customerOrders(db: Db, user: SessionUser, input: OrderListInput) {
  await loadRecord(db, customerServerKind, user, input.customerId, 'read');
  const where = sql`o.customer_id = ${input.customerId} ${input.status === undefined ? sql`` : sql`and o.status = ${input.status}`}`;
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int n from clinic_order o where ${where}`);
  const rows = await queryRows<Row>(
    db,
    sql`select o.*, coalesce(u.realname, '') as create_name,
        coalesce((select string_agg(l.name, '、' order by l.sort, l.line_id) from clinic_order_line l
          where l.order_id = o.order_id and l.status = 1), '') as items
      from clinic_order o left join sys_user u on u.user_id = o.create_user_id
      where ${where} order by o.create_time desc, o.order_id desc
      limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
  );
  const list: OrderRow[] = rows.map((o) => ({
    orderId: n(o.order_id),
    number: String(o.order_number),
    kind: n(o.kind),
    status: n(o.status),
    payable: money(o.payable),
    received: money(o.received),
    principalUsed: money(o.principal_used),
    giftUsed: money(o.gift_used),
    arrears: money(o.arrears),
    items: String(o.items),
    createUserId: n(o.create_user_id),
    createUserName: String(o.create_name),
    createTime: o.create_time as string,
    chargedTime: (o.charged_time as string | null) ?? null,
  }));
  return { list, totalRow: n(count?.n ?? 0), page: input.page, limit: input.limit };
}
