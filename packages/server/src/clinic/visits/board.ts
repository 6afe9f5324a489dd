import { type BoardData, type BoardInput, parseTime, slotStarts, VisitMsg, weekOf } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db } from '../../db/client.ts';
import { readAppointments } from './read.ts';
import { loadStore } from './store.ts';

/**
 * The booking board: one store's day or week, one column per doctor, consultant, technician,
 * department or room, the slots from the store's hours, and counts by status. Columns are the
 * store's candidates (bookable doctors, the store's rotation, the store's staff, its departments,
 * its rooms) and anyone already booked; '' collects the bookings without one.
 */

const personColumn = { doctor: 'doctor_id', consultant: 'consultant_id', technician: 'technician_id' } as const;

/** The store's department and its sub-departments (a CTE fragment). */
const storeTree = (storeId: number) => sql`with recursive tree as (
    select dept_id from sys_dept where dept_id = ${storeId}
    union all select d.dept_id from sys_dept d join tree on d.pid = tree.dept_id)`;

async function candidates(
  db: Db,
  column: BoardInput['column'],
  storeId: number,
): Promise<{ key: string; name: string }[]> {
  const named = (rows: { id: number; name: string }[]) => rows.map((r) => ({ key: String(r.id), name: r.name }));
  switch (column) {
    case 'doctor':
      return named(
        await queryRows(
          db,
          sql`select u.user_id as id, u.realname as name from clinic_doctor d join sys_user u on u.user_id = d.user_id
              where d.enabled and d.bookable and u.status = 1 order by d.sort, d.doctor_id`,
        ),
      );
    case 'consultant':
      return named(
        await queryRows(
          db,
          sql`select u.user_id as id, u.realname as name from clinic_rotation r
              join clinic_rotation_member m on m.rotation_id = r.rotation_id join sys_user u on u.user_id = m.user_id
              where r.dept_id = ${storeId} and r.enabled and u.status = 1 order by m.position`,
        ),
      );
    case 'technician':
      return named(
        await queryRows(
          db,
          sql`${storeTree(storeId)} select u.user_id as id, u.realname as name from sys_user u
              where u.status = 1 and u.dept_id in (select dept_id from tree) order by u.user_id`,
        ),
      );
    case 'dept':
      return named(
        await queryRows(
          db,
          sql`${storeTree(storeId)} select d.dept_id as id, d.name from sys_dept d
              where d.dept_id in (select dept_id from tree) order by d.sort, d.dept_id`,
        ),
      );
    default:
      return [];
  }
}

export async function readBoard(db: Db, user: SessionUser, input: BoardInput): Promise<BoardData> {
  const store = await loadStore(db, input.storeId);
  const days = input.span === 'week' ? weekOf(input.day) : [input.day];
  const from = parseTime(`${days[0]} 00:00:00`);
  const last = parseTime(`${days[days.length - 1]} 00:00:00`);
  // The day after the last: the next midnight in the company's zone (a DST day is not 24 h).
  const to = last && parseTime(`${new Date(last.getTime() + 36 * 3_600_000).toISOString().slice(0, 10)} 00:00:00`);
  // A week reaching past the years a time may have (1900–9999).
  if (!from || !to) throw badRequest(VisitMsg.dayInvalid);
  const list = await readAppointments(
    db,
    user,
    sql`a.store_id = ${store.storeId} and a.start_time >= ${from.toISOString()}::timestamptz
        and a.start_time < ${to.toISOString()}::timestamptz`,
  );
  const columnOf = (a: (typeof list)[number]): string => {
    switch (input.column) {
      case 'room':
        return a.room;
      case 'dept':
        return a.deptId === null ? '' : String(a.deptId);
      default: {
        const id = a[`${input.column}Id` as const];
        return id === null ? '' : String(id);
      }
    }
  };
  const columns =
    input.column === 'room'
      ? store.rooms.map((r) => ({ key: r, name: r }))
      : await candidates(db, input.column, store.storeId);
  const known = new Set(columns.map((c) => c.key));
  const placed = list.map((a) => ({ ...a, column: columnOf(a) }));
  for (const a of placed) {
    if (a.column === '' || known.has(a.column)) continue;
    known.add(a.column);
    const name =
      input.column === 'room'
        ? a.room
        : input.column === 'dept'
          ? (a.deptName ?? '')
          : (a[`${input.column as keyof typeof personColumn}Name` as const] ?? '');
    columns.push({ key: a.column, name });
  }
  columns.push({ key: '', name: '未指定' });
  const counts: Record<string, number> = {};
  for (const a of placed) counts[a.status] = (counts[a.status] ?? 0) + 1;
  // What the card draws (boardAnswer): a week holds hundreds of bookings.
  const appointments = placed.map((a) => ({
    appointmentId: a.appointmentId,
    customerId: a.customerId,
    customerName: a.customerName,
    kind: a.kind,
    status: a.status,
    startTime: a.startTime,
    endTime: a.endTime,
    column: a.column,
  }));
  return {
    settings: store,
    days,
    slots: slotStarts({ open: store.opening, close: store.closing, slotMinutes: store.slotMinutes }),
    columns,
    appointments,
    counts,
  };
}
