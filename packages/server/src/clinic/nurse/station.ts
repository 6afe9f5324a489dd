import {
  DealStatus,
  fenOf,
  type NurseCustomerData,
  type NurseDeal,
  type NurseStaff,
  type NurseTreatmentData,
  type NurseVisitData,
  VisitStatus,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { departmentPools } from '../settings/read.ts';
import { customersAs, readVisits } from '../visits/read.ts';
import { loadStore } from '../visits/store.ts';
import { arrivedToday, today } from '../visits/visits.ts';

/**
 * The nurses' station's reads (docs/clinic-visits.md "The nurses' station"): the queue of today's
 * paid and treating visits, customers found without a visit, and a department's staff and pools.
 * Customers are read as the viewer may read them (scope and field permissions, readableTable).
 */

/** The visits the station works on: paid, treating, treated. */
const atStation = [VisitStatus.paid, VisitStatus.treating, VisitStatus.treated];

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Each customer's deals that still have sessions to use (left − held), oldest first. */
async function openDeals(tx: Tx, customerIds: number[]): Promise<Map<number, NurseDeal[]>> {
  const out = new Map<number, NurseDeal[]>();
  if (!customerIds.length) return out;
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select d.*, (select name from sys_dept s where s.dept_id = d.dept_id) as dept_name
        from crm_customer_project_deal_record d
        where d.customer_id in ${inList(customerIds)} and d.status in (${DealStatus.unused}, ${DealStatus.inTreatment})
          and d.sessions_left - d.sessions_held > 0
        order by d.create_time, d.deal_id`,
  );
  for (const r of rows) {
    const list = out.get(Number(r.customer_id)) ?? [];
    list.push({
      dealId: Number(r.deal_id),
      name: text(r.name),
      sessionsBought: Number(r.sessions_bought),
      sessionsUsed: Number(r.sessions_used),
      sessionsLeft: Number(r.sessions_left),
      sessionsHeld: Number(r.sessions_held),
      dealValue: fenOf(r.deal_value as string),
      sessionValue: fenOf(r.session_value as string),
      expiresOn: r.expires_on === null ? null : text(r.expires_on),
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      deptName: r.dept_name === null ? null : text(r.dept_name),
      status: Number(r.status),
    });
    out.set(Number(r.customer_id), list);
  }
  return out;
}

/** Each customer's 划扣 of the company's today (undone ones too, marked), newest first. */
async function todaysTreatments(tx: Tx, customerIds: number[]): Promise<Map<number, NurseTreatmentData[]>> {
  const out = new Map<number, NurseTreatmentData[]>();
  if (!customerIds.length) return out;
  const t = today();
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select t.treatment_id, t.deal_id, t.customer_id, t.sessions, t.value, t.status, t.create_time, d.name,
          (select u.realname from sys_user u where u.user_id = t.create_user_id) as create_user_name,
          (select string_agg(u.realname, '、' order by s.user_id) from clinic_treatment_staff s
            join sys_user u on u.user_id = s.user_id where s.treatment_id = t.treatment_id) as staff
        from clinic_treatment t join crm_customer_project_deal_record d on d.deal_id = t.deal_id
        where t.customer_id in ${inList(customerIds)}
          and t.create_time >= ${t.from}::timestamptz and t.create_time < ${t.to}::timestamptz
        order by t.create_time desc, t.treatment_id desc`,
  );
  for (const r of rows) {
    const list = out.get(Number(r.customer_id)) ?? [];
    list.push({
      treatmentId: Number(r.treatment_id),
      dealId: Number(r.deal_id),
      name: text(r.name),
      sessions: Number(r.sessions),
      value: fenOf(r.value as string),
      staff: text(r.staff),
      createUserName: text(r.create_user_name),
      createTime: r.create_time as Date,
      status: Number(r.status),
    });
    out.set(Number(r.customer_id), list);
  }
  return out;
}

/** Today's visits of the store at the station (已收费 / 治疗中 / 已治疗), by arrival, with deals and 划扣. */
export async function nurseQueue(db: Db, user: SessionUser, storeId: number): Promise<NurseVisitData[]> {
  await loadStore(db, storeId);
  const visits = await readVisits(
    db,
    user,
    sql`v.store_id = ${storeId} and v.status in ${inList(atStation)} and ${arrivedToday('v')}`,
  );
  const ids = [...new Set(visits.map((v) => v.customerId))];
  const [deals, treatments] = await Promise.all([openDeals(db, ids), todaysTreatments(db, ids)]);
  return visits.map((v) => ({
    ...v,
    deals: deals.get(v.customerId) ?? [],
    treatments: treatments.get(v.customerId) ?? [],
  }));
}

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Customers who come for a session (with or without a visit): found by name, phone or pinyin among
 * those the viewer may read (a hidden phone is not searched), at most 20, with their open deals.
 */
export async function findCustomers(db: Db, user: SessionUser, search: string): Promise<NurseCustomerData[]> {
  const c = await customersAs(db, user);
  const like = likeOf(search.trim());
  const rows = await queryRows<{ customer_id: number; customer_name: string; mobile: string; visit_id: number | null }>(
    db,
    sql`select c.customer_id, c.customer_name, c.mobile,
          (select v.visit_id from clinic_visit v where v.customer_id = c.customer_id
             and v.status <> ${VisitStatus.left} and ${arrivedToday('v')} order by v.visit_id desc limit 1) as visit_id
        from ${c.from}
        where ${c.scope} and (c.customer_name ilike ${like} or c.mobile ilike ${like} or c.search_key ilike ${like})
        order by c.update_time desc, c.customer_id desc limit 20`,
  );
  const ids = rows.map((r) => Number(r.customer_id));
  const [deals, treatments] = await Promise.all([openDeals(db, ids), todaysTreatments(db, ids)]);
  return rows.map((r) => ({
    customerId: Number(r.customer_id),
    customerName: text(r.customer_name),
    mobile: text(r.mobile),
    visitId: r.visit_id === null ? null : Number(r.visit_id),
    deals: deals.get(Number(r.customer_id)) ?? [],
    treatments: treatments.get(Number(r.customer_id)) ?? [],
  }));
}

/** The department's people with their roles and its 划扣 role pools (deptOperatorConfig, enabled). */
export async function departmentStaff(db: Db, deptId: number): Promise<NurseStaff> {
  const members = await queryRows<{ user_id: number; realname: string; role: string }>(
    db,
    sql`select m.user_id, u.realname, m.role from clinic_dept_operator_member m
        join clinic_dept_operator o on o.config_id = m.config_id
        join sys_user u on u.user_id = m.user_id
        where o.dept_id = ${deptId} and o.enabled and u.status = 1
        order by m.position`,
  );
  const pools = await departmentPools(db, deptId);
  return {
    members: members.map((m) => ({ userId: Number(m.user_id), realname: text(m.realname), role: text(m.role) })),
    pools: pools.map((p) => ({ role: p.role, percent: Number(p.percent) })),
  };
}
