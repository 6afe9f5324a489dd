import {
  type CashierTotals,
  type ChargedOrder,
  type ChargedQuery,
  fenOf,
  formatTime,
  OrderStatus,
  payMethods,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { defineList, listPage, listWhere } from '../../core/list/builder.ts';
import { queryRows } from '../../core/sql.ts';
import { zoneSql } from '../../core/times.ts';
import type { Tx } from '../../db/client.ts';
import { customerScope, ownedCustomer, readableCustomers, text } from './scope.ts';

/**
 * The desk's day (今日订单): every order charged that business day (sales, top-ups, repayments,
 * refund payouts) and the sale orders voided that day, newest first, with the page's totals and
 * the whole day's per method. Voided orders are listed but counted in neither total.
 */

/** Each method's sum of an order's payments (a payout's are negative), one column per method. */
const methodColumns = sql.raw(
  payMethods.map((m) => `coalesce(sum(p.amount) filter (where p.method = '${m}'), 0) as ${m}`).join(', '),
);

const zeroTotals = (): CashierTotals => ({
  count: 0,
  payable: 0,
  cash: 0,
  wechat: 0,
  alipay: 0,
  card: 0,
  principal: 0,
  gift: 0,
  coupon: 0,
  arrears: 0,
});

function addTo(t: CashierTotals, o: Omit<CashierTotals, 'count'>) {
  t.count += 1;
  t.payable += o.payable;
  for (const m of payMethods) t[m] += o[m];
  t.arrears += o.arrears;
}

export async function queryCharged(db: Tx, user: SessionUser, input: ChargedQuery) {
  const day = input.day ?? formatTime(new Date()).slice(0, 10);
  const start = sql`((${day}::date)::timestamp at time zone ${zoneSql()})`;
  const end = sql`((${day}::date + 1)::timestamp at time zone ${zoneSql()})`;
  const customers = await readableCustomers(db, user);
  // Charged ones through clinic_order_charged_idx; voided ones by their last change.
  const dayOrders = sql`(select order_id, charged_time as t from clinic_order
        where charged_time >= ${start} and charged_time < ${end}
      union all
      select order_id, update_time from clinic_order
        where status = ${OrderStatus.cancelled} and charged_time is null and update_time >= ${start} and update_time < ${end})`;
  const list = defineList({
    from: sql`${dayOrders} d join clinic_order o on o.order_id = d.order_id join ${customers} c on c.customer_id = o.customer_id`,
    id: sql`o.order_id`,
    fields: { time: { sql: sql`d.t`, type: 'date' } },
    defaultSort: [{ field: 'time', order: 'desc' }],
    scope: customerScope,
  });
  const req = { user, page: input.page, limit: input.limit, where: [ownedCustomer] };
  const page = await listPage(db, list, req, {
    columns: sql`o.order_id, o.order_number, o.kind, o.status, o.customer_id, o.payable, o.arrears,
      c.customer_name, u.realname as cashier_name, coalesce(o.charged_time, o.update_time) as time, pm.*`,
    joins: sql`join clinic_order o on o.order_id = page.id
      join ${customers} c on c.customer_id = o.customer_id
      left join sys_user u on u.user_id = o.cashier_user_id
      left join lateral (select ${methodColumns} from clinic_payment p where p.order_id = o.order_id) pm on true`,
    map: (r: Record<string, unknown>): ChargedOrder => {
      const money = (k: string) => fenOf(text(r[k]) || '0');
      return {
        orderId: Number(r.order_id),
        number: text(r.order_number),
        kind: Number(r.kind),
        status: Number(r.status),
        customerId: Number(r.customer_id),
        customerName: text(r.customer_name),
        payable: money('payable'),
        cash: money('cash'),
        wechat: money('wechat'),
        alipay: money('alipay'),
        card: money('card'),
        principal: money('principal'),
        gift: money('gift'),
        coupon: money('coupon'),
        arrears: money('arrears'),
        cashierName: text(r.cashier_name),
        time: r.time as string,
      };
    },
  });
  const pageTotals = zeroTotals();
  for (const o of page.list) if (o.status !== OrderStatus.cancelled) addTo(pageTotals, o);
  // The whole day's, in the database: the same rows, voided ones left out.
  const [sum] = await queryRows<Record<string, string | number>>(
    db,
    sql`select count(*)::int as count, coalesce(sum(o.payable), 0) as payable, coalesce(sum(o.arrears), 0) as arrears,
        ${sql.raw(payMethods.map((m) => `coalesce(sum(pm.${m}), 0) as ${m}`).join(', '))}
      from ${list.from}
      left join lateral (select ${methodColumns} from clinic_payment p where p.order_id = o.order_id) pm on true
      where ${listWhere(list, req)} and o.status <> ${OrderStatus.cancelled}`,
  );
  const totals = zeroTotals();
  totals.count = Number(sum?.count ?? 0);
  for (const k of ['payable', 'arrears', ...payMethods] as const) totals[k] = fenOf(String(sum?.[k] ?? '0'));
  return { ...page, day, pageTotals, totals };
}
