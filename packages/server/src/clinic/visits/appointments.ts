import {
  type AppointmentCreateInput,
  type AppointmentData,
  AppointmentStatus,
  type AppointmentUpdateInput,
  appointmentMove,
  type BookingSettings,
  doubleBooking,
  formatTime,
  minutesOf,
  VisitMsg,
  withinHours,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import { customerServerKind } from '../../crm/customer/kind.ts';
import { loadRecord } from '../../crm/records/access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { readAppointment, readAppointments } from './read.ts';
import { loadStore } from './store.ts';

/**
 * Booking (/Booking_management): create, move, confirm, cancel, a customer's history. Every call
 * checks the customer's data scope (loadRecord) and the appointment's state (appointmentMove);
 * a doctor's overlapping bookings are refused unless the store allows double booking.
 */

const MINUTE = 60_000;

/** Live bookings hold their time: 待确认, 已确认 and 已到店. */
const holdingTime = [AppointmentStatus.pending, AppointmentStatus.confirmed, AppointmentStatus.arrived];

type Placing = {
  doctorId: number | null;
  consultantId: number | null;
  technicianId: number | null;
  deptId: number | null;
  room: string;
};

/** People must be active users, the department must exist, the room must be one of the store's. */
async function checkPlacing(tx: Tx, store: BookingSettings, p: Placing) {
  const people = [p.doctorId, p.consultantId, p.technicianId].filter((x): x is number => x !== null);
  if (people.length) {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`select user_id as id from sys_user where status = 1 and user_id = any(${`{${people.join(',')}}`}::int[])`,
    );
    const found = new Set(rows.map((r) => Number(r.id)));
    if (people.some((id) => !found.has(id))) throw badRequest(VisitMsg.userMissing);
  }
  if (p.deptId !== null) {
    const [d] = await queryRows(tx, sql`select 1 from sys_dept where dept_id = ${p.deptId}`);
    if (!d) throw badRequest(VisitMsg.deptMissing);
  }
  if (p.room !== '' && !store.rooms.includes(p.room)) throw badRequest(VisitMsg.roomMissing);
}

/** Within the store's hours on one day of the company's calendar. */
function checkHours(store: BookingSettings, start: Date, end: Date) {
  const s = formatTime(start);
  const e = formatTime(end);
  const startMin = minutesOf(s.slice(11, 16))!;
  // An end at midnight is the next day's 00:00: past any closing time.
  const endMin = e.slice(0, 10) === s.slice(0, 10) ? minutesOf(e.slice(11, 16))! : 24 * 60;
  const hours = { open: store.opening, close: store.closing, slotMinutes: store.slotMinutes };
  if (!withinHours(hours, startMin, endMin) || (end.getTime() - start.getTime()) % MINUTE !== 0)
    throw badRequest(VisitMsg.outsideHours);
}

/**
 * 该医生在此时段已有预约 unless the store allows double booking. The doctor's advisory lock makes
 * two desks booking one doctor at once take turns, so both cannot pass the check.
 */
async function checkDoubleBooking(
  tx: Tx,
  store: BookingSettings,
  candidate: { id: number; doctorId: number | null; start: Date; end: Date },
) {
  if (candidate.doctorId === null || store.doubleBooking) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`clinic:doctor:${candidate.doctorId}`}))`);
  const rows = await queryRows<{ id: number; start_time: Date; end_time: Date }>(
    tx,
    sql`select appointment_id as id, start_time, end_time from clinic_appointment
        where doctor_id = ${candidate.doctorId} and status = any(${`{${holdingTime.join(',')}}`}::smallint[])
          and start_time < ${candidate.end.toISOString()}::timestamptz
          and end_time > ${candidate.start.toISOString()}::timestamptz`,
  );
  const others = rows.map((r) => ({
    id: Number(r.id),
    doctorId: candidate.doctorId,
    start: new Date(r.start_time).getTime(),
    end: new Date(r.end_time).getTime(),
  }));
  const mine = { ...candidate, start: candidate.start.getTime(), end: candidate.end.getTime() };
  if (doubleBooking(mine, others)) throw badRequest(VisitMsg.doubleBooked);
}

export async function createAppointment(
  db: Db,
  user: SessionUser,
  input: AppointmentCreateInput,
): Promise<AppointmentData> {
  return db.transaction(async (tx) => {
    // A double click: the same batch answers the first booking (its maker only).
    const first = async () => {
      const [row] = await queryRows<{ id: number; by: number }>(
        tx,
        sql`select appointment_id as id, create_user_id as by from clinic_appointment where batch_id = ${input.batchId}`,
      );
      if (row && Number(row.by) !== user.userId) throw badRequest(VisitMsg.batchTaken);
      return row ? readAppointment(tx, user, Number(row.id)) : null;
    };
    const done = await first();
    if (done) return done;
    await loadRecord(tx, customerServerKind, user, input.customerId, 'read');
    const store = await loadStore(tx, input.storeId);
    await checkPlacing(tx, store, input);
    const start = input.startTime;
    const end = new Date(start.getTime() + (input.minutes ?? store.slotMinutes) * MINUTE);
    checkHours(store, start, end);
    await checkDoubleBooking(tx, store, { id: 0, doctorId: input.doctorId, start, end });
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into clinic_appointment (customer_id, store_id, kind, start_time, end_time, doctor_id, consultant_id,
            technician_id, dept_id, room, project_ids, remark, batch_id, create_user_id)
          values (${input.customerId}, ${input.storeId}, ${input.kind}, ${start.toISOString()}::timestamptz,
            ${end.toISOString()}::timestamptz, ${input.doctorId}, ${input.consultantId}, ${input.technicianId},
            ${input.deptId}, ${input.room}, ${JSON.stringify(input.projectIds)}::jsonb, ${input.remark},
            ${input.batchId}, ${user.userId})
          on conflict (batch_id) do nothing returning appointment_id as id`,
    );
    // A twin committed meanwhile: answer it.
    if (!row) return (await first())!;
    return readAppointment(tx, user, Number(row.id));
  });
}

type Locked = {
  id: number;
  customer_id: number;
  store_id: number;
  status: number;
  start_time: Date;
  end_time: Date;
  doctor_id: number | null;
  consultant_id: number | null;
  technician_id: number | null;
  dept_id: number | null;
  room: string;
  visit_id: number | null;
};

/** The appointment under its row lock, after the customer's data scope: 预约不存在 / 无权访问. */
export async function lockAppointment(tx: Tx, user: SessionUser, id: number): Promise<Locked> {
  const [row] = await queryRows<Locked>(
    tx,
    sql`select appointment_id as id, customer_id, store_id, status, start_time, end_time, doctor_id, consultant_id,
          technician_id, dept_id, room, visit_id
        from clinic_appointment where appointment_id = ${id} for update`,
  );
  if (!row) throw notFound(VisitMsg.appointmentMissing);
  await loadRecord(tx, customerServerKind, user, Number(row.customer_id), 'read');
  return { ...row, status: Number(row.status), store_id: Number(row.store_id) };
}

/** Move in time or to another column, or change who and what; the checks run again on the result. */
export async function updateAppointment(
  db: Db,
  user: SessionUser,
  input: AppointmentUpdateInput,
): Promise<AppointmentData> {
  return db.transaction(async (tx) => {
    const a = await lockAppointment(tx, user, input.appointmentId);
    const move = appointmentMove(a.status, 'update');
    if (!move.ok) throw badRequest(move.msg);
    const store = await loadStore(tx, a.store_id);
    const next: Placing = {
      doctorId: input.doctorId === undefined ? a.doctor_id : input.doctorId,
      consultantId: input.consultantId === undefined ? a.consultant_id : input.consultantId,
      technicianId: input.technicianId === undefined ? a.technician_id : input.technicianId,
      deptId: input.deptId === undefined ? a.dept_id : input.deptId,
      room: input.room === undefined ? a.room : input.room,
    };
    await checkPlacing(tx, store, next);
    const start = input.startTime ?? new Date(a.start_time);
    const length = input.minutes ?? (new Date(a.end_time).getTime() - new Date(a.start_time).getTime()) / MINUTE;
    const end = new Date(start.getTime() + length * MINUTE);
    checkHours(store, start, end);
    await checkDoubleBooking(tx, store, { id: a.id, doctorId: next.doctorId, start, end });
    await tx.execute(sql`update clinic_appointment set start_time = ${start.toISOString()}::timestamptz,
        end_time = ${end.toISOString()}::timestamptz, doctor_id = ${next.doctorId}, consultant_id = ${next.consultantId},
        technician_id = ${next.technicianId}, dept_id = ${next.deptId}, room = ${next.room},
        kind = coalesce(${input.kind ?? null}::smallint, kind), remark = coalesce(${input.remark ?? null}::text, remark),
        update_time = now()
      where appointment_id = ${a.id}`);
    return readAppointment(tx, user, a.id);
  });
}

/**
 * 确认 or 取消: a move whose target the appointment already has answers it unchanged (a double
 * click); any other wrong state is refused with its message.
 */
export async function setAppointmentStatus(
  db: Db,
  user: SessionUser,
  id: number,
  action: 'confirm' | 'cancel',
  reason = '',
): Promise<AppointmentData> {
  return db.transaction(async (tx) => {
    const a = await lockAppointment(tx, user, id);
    const target = action === 'confirm' ? AppointmentStatus.confirmed : AppointmentStatus.cancelled;
    if (a.status === target) return readAppointment(tx, user, a.id);
    const move = appointmentMove(a.status, action);
    if (!move.ok) throw badRequest(move.msg);
    await tx.execute(sql`update clinic_appointment set status = ${move.to},
        cancel_reason = ${action === 'cancel' ? reason : sql`cancel_reason`}, update_time = now()
      where appointment_id = ${a.id}`);
    return readAppointment(tx, user, a.id);
  });
}

/** A customer's bookings, newest first (the customer's data scope decides). */
export async function customerHistory(db: Db, user: SessionUser, customerId: number): Promise<AppointmentData[]> {
  await loadRecord(db, customerServerKind, user, customerId, 'read');
  return readAppointments(db, user, sql`a.customer_id = ${customerId}`, {
    order: sql`a.start_time desc, a.appointment_id desc`,
    limit: 500,
    scoped: false,
  });
}
