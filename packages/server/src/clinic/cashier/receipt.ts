import { CashierMsg, cashMethods, chargedOrderStatuses, fenOf, OrderMsg, OrderStatus, type Receipt } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import { fieldAccessFor } from '../../crm/records/field-access.ts';
import type { Tx } from '../../db/client.ts';
import { readSysConfig } from '../../files/sys-config.ts';
import { text } from './scope.ts';

/** A phone as a receipt prints it: 139****0001 (the slip leaves the clinic with the customer). */
export const maskPhone = (phone: string) => (phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);

const cash = cashMethods as readonly string[];

/**
 * `clinic/cashier/receipt`: what /printCashPage prints of a charged order. The balances are those
 * right after the charge (the last ledger rows up to it), so a reprint next week prints the same slip.
 */
export async function receiptOf(db: Tx, user: SessionUser, orderId: number): Promise<Receipt> {
  const [o] = await queryRows<Record<string, unknown>>(
    db,
    sql`select o.*, cu.realname as cashier_name, mu.realname as create_user_name, s.shop_name
      from clinic_order o
      left join sys_user cu on cu.user_id = o.cashier_user_id
      left join sys_user mu on mu.user_id = o.create_user_id
      left join crm_store s on s.id = o.store_id
      where o.order_id = ${orderId}`,
  );
  if (!o) throw notFound(OrderMsg.orderMissing);
  const customerId = Number(o.customer_id);
  // The customer's data scope decides, as for the charge; a hidden phone stays hidden on paper too.
  const { hidden } = await fieldAccessFor(db, user, customerServerKind.kind);
  const customer = await loadRecord(db, customerServerKind, user, customerId, 'read', { hidden });
  const status = Number(o.status);
  if (status === OrderStatus.cancelled) throw badRequest(OrderMsg.orderCancelled);
  if (!(chargedOrderStatuses as readonly number[]).includes(status)) throw badRequest(CashierMsg.notCharged);
  const chargedAt = sql`(select charged_time from clinic_order where order_id = ${orderId})`;
  const [lines, pays, balance, arrears, gift, config] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select name, quantity, sessions, price, deal_price, discount from clinic_order_line
        where order_id = ${orderId} and status = 1 order by sort, line_id`,
    ),
    queryRows<{ method: string; amount: string }>(
      db,
      sql`select method, amount from clinic_payment where order_id = ${orderId}`,
    ),
    queryRows<{ principal_after: string; gift_after: string }>(
      db,
      sql`select principal_after, gift_after from clinic_balance_ledger
        where customer_id = ${customerId} and create_time <= ${chargedAt}
        order by ledger_id desc limit 1`,
    ),
    queryRows<{ arrears_after: string }>(
      db,
      sql`select arrears_after from clinic_arrears
        where customer_id = ${customerId} and create_time <= ${chargedAt}
        order by arrears_id desc limit 1`,
    ),
    queryRows<{ gift_delta: string }>(
      db,
      sql`select gift_delta from clinic_balance_ledger where idempotency_key = ${`topup:${orderId}`}`,
    ),
    readSysConfig(db),
  ]);
  const money = (v: unknown) => fenOf(text(v) || '0');
  return {
    orderId,
    number: text(o.order_number),
    kind: Number(o.kind),
    status,
    companyName: config.companyName,
    storeName: text(o.shop_name),
    customerId,
    customerName: text(customer.row.customer_name),
    mobile: maskPhone(text(customer.row.mobile)),
    lines: lines.map((l) => ({
      name: text(l.name),
      quantity: Number(l.quantity),
      sessions: Number(l.sessions),
      price: money(l.price),
      dealPrice: money(l.deal_price),
      discount: Number(l.discount),
    })),
    payable: money(o.payable),
    payments: pays
      .filter((p) => cash.includes(p.method))
      .sort((a, b) => cash.indexOf(a.method) - cash.indexOf(b.method))
      .map((p) => ({ method: p.method, amount: money(p.amount) })),
    received: money(o.received),
    principalUsed: money(o.principal_used),
    giftUsed: money(o.gift_used),
    couponUsed: money(o.coupon_used),
    arrears: money(o.arrears),
    giftGiven: money(gift[0]?.gift_delta),
    balancesAfter: {
      principal: money(balance[0]?.principal_after),
      gift: money(balance[0]?.gift_after),
      arrears: money(arrears[0]?.arrears_after),
    },
    cashierName: text(o.cashier_name),
    createUserName: text(o.create_user_name),
    chargedTime: o.charged_time as string,
  };
}
