import {
  type AppointmentData,
  AppointmentStatus,
  type AssignInput,
  appointmentMove,
  chargedOrderStatuses,
  formatTime,
  nextConsultant,
  OrderKind,
  parseTime,
  type VisitData,
  VisitMsg,
  VisitStatus,
  visitMove,
  visitTypeFromHistory,
  type WalkInInput,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lockAccount } from '../money/account.ts';
import { rotationMembers } from '../settings/read.ts';
import { lockAppointment } from './appointments.ts';
import { readAppointments, readVisit, readVisits } from './read.ts';
import { recordVisitMove } from './record-moves.ts';
import { loadStore } from './store.ts';

/**
 * The triage desk (分诊台): arrivals from a booking and walk-ins create visits; the queue; assign
 * and reassign consultant and doctor until the consultant accepts; leave. Each move is checked
 * with visitMove under the visit's row lock, so two desks cannot both win.
 */

/** The company's today as [start, end) instants. */
export function today(): { from: string; to: string } {
  const day = formatTime(new Date()).slice(0, 10);
  const from = parseTime(`${day} 00:00:00`)!;
  const next = new Date(from.getTime() + 36 * 3_600_000).toISOString().slice(0, 10);
  return { from: from.toISOString(), to: parseTime(`${next} 00:00:00`)!.toISOString() };
}
export const arrivedToday = (alias: string): SQL => {
  const t = today();
  return sql`${sql.identifier(alias)}.arrived_time >= ${t.from}::timestamptz and ${sql.identifier(alias)}.arrived_time < ${t.to}::timestamptz`;
};

/** The visit type a customer's history suggests: 初诊, else 复诊 or 再消费 (a charged sale exists). */
export async function suggestedVisitType(
  tx: Tx,
  customerId: number,
): Promise<{ visitType: number; earlierVisits: number }> {
  const [row] = await queryRows<{ visits: number; bought: boolean }>(
    tx,
    sql`select (select count(*) from clinic_visit where customer_id = ${customerId})::int as visits,
          exists (select 1 from clinic_order where customer_id = ${customerId} and kind = ${OrderKind.sale}
            and status = any(${`{${chargedOrderStatuses.join(',')}}`}::smallint[])) as bought`,
  );
  const earlierVisits = Number(row?.visits ?? 0);
  return { visitType: visitTypeFromHistory({ earlierVisits, boughtBefore: Boolean(row?.bought) }), earlierVisits };
}

export async function visitTypeOf(db: Db, user: SessionUser, customerId: number) {
  await loadRecord(db, customerServerKind, user, customerId, 'read');
  return suggestedVisitType(db, customerId);
}

/**
 * A new visit: one open visit per customer a day (顾客今天已到店，尚未离店), under the customer's
 * advisory lock so a booking's arrival and a walk-in of the same person cannot both pass.
 */
async function openVisit(
  tx: Tx,
  user: SessionUser,
  v: {
    customerId: number;
    storeId: number;
    appointmentId: number | null;
    visitType?: number;
    deptId: number | null;
    remark: string;
    batchId: string | null;
  },
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clinic:visit:customer:${v.customerId}`}))`);
  const [open] = await queryRows(
    tx,
    sql`select 1 from clinic_visit v where v.customer_id = ${v.customerId} and v.status <> ${VisitStatus.left}
        and ${arrivedToday('v')}`,
  );
  if (open) throw badRequest(VisitMsg.stillHere);
  if (v.deptId !== null) {
    const [d] = await queryRows(tx, sql`select 1 from sys_dept where dept_id = ${v.deptId}`);
    if (!d) throw badRequest(VisitMsg.deptMissing);
  }
  const visitType = v.visitType ?? (await suggestedVisitType(tx, v.customerId)).visitType;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into clinic_visit (customer_id, store_id, appointment_id, visit_type, dept_id, shop_id, triage_user_id,
          remark, batch_id, create_user_id)
        values (${v.customerId}, ${v.storeId}, ${v.appointmentId}, ${visitType}, ${v.deptId},
          (select shop_owner_id from crm_customer where customer_id = ${v.customerId}), ${user.userId},
          ${v.remark}, ${v.batchId}, ${user.userId})
        returning visit_id as id`,
  );
  const id = Number(row!.id);
  await recordVisitMove(tx, { id, status: null }, VisitStatus.arrived, user.userId);
  if (v.remark) {
    await tx.execute(sql`insert into clinic_visit_note (visit_id, kind, user_id, content)
      values (${id}, 1, ${user.userId}, ${v.remark})`);
  }
  // The customer's counters (CLINIC.md: first and last visit), under the account's lock.
  await lockAccount(tx, v.customerId);
  await tx.execute(sql`update clinic_customer_account set first_visit_time = coalesce(first_visit_time, now()),
      last_visit_time = now(), update_time = now() where customer_id = ${v.customerId}`);
  return id;
}

/** 登记到店 from a booking: the booking becomes 已到店 and names the visit; again: the same visit. */
export async function arrive(
  db: Db,
  user: SessionUser,
  input: { appointmentId: number; visitType?: number },
): Promise<VisitData> {
  return db.transaction(async (tx) => {
    const a = await lockAppointment(tx, user, input.appointmentId);
    if (a.status === AppointmentStatus.arrived && a.visit_id !== null) return readVisit(tx, user, Number(a.visit_id));
    const move = appointmentMove(a.status, 'arrive');
    if (!move.ok) throw badRequest(move.msg);
    const visitId = await openVisit(tx, user, {
      customerId: Number(a.customer_id),
      storeId: a.store_id,
      appointmentId: a.id,
      visitType: input.visitType,
      deptId: a.dept_id,
      remark: '',
      batchId: null,
    });
    await tx.execute(sql`update clinic_appointment set status = ${move.to}, visit_id = ${visitId}, update_time = now()
      where appointment_id = ${a.id}`);
    return readVisit(tx, user, visitId);
  });
}

/** A walk-in: a visit without a booking; a repeated batch id answers the first visit. */
export async function walkIn(db: Db, user: SessionUser, input: WalkInInput): Promise<VisitData> {
  return db.transaction(async (tx) => {
    const [twin] = await queryRows<{ id: number; by: number }>(
      tx,
      sql`select visit_id as id, create_user_id as by from clinic_visit where batch_id = ${input.batchId}`,
    );
    if (twin) {
      if (Number(twin.by) !== user.userId) throw badRequest(VisitMsg.batchTaken);
      return readVisit(tx, user, Number(twin.id));
    }
    await loadRecord(tx, customerServerKind, user, input.customerId, 'read');
    await loadStore(tx, input.storeId);
    const visitId = await openVisit(tx, user, { ...input, appointmentId: null });
    return readVisit(tx, user, visitId);
  });
}

/** Today's open visits of a store, by arrival, with minutes waited at the current station. */
export function queue(db: Db, user: SessionUser, storeId: number): Promise<VisitData[]> {
  return readVisits(
    db,
    user,
    sql`v.store_id = ${storeId} and v.status <> ${VisitStatus.left} and ${arrivedToday('v')}`,
  );
}

/** Today's bookings of a store (the triage desk's list). */
export function todaysBookings(db: Db, user: SessionUser, storeId: number): Promise<AppointmentData[]> {
  const t = today();
  return readAppointments(
    db,
    user,
    sql`a.store_id = ${storeId} and a.start_time >= ${t.from}::timestamptz and a.start_time < ${t.to}::timestamptz`,
  );
}

type LockedVisit = {
  id: number;
  customer_id: number;
  store_id: number;
  status: number;
  consultant_id: number | null;
  doctor_id: number | null;
};

export async function lockVisit(tx: Tx, user: SessionUser, id: number): Promise<LockedVisit> {
  const [row] = await queryRows<LockedVisit>(
    tx,
    sql`select visit_id as id, customer_id, store_id, status, consultant_id, doctor_id
        from clinic_visit where visit_id = ${id} for update`,
  );
  if (!row) throw notFound(VisitMsg.visitMissing);
  await loadRecord(tx, customerServerKind, user, Number(row.customer_id), 'read');
  return { ...row, id: Number(row.id), status: Number(row.status) };
}

const activeUser = async (tx: Tx, id: number | null) => {
  if (id === null) return;
  const [u] = await queryRows(tx, sql`select 1 from sys_user where user_id = ${id} and status = 1`);
  if (!u) throw badRequest(VisitMsg.userMissing);
};

/** Assign or reassign consultant and doctor: until the consultant accepts (顾问已接诊，不能改派). */
export async function assign(db: Db, user: SessionUser, input: AssignInput): Promise<VisitData> {
  return db.transaction(async (tx) => {
    const v = await lockVisit(tx, user, input.visitId);
    const move = visitMove(v.status, 'assign');
    if (!move.ok) throw badRequest(move.msg);
    await activeUser(tx, input.consultantId);
    await activeUser(tx, input.doctorId);
    const same =
      v.status === VisitStatus.triaged &&
      Number(v.consultant_id) === input.consultantId &&
      (v.doctor_id === null ? null : Number(v.doctor_id)) === input.doctorId;
    if (!same) {
      // Waiting for a new consultant starts now; a reassignment keeps waiting at the same station.
      await tx.execute(sql`update clinic_visit set consultant_id = ${input.consultantId}, doctor_id = ${input.doctorId},
          status = ${move.to}, triage_user_id = ${user.userId}, assigned_time = now(),
          status_time = case when status = ${move.to} then status_time else now() end, update_time = now()
        where visit_id = ${v.id}`);
      await recordVisitMove(tx, v, move.to, user.userId);
    }
    return readVisit(tx, user, v.id);
  });
}

/** 离店 from any state; a second click answers the visit as it is. */
export async function leave(db: Db, user: SessionUser, visitId: number): Promise<VisitData> {
  return db.transaction(async (tx) => {
    const v = await lockVisit(tx, user, visitId);
    if (v.status === VisitStatus.left) return readVisit(tx, user, v.id);
    const move = visitMove(v.status, 'leave');
    if (!move.ok) throw badRequest(move.msg);
    await tx.execute(sql`update clinic_visit set status = ${move.to}, left_time = now(), status_time = now(),
        update_time = now() where visit_id = ${v.id}`);
    await recordVisitMove(tx, v, move.to, user.userId);
    return readVisit(tx, user, v.id);
  });
}

/**
 * The rotation's suggestion for a walk-in at this store: after whoever was assigned last today, the
 * next consultant not busy (a visit 已分诊 or 面诊中 today); null without a rotation.
 */
export async function suggestConsultant(
  db: Db,
  storeId: number,
): Promise<{ userId: number | null; realname: string | null }> {
  await loadStore(db, storeId);
  // Disabled users leave the turn.
  const inRotation = await rotationMembers(db, storeId);
  const active = inRotation.length
    ? await queryRows<{ id: number }>(
        db,
        sql`select user_id as id from sys_user where status = 1 and user_id = any(${`{${inRotation.join(',')}}`}::int[])`,
      )
    : [];
  const activeIds = new Set(active.map((a) => Number(a.id)));
  const members = inRotation.filter((id) => activeIds.has(id));
  if (members.length === 0) return { userId: null, realname: null };
  const ids = sql`${`{${members.join(',')}}`}::int[]`;
  const [last] = await queryRows<{ id: number }>(
    db,
    sql`select v.consultant_id as id from clinic_visit v
        where v.store_id = ${storeId} and v.assigned_time is not null and v.consultant_id = any(${ids})
          and ${arrivedToday('v')}
        order by v.assigned_time desc, v.visit_id desc limit 1`,
  );
  const busy = await queryRows<{ id: number }>(
    db,
    sql`select distinct v.consultant_id as id from clinic_visit v
        where v.consultant_id = any(${ids}) and v.status in (${VisitStatus.triaged}, ${VisitStatus.consulting})
          and ${arrivedToday('v')}`,
  );
  const next = nextConsultant(members, last ? Number(last.id) : null, new Set(busy.map((b) => Number(b.id))));
  if (next === null) return { userId: null, realname: null };
  const [u] = await queryRows<{ realname: string }>(db, sql`select realname from sys_user where user_id = ${next}`);
  return { userId: next, realname: u?.realname ?? null };
}
