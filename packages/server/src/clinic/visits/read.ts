import type { AppointmentData, VisitData } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { memberOf, ownerScope } from '../../crm/records/access.ts';
import { fieldAccessFor } from '../../crm/records/field-access.ts';
import { readableTable } from '../../crm/records/readable.ts';
import type { Tx } from '../../db/client.ts';

/**
 * The answers of appointments and visits, read with the customer as the viewer may read it: the
 * customer's data scope filters the rows and field permissions hide name or phone (readableTable).
 */

const sk = customerServerKind;

/** The viewer's customers, as `c` (scope: owner or team member, as the customer list). */
export async function customersAs(tx: Tx, user: SessionUser): Promise<{ from: SQL; scope: SQL }> {
  const { hidden } = await fieldAccessFor(tx, user, sk.kind);
  return {
    from: sql`${readableTable(sk, hidden)} c`,
    scope: sql`(${ownerScope(sk, user, 'c')} or ${memberOf(sk, user, 'c')})`,
  };
}

const realname = (col: string) => sql.raw(`(select u.realname from sys_user u where u.user_id = ${col})`);

type AppointmentRow = Record<string, unknown>;

function toAppointment(r: AppointmentRow): AppointmentData {
  const num = (k: string) => (r[k] === null || r[k] === undefined ? null : Number(r[k]));
  return {
    appointmentId: Number(r.appointment_id),
    customerId: Number(r.customer_id),
    customerName: String(r.customer_name ?? ''),
    mobile: String(r.mobile ?? ''),
    storeId: Number(r.store_id),
    kind: Number(r.kind),
    status: Number(r.status),
    startTime: r.start_time as Date,
    endTime: r.end_time as Date,
    doctorId: num('doctor_id'),
    doctorName: (r.doctor_name as string | null) ?? null,
    consultantId: num('consultant_id'),
    consultantName: (r.consultant_name as string | null) ?? null,
    technicianId: num('technician_id'),
    technicianName: (r.technician_name as string | null) ?? null,
    deptId: num('dept_id'),
    deptName: (r.dept_name as string | null) ?? null,
    room: String(r.room ?? ''),
    projectIds: ((r.project_ids as number[] | null) ?? []).map(Number),
    remark: String(r.remark ?? ''),
    visitId: num('visit_id'),
  };
}

/**
 * Appointments matching `where` (on `a`), oldest first, of customers the viewer may read.
 * `scoped: false` when the caller has already checked the one customer (loadRecord).
 */
export async function readAppointments(
  tx: Tx,
  user: SessionUser,
  where: SQL,
  opts: { order?: SQL; limit?: number; scoped?: boolean } = {},
): Promise<AppointmentData[]> {
  const c = await customersAs(tx, user);
  const rows = await queryRows<AppointmentRow>(
    tx,
    sql`select a.*, c.customer_name, c.mobile,
          ${realname('a.doctor_id')} as doctor_name, ${realname('a.consultant_id')} as consultant_name,
          ${realname('a.technician_id')} as technician_name,
          (select d.name from sys_dept d where d.dept_id = a.dept_id) as dept_name
        from clinic_appointment a join ${c.from} on c.customer_id = a.customer_id
        where ${where} ${opts.scoped === false ? sql`` : sql`and ${c.scope}`}
        order by ${opts.order ?? sql`a.start_time, a.appointment_id`}
        ${opts.limit ? sql`limit ${opts.limit}` : sql``}`,
  );
  return rows.map(toAppointment);
}

export async function readAppointment(tx: Tx, user: SessionUser, id: number): Promise<AppointmentData> {
  const [one] = await readAppointments(tx, user, sql`a.appointment_id = ${id}`, { scoped: false });
  return one!;
}

function toVisit(r: Record<string, unknown>): VisitData {
  const num = (k: string) => (r[k] === null || r[k] === undefined ? null : Number(r[k]));
  return {
    visitId: Number(r.visit_id),
    customerId: Number(r.customer_id),
    customerName: String(r.customer_name ?? ''),
    mobile: String(r.mobile ?? ''),
    storeId: Number(r.store_id),
    appointmentId: num('appointment_id'),
    visitType: Number(r.visit_type),
    status: Number(r.status),
    deptId: num('dept_id'),
    consultantId: num('consultant_id'),
    consultantName: (r.consultant_name as string | null) ?? null,
    doctorId: num('doctor_id'),
    doctorName: (r.doctor_name as string | null) ?? null,
    triageUserId: num('triage_user_id'),
    arrivedTime: r.arrived_time as Date,
    statusTime: r.status_time as Date,
    leftTime: (r.left_time as Date | null) ?? null,
    waited: Number(r.waited),
    remark: String(r.remark ?? ''),
  };
}

/** Visits matching `where` (on `v`), by arrival, with the minutes waited at the current station. */
export async function readVisits(
  tx: Tx,
  user: SessionUser,
  where: SQL,
  opts: { scoped?: boolean } = {},
): Promise<VisitData[]> {
  const c = await customersAs(tx, user);
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select v.*, c.customer_name, c.mobile,
          ${realname('v.doctor_id')} as doctor_name, ${realname('v.consultant_id')} as consultant_name,
          greatest(0, floor(extract(epoch from (coalesce(v.left_time, now()) - v.status_time)) / 60))::int as waited
        from clinic_visit v join ${c.from} on c.customer_id = v.customer_id
        where ${where} ${opts.scoped === false ? sql`` : sql`and ${c.scope}`}
        order by v.arrived_time, v.visit_id`,
  );
  return rows.map(toVisit);
}

export async function readVisit(tx: Tx, user: SessionUser, id: number): Promise<VisitData> {
  const [one] = await readVisits(tx, user, sql`v.visit_id = ${id}`, { scoped: false });
  return one!;
}
