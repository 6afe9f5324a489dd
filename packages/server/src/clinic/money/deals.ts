import { type DealRecordRow, fenOf, type TrackingEvent, TreatMsg, TreatmentStatus } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
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

/**
 * `queryTrackingRecord`: one deal's timeline, oldest first: the charge that created it, each
 * 划扣 and undo, arrears booked, repaid and waived, refunds and conversions. Read from the
 * records themselves (one statement), so it can never disagree with them.
 */
export async function dealTimeline(db: Db, user: SessionUser, dealId: number): Promise<TrackingEvent[]> {
  const [deal] = await queryRows<{ customer_id: number }>(
    db,
    sql`select customer_id from crm_customer_project_deal_record where deal_id = ${dealId}`,
  );
  if (!deal) throw notFound(TreatMsg.dealMissing);
  await loadRecord(db, customerServerKind, user, Number(deal.customer_id), 'read');
  const rows = await queryRows<Row>(
    db,
    sql`select * from (
        select 'charge' as type, coalesce(o.charged_time, d.create_time) as time, d.sessions_bought as sessions,
          d.deal_value as amount, coalesce(o.order_id, d.deal_id) as ref_id, o.cashier_user_id as user_id,
          coalesce(o.order_number, '') as remark, 0 as ord
        from crm_customer_project_deal_record d left join clinic_order o using (order_id) where d.deal_id = ${dealId}
        union all
        select 'treatment', t.create_time, t.sessions, t.value, t.treatment_id, t.create_user_id, t.remark, 1
        from clinic_treatment t where t.deal_id = ${dealId}
        union all
        select 'undo', t.undone_time, -t.sessions, -t.value, t.treatment_id, t.undone_user_id, '', 2
        from clinic_treatment t where t.deal_id = ${dealId} and t.status = ${TreatmentStatus.undone}
        union all
        select case a.kind when 1 then 'arrears' when 2 then 'repay' else 'waive' end, a.create_time, 0, a.amount,
          a.arrears_id, a.create_user_id, a.remark, 3
        from clinic_arrears a where a.deal_id = ${dealId}
        union all
        select 'refund', r.create_time, r.sessions, r.amount, r.refund_id, r.create_user_id, r.reason, 4
        from clinic_refund r where r.deal_id = ${dealId}
        union all
        select 'conversion', c.create_time, c.sessions, c.value_moved, c.conversion_id, c.create_user_id, '', 5
        from clinic_conversion c where c.from_deal_id = ${dealId} or c.to_deal_id = ${dealId}
      ) e order by e.time, e.ord, e.ref_id`,
  );
  return rows.map((r) => ({
    type: r.type as TrackingEvent['type'],
    time: r.time as string,
    sessions: n(r.sessions),
    amount: fenOf(String(r.amount)),
    refId: n(r.ref_id),
    userId: nullableNumber(r.user_id),
    remark: String(r.remark ?? ''),
  }));
}
