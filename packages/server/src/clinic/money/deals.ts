import { type DealRecordRow, fenOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db } from '../../db/client.ts';

type Row = Record<string, string | number | null | Date>;
const n = (v: unknown) => Number(v);
const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * `getDealRecord`: every deal record of a customer the user may read, newest first, with its
 * sessions and money (the 成交项目 tab of the customer detail and the nurses' station read it).
 */
export async function customerDeals(db: Db, user: SessionUser, customerId: number): Promise<DealRecordRow[]> {
  await loadRecord(db, customerServerKind, user, customerId, 'read');
  const rows = await queryRows<Row>(
    db,
    sql`select d.*, o.order_number from crm_customer_project_deal_record d
      left join clinic_order o using (order_id)
      where d.customer_id = ${customerId} order by d.create_time desc, d.deal_id desc`,
  );
  return rows.map((r) => ({
    dealId: n(r.deal_id),
    customerId: n(r.customer_id),
    projectId: n(r.project_id),
    name: String(r.name),
    orderId: nullableNumber(r.order_id),
    orderNumber: r.order_number == null ? null : String(r.order_number),
    sessionsBought: n(r.sessions_bought),
    sessionsUsed: n(r.sessions_used),
    sessionsRefunded: n(r.sessions_refunded),
    sessionsConverted: n(r.sessions_converted),
    sessionsLeft: n(r.sessions_left),
    sessionsHeld: n(r.sessions_held),
    expiresOn: r.expires_on == null ? null : String(r.expires_on).slice(0, 10),
    dealValue: fenOf(String(r.deal_value)),
    paidCash: fenOf(String(r.paid_cash)),
    paidPrincipal: fenOf(String(r.paid_principal)),
    paidGift: fenOf(String(r.paid_gift)),
    paidCoupon: fenOf(String(r.paid_coupon)),
    arrears: fenOf(String(r.arrears)),
    refundedAmount: fenOf(String(r.refunded_amount)),
    kind: n(r.kind),
    originalDealId: nullableNumber(r.original_deal_id),
    status: n(r.status),
    createTime: r.create_time as string,
  }));
}
