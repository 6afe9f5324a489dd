import { AppointmentStatus, chargedOrderStatuses, DealKind, OrderKind, RefundStatus } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { zoneSql } from '../core/times.ts';
import { clinicSplit } from './clinic-sources.ts';
import { customerFieldCategory } from './customer-field.ts';
import type { Source } from './source-types.ts';

/**
 * Appointments and visits as measures (CLINIC.md "Statistics", docs/clinic-visits.md). Like the
 * customers' money, a booking or a visit is the customer's owner's (the data scope and the owner
 * split): a salesperson sees their own customers' visits. The consultant is a category (the
 * conversion table), so a manager sees every consultant who served their customers. The aliases
 * are clinic-sources.ts's: `c` the customer, `st` the partner shop, `d` the department.
 */

const charged = sql.join(
  chargedOrderStatuses.map((s) => sql`${s}`),
  sql`, `,
);
/**
 * A deal taken back: every session refunded, the last refund paid out on the day it was sold
 * (CLINIC.md: a same-day full refund takes the visit's deal back; a later one does not).
 */
const takenBack = sql`(d0.sessions_refunded >= d0.sessions_bought and (select
    (max(f0.update_time) at time zone ${zoneSql()})::date from clinic_refund f0
    where f0.deal_id = d0.deal_id and f0.status = ${RefundStatus.paid}) = o0.business_day)`;
/**
 * The deal records a visit sold: charged sale orders opened in it, lines that count as a deal
 * (a 拓客 trial item does not; a 返修 redoes an earlier sale), not taken back the same day;
 * by the order's lines, whose indexes lead to the deals.
 */
const soldIn = (what: SQL) => sql`(select ${what} from clinic_order o0
    join clinic_order_line l0 on l0.order_id = o0.order_id
    join crm_customer_project_deal_record d0 on d0.order_line_id = l0.line_id
    join crm_project p0 on p0.project_id = d0.project_id
  where o0.visit_id = r.visit_id and o0.kind = ${OrderKind.sale} and o0.status in (${charged})
    and d0.kind = ${DealKind.normal} and p0.counts_as_deal and not ${takenBack})`;
const hasDeal = sql`exists ${soldIn(sql`1`)}`;
/** The consult was saved (deal or no deal), or the visit bought without one being recorded. */
const consulted = sql`(r.deal_status <> 0 or ${hasDeal})`;
const soldMoney = sql`coalesce(${soldIn(sql`sum(d0.deal_value)`)}, 0)`;

const visitTypeName = sql`(array['初诊', '复诊', '再消费', '复查', '其他'])[r.visit_type]`;
const consultantName = sql`coalesce(cu.realname, '未分派')`;

const visits = (value: SQL, drillValue: SQL, where?: SQL): Source => ({
  from: sql`clinic_visit r join crm_customer c on c.customer_id = r.customer_id
    left join crm_store st on st.id = r.shop_id
    left join sys_dept d on d.dept_id = r.dept_id
    left join sys_user cu on cu.user_id = r.consultant_id`,
  where,
  time: sql`r.arrived_time`,
  timeKind: 'instant',
  owner: sql`c.owner_user_id`,
  value,
  drill: {
    kind: 'visit',
    id: sql`r.visit_id`,
    name: sql`c.customer_name || ' · ' || ${visitTypeName} || coalesce(' · ' || cu.realname, '')`,
    value: drillValue,
  },
  categories: {
    clinicDept: clinicSplit.clinicDept,
    clinicShop: clinicSplit.clinicShop,
    clinicRegion: clinicSplit.clinicRegion,
    clinicClientSource: customerFieldCategory('客户来源', 'c'),
    clinicVisitType: () => ({ key: visitTypeName, order: sql`r.visit_type` }),
    clinicConsultant: () => ({ key: consultantName }),
    clinicConsultantType: () => ({
      key: sql`${consultantName} || ' · ' || ${visitTypeName}`,
      order: sql`r.visit_type`,
    }),
  },
});

/** Bookings by their booked time (a cancelled one was never expected), the customer's shop. */
const appointments = (where: SQL): Source => ({
  from: sql`clinic_appointment r join crm_customer c on c.customer_id = r.customer_id
    left join crm_store st on st.id = c.shop_owner_id
    left join sys_dept d on d.dept_id = coalesce(r.dept_id, r.store_id)`,
  where,
  time: sql`r.start_time`,
  timeKind: 'instant',
  owner: sql`c.owner_user_id`,
  value: sql`count(*)`,
  drill: {
    kind: 'appointment',
    id: sql`r.appointment_id`,
    name: sql`c.customer_name || ' · ' || (array['面诊', '治疗', '手术'])[r.kind]`,
    value: sql`1`,
  },
  categories: {
    clinicDept: clinicSplit.clinicDept,
    clinicShop: clinicSplit.clinicShop,
    clinicRegion: clinicSplit.clinicRegion,
    clinicClientSource: customerFieldCategory('客户来源', 'c'),
  },
});

export const visitSources = {
  bookings: appointments(sql`r.status <> ${AppointmentStatus.cancelled}`),
  arrivals: appointments(sql`r.status = ${AppointmentStatus.arrived}`),
  visitCount: visits(sql`count(*)`, sql`1`),
  consultedVisits: visits(sql`count(*)`, sql`1`, consulted),
  dealVisits: visits(sql`count(*)`, sql`1`, hasDeal),
  visitDealMoney: visits(sql`coalesce(sum(${soldMoney}), 0)`, soldMoney, hasDeal),
} satisfies Record<string, Source>;
