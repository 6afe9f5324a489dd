import { fenOf, type VisitDetailData, VisitMsg } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { instantOf, zoneSql } from '../../core/times.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { readableCustomers, text } from '../cashier/scope.ts';
import { rowView, toVisitRow } from './record-list.ts';

/**
 * One visit's whole story (/entryDetails): the visit, its status history (clinic_visit_event),
 * every station's notes, its orders with lines and payments, the treatments while it lasted and
 * the follow-ups until the next arrival. The customer's data scope decides (loadRecord: 无权访问),
 * and the customer's fields are read as the viewer may (readableTable).
 */

type Row = Record<string, unknown>;
const money = (v: unknown) => fenOf(text(v) || '0');
const iso = (v: unknown) => instantOf(v)!.toISOString();
const nullableText = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The treatments of `where` (on `t`), with project, department and staff. */
export function treatmentRows(db: Tx, where: SQL, tail: SQL = sql`order by t.create_time, t.treatment_id`) {
  return queryRows<Row>(
    db,
    sql`select t.treatment_id, t.deal_id, d.name as project_name, t.sessions, t.value, sd.name as dept_name,
          t.status, t.remark, t.create_time,
          coalesce((select string_agg(u.realname || '(' || s.role || ')', '、' order by s.role, u.realname)
            from clinic_treatment_staff s join sys_user u on u.user_id = s.user_id
            where s.treatment_id = t.treatment_id), '') as staff
        from clinic_treatment t join crm_customer_project_deal_record d on d.deal_id = t.deal_id
        left join sys_dept sd on sd.dept_id = t.dept_id
        where ${where} ${tail}`,
  );
}
export const toTreatment = (r: Row) => ({
  treatmentId: Number(r.treatment_id),
  dealId: Number(r.deal_id),
  projectName: text(r.project_name),
  sessions: Number(r.sessions),
  value: money(r.value),
  deptName: nullableText(r.dept_name),
  staff: text(r.staff),
  status: Number(r.status),
  remark: text(r.remark),
  time: r.create_time as Date,
});

export async function visitDetail(db: Db, user: SessionUser, visitId: number): Promise<VisitDetailData> {
  const [head] = await queryRows<{ customer_id: number }>(
    db,
    sql`select customer_id from clinic_visit where visit_id = ${visitId}`,
  );
  if (!head) throw notFound(VisitMsg.visitMissing);
  const customerId = Number(head.customer_id);
  await loadRecord(db, customerServerKind, user, customerId, 'read');
  const view = rowView(await readableCustomers(db, user));
  const [v] = await queryRows<Row>(
    db,
    sql`select ${view.columns}, v.appointment_id, v.no_deal_reason, v.remark, v.status_time,
          (select d.name from sys_dept d where d.dept_id = v.dept_id) as dept_name,
          (select u.realname from sys_user u where u.user_id = v.triage_user_id) as triage_user_name,
          (select min(n.arrived_time) from clinic_visit n where n.customer_id = v.customer_id
            and n.arrived_time > v.arrived_time) as next_arrival,
          coalesce(v.left_time, date_trunc('day', v.arrived_time at time zone ${zoneSql()}) at time zone ${zoneSql()}
            + interval '1 day') as ended
        from (select ${visitId}::int as id) page ${view.joins}`,
  );
  if (!v) throw notFound(VisitMsg.visitMissing);
  // One statement after another: a transaction's or a single client's queries do not overlap.
  const events = await queryRows<Row>(
    db,
    sql`select e.from_status, e.to_status, u.realname, e.create_time from clinic_visit_event e
        left join sys_user u on u.user_id = e.user_id where e.visit_id = ${visitId} order by e.create_time, e.event_id`,
  );
  const notes = await queryRows<Row>(
    db,
    sql`select n.note_id, n.kind, u.realname, n.content, n.create_time from clinic_visit_note n
        left join sys_user u on u.user_id = n.user_id where n.visit_id = ${visitId} order by n.create_time, n.note_id`,
  );
  const orders = await queryRows<Row>(
    db,
    sql`select * from clinic_order o where o.customer_id = ${customerId} and o.visit_id = ${visitId}
        order by o.create_time, o.order_id`,
  );
  const lines = await queryRows<Row>(
    db,
    sql`select l.order_id, l.line_id, l.name, l.quantity, l.sessions, l.deal_price from clinic_order_line l
        join clinic_order o on o.order_id = l.order_id
        where o.customer_id = ${customerId} and o.visit_id = ${visitId} and l.status = 1 order by l.sort, l.line_id`,
  );
  const payments = await queryRows<Row>(
    db,
    sql`select p.order_id, p.method, p.amount from clinic_payment p join clinic_order o on o.order_id = p.order_id
        where o.customer_id = ${customerId} and o.visit_id = ${visitId} order by p.payment_id`,
  );
  const treatments = await treatmentRows(
    db,
    sql`t.customer_id = ${customerId} and t.create_time >= ${iso(v.arrived_time)}::timestamptz
        and t.create_time < ${iso(v.ended)}::timestamptz`,
  );
  const followUps = await queryRows<Row>(
    db,
    sql`select f.follow_id, f.category, f.content, u.realname, f.create_time from crm_follow_record f
        left join sys_user u on u.user_id = f.create_user_id
        where f.label = ${customerServerKind.kind.label} and f.record_id = ${customerId}
          and f.create_time >= ${iso(v.arrived_time)}::timestamptz
          ${v.next_arrival ? sql`and f.create_time < ${iso(v.next_arrival)}::timestamptz` : sql``}
        order by f.create_time, f.follow_id`,
  );
  return {
    visit: {
      ...toVisitRow(v),
      appointmentId: v.appointment_id === null ? null : Number(v.appointment_id),
      deptName: nullableText(v.dept_name),
      triageUserName: nullableText(v.triage_user_name),
      noDealReason: text(v.no_deal_reason),
      remark: text(v.remark),
      statusTime: v.status_time as Date,
    },
    events: events.map((e) => ({
      fromStatus: e.from_status === null ? null : Number(e.from_status),
      toStatus: Number(e.to_status),
      userName: nullableText(e.realname),
      time: e.create_time as Date,
    })),
    notes: notes.map((n) => ({
      noteId: Number(n.note_id),
      kind: Number(n.kind),
      userName: nullableText(n.realname),
      content: text(n.content),
      time: n.create_time as Date,
    })),
    orders: orders.map((o) => ({
      orderId: Number(o.order_id),
      number: text(o.order_number),
      kind: Number(o.kind),
      status: Number(o.status),
      payable: money(o.payable),
      received: money(o.received),
      principalUsed: money(o.principal_used),
      giftUsed: money(o.gift_used),
      couponUsed: money(o.coupon_used),
      arrears: money(o.arrears),
      createTime: o.create_time as Date,
      chargedTime: (o.charged_time as Date | null) ?? null,
      lines: lines
        .filter((l) => Number(l.order_id) === Number(o.order_id))
        .map((l) => ({
          lineId: Number(l.line_id),
          name: text(l.name),
          quantity: Number(l.quantity),
          sessions: Number(l.sessions),
          dealPrice: money(l.deal_price),
        })),
      payments: payments
        .filter((p) => Number(p.order_id) === Number(o.order_id))
        .map((p) => ({ method: text(p.method), amount: money(p.amount) })),
    })),
    treatments: treatments.map(toTreatment),
    followUps: followUps.map((f) => ({
      followId: Number(f.follow_id),
      category: text(f.category),
      content: text(f.content),
      userName: nullableText(f.realname),
      time: f.create_time as Date,
    })),
  };
}
