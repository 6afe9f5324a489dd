import {
  type AccountQuery,
  type AccountRow,
  fenOf,
  OrderKind,
  OrderStatus,
  UNPAID_COUNT_CAP,
  type UnpaidOrder,
  type UnpaidQuery,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { defineList, listPage } from '../../core/list/builder.ts';
import type { Tx } from '../../db/client.ts';
import { orderFormSettings } from '../settings/read.ts';
import { customerScope, ownedCustomer, readableCustomers, text } from './scope.ts';

/**
 * The desk's two customer-facing lists: the orders waiting to be charged (newest first, over
 * `clinic_order_unpaid_idx`) and the customers' accounts (the top-up picker and the arrears tab).
 * Both carry the balances, so a dialog opened from a row needs no second call.
 */

const balancesOf = (r: Record<string, unknown>) => ({
  principal: fenOf(text(r.principal) || '0'),
  gift: fenOf(text(r.gift) || '0'),
  arrears: fenOf(text(r.arrears) || '0'),
});

export async function queryUnpaid(db: Tx, user: SessionUser, input: UnpaidQuery) {
  const customers = await readableCustomers(db, user);
  const list = defineList({
    from: sql`clinic_order o join ${customers} c on c.customer_id = o.customer_id`,
    id: sql`o.order_id`,
    fields: { createTime: { sql: sql`o.create_time`, type: 'date' } },
    search: [sql`c.customer_name`, sql`c.mobile`, sql`o.order_number`],
    defaultSort: [{ field: 'createTime', order: 'desc' }],
    scope: customerScope,
  });
  const page = await listPage(
    db,
    list,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      where: [sql`o.status = ${OrderStatus.unpaid}`, sql`o.kind = ${OrderKind.sale}`, ownedCustomer],
      // A bounded count: stale orders piling up must not make every page read them all (bench/RESULTS.md).
      countAtMost: UNPAID_COUNT_CAP,
    },
    {
      columns: sql`o.order_id, o.order_number, o.customer_id, o.payable, o.remark, o.create_time,
        c.customer_name, c.mobile, u.realname as create_user_name, a.principal, a.gift, a.arrears,
        (select string_agg(l.name || ' ×' || l.quantity, '、' order by l.sort) from clinic_order_line l
          where l.order_id = o.order_id and l.status = 1) as summary`,
      joins: sql`join clinic_order o on o.order_id = page.id
        join ${customers} c on c.customer_id = o.customer_id
        left join sys_user u on u.user_id = o.create_user_id
        left join clinic_customer_account a on a.customer_id = o.customer_id`,
      map: (r: Record<string, unknown>): UnpaidOrder => ({
        orderId: Number(r.order_id),
        number: text(r.order_number),
        customerId: Number(r.customer_id),
        customerName: text(r.customer_name),
        mobile: text(r.mobile),
        summary: text(r.summary),
        payable: fenOf(text(r.payable)),
        createUserName: text(r.create_user_name),
        remark: text(r.remark),
        createTime: r.create_time as string,
        balances: balancesOf(r),
      }),
    },
  );
  const more = page.totalRow > UNPAID_COUNT_CAP;
  return {
    ...page,
    totalRow: Math.min(page.totalRow, UNPAID_COUNT_CAP),
    more,
    arrearsAllowed: (await orderFormSettings(db)).arrearsAllowed,
  };
}

export async function queryAccounts(db: Tx, user: SessionUser, input: AccountQuery) {
  const customers = await readableCustomers(db, user);
  const list = defineList({
    from: sql`${customers} c left join clinic_customer_account a on a.customer_id = c.customer_id`,
    id: sql`c.customer_id`,
    fields: {
      arrears: { sql: sql`a.arrears`, type: 'number' },
      updateTime: { sql: sql`c.update_time`, type: 'date' },
    },
    search: [sql`c.customer_name`, sql`c.mobile`, sql`c.search_key`],
    // The owing first by what they owe; otherwise the customers touched last.
    defaultSort: input.owing ? [{ field: 'arrears', order: 'desc' }] : [{ field: 'updateTime', order: 'desc' }],
    scope: customerScope,
  });
  return listPage(
    db,
    list,
    {
      user,
      page: input.page,
      limit: input.limit,
      search: input.search,
      where: [ownedCustomer, input.owing ? sql`a.arrears > 0` : undefined],
    },
    {
      columns: sql`c.customer_id, c.customer_name, c.mobile, a.principal, a.gift, a.arrears,
        c.owner_user_id, u.realname owner_name`,
      joins: sql`join ${customers} c on c.customer_id = page.id
        left join clinic_customer_account a on a.customer_id = c.customer_id
        left join sys_user u on u.user_id = c.owner_user_id`,
      map: (r: Record<string, unknown>): AccountRow => ({
        customerId: Number(r.customer_id),
        customerName: text(r.customer_name),
        mobile: text(r.mobile),
        ...balancesOf(r),
        ownerUserId: Number(r.owner_user_id),
        ownerName: text(r.owner_name),
      }),
    },
  );
}
