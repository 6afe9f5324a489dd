import {
  type BedAction,
  type BedData,
  BedLogKind,
  type BedSaveInput,
  BedStatus,
  bedMove,
  followUpDay,
  formatTime,
  type WardBoardData,
  WardMsg,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest, conflict, notFound } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { customersAs } from '../visits/read.ts';
import { loadStore } from '../visits/store.ts';
import { logBed } from './bed-log.ts';

/**
 * Beds of a store's rooms (the rooms of its booking settings) and the bed board: each bed's state
 * and who is in it. A bed changes only under its row lock and through the shared `bedMove`.
 */

type BedRow = { id: number; store_id: number; room: string; number: string; status: number; remark: string };

export async function lockBed(tx: Tx, bedId: number): Promise<BedRow> {
  const [row] = await queryRows<BedRow>(
    tx,
    sql`select bed_id as id, store_id, room, number, status, remark from clinic_bed where bed_id = ${bedId} for update`,
  );
  if (!row) throw notFound(WardMsg.bedMissing);
  return { ...row, id: Number(row.id), store_id: Number(row.store_id), status: Number(row.status) };
}

/** The bed's state after `action`; an occupied bed asked to take someone answers 床位已被占用. */
export function moveBed(bed: BedRow, action: BedAction): number {
  const move = bedMove(bed.status, action);
  if (move.ok) return move.to;
  if ((action === 'admit' || action === 'moveIn') && bed.status === BedStatus.occupied)
    throw badRequest(WardMsg.bedTaken);
  throw badRequest(move.msg);
}

export const setBedStatus = (tx: Tx, bedId: number, status: number) =>
  tx.execute(sql`update clinic_bed set status = ${status}, update_time = now() where bed_id = ${bedId}`);

const DAY = 86_400_000;
/** Calendar days between two company-zone days. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/**
 * Beds matching `where` (on `b`) with their occupant, read with the customer as the viewer may read
 * it: a customer outside the viewer's scope shows as an occupied bed without a name.
 */
async function readBeds(tx: Tx, user: SessionUser, where: ReturnType<typeof sql>): Promise<BedData[]> {
  const c = await customersAs(tx, user);
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select b.bed_id, b.store_id, b.room, b.number, b.status, b.remark,
          a.admission_id, a.visit_id, a.customer_id, a.doctor_id, a.nurse_id, a.admitted_time, a.expected_days,
          (c.customer_id is not null and ${c.scope}) as readable, c.customer_name, c.mobile,
          (select realname from sys_user where user_id = a.doctor_id) as doctor_name,
          (select realname from sys_user where user_id = a.nurse_id) as nurse_name
        from clinic_bed b
        left join clinic_admission a on a.bed_id = b.bed_id and a.status = 1
        left join ${c.from} on c.customer_id = a.customer_id
        where ${where}
        order by b.room, b.bed_id`,
  );
  const today = formatTime(new Date()).slice(0, 10);
  return rows.map((r) => {
    const admitted = r.admitted_time == null ? null : new Date(r.admitted_time as string | Date);
    return {
      bedId: Number(r.bed_id),
      storeId: Number(r.store_id),
      room: String(r.room),
      number: String(r.number),
      status: Number(r.status),
      remark: String(r.remark ?? ''),
      occupant:
        r.admission_id == null || !admitted
          ? null
          : {
              admissionId: Number(r.admission_id),
              visitId: Number(r.visit_id),
              customerId: Number(r.customer_id),
              customerName: r.readable ? String(r.customer_name ?? '') : '',
              mobile: r.readable ? String(r.mobile ?? '') : '',
              doctorId: Number(r.doctor_id),
              doctorName: (r.doctor_name as string | null) ?? null,
              nurseId: Number(r.nurse_id),
              nurseName: (r.nurse_name as string | null) ?? null,
              admittedTime: admitted,
              expectedDays: Number(r.expected_days),
              expectedDischarge: followUpDay(admitted, Number(r.expected_days)),
              days: daysBetween(formatTime(admitted).slice(0, 10), today) + 1,
            },
    };
  });
}

export async function readBed(tx: Tx, user: SessionUser, bedId: number): Promise<BedData> {
  const [bed] = await readBeds(tx, user, sql`b.bed_id = ${bedId}`);
  if (!bed) throw notFound(WardMsg.bedMissing);
  return bed;
}

/** Numbers as people count them: 2 before 10. */
const byNumber = (a: BedData, b: BedData) => a.number.localeCompare(b.number, 'zh', { numeric: true });

/** The bed board of a store: its rooms in the settings' order (then rooms only beds still name). */
export async function readBoard(db: Db, user: SessionUser, storeId: number): Promise<WardBoardData> {
  const store = await loadStore(db, storeId);
  const beds = await readBeds(db, user, sql`b.store_id = ${storeId}`);
  const names = [...store.rooms, ...new Set(beds.map((b) => b.room).filter((r) => !store.rooms.includes(r)))];
  const rooms = names.map((room) => ({ room, beds: beds.filter((b) => b.room === room).sort(byNumber) }));
  const counts: Record<string, number> = {};
  for (const b of beds) counts[String(b.status)] = (counts[String(b.status)] ?? 0) + 1;
  return { storeId, storeName: store.storeName, rooms, counts };
}

/** Reserve a free bed or release a reserved one; asking again for the state it is in changes nothing. */
export async function reserveBed(
  db: Db,
  user: SessionUser,
  bedId: number,
  action: 'reserve' | 'release',
  remark?: string,
): Promise<BedData> {
  return db.transaction(async (tx) => {
    const bed = await lockBed(tx, bedId);
    const target = action === 'reserve' ? BedStatus.reserved : BedStatus.free;
    if (bed.status !== target) {
      await setBedStatus(tx, bed.id, moveBed(bed, action));
      const kind = action === 'reserve' ? BedLogKind.reserve : BedLogKind.release;
      await logBed(tx, { kind, bedId: bed.id, userId: user.userId, remark: action === 'reserve' ? remark : '' });
    }
    if (action === 'reserve' && remark !== undefined)
      await tx.execute(sql`update clinic_bed set remark = ${remark} where bed_id = ${bed.id}`);
    return readBed(tx, user, bed.id);
  });
}

/** Add or edit a bed of one of the store's rooms (the store's settings holder). */
export async function saveBed(db: Db, user: SessionUser, input: BedSaveInput): Promise<BedData> {
  return db.transaction(async (tx) => {
    const store = await loadStore(tx, input.storeId);
    if (!store.rooms.includes(input.room)) throw badRequest(WardMsg.roomMissing);
    let id = input.bedId;
    if (id !== undefined) {
      const bed = await lockBed(tx, id);
      if (bed.store_id !== input.storeId) throw badRequest(WardMsg.otherStore);
      // A patient's bed keeps its place: the board and the nurse would lose them.
      if (bed.status === BedStatus.occupied && (bed.room !== input.room || bed.number !== input.number))
        throw badRequest('床位使用中，不能修改病房或床号');
    }
    const [twin] = await queryRows<{ id: number }>(
      tx,
      sql`select bed_id as id from clinic_bed where store_id = ${input.storeId} and room = ${input.room}
          and number = ${input.number} and bed_id <> ${id ?? 0}`,
    );
    if (twin) throw conflict(WardMsg.numberTaken);
    if (id === undefined) {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into clinic_bed (store_id, room, number, remark)
            values (${input.storeId}, ${input.room}, ${input.number}, ${input.remark}) returning bed_id as id`,
      );
      id = Number(row!.id);
    } else {
      await tx.execute(sql`update clinic_bed set room = ${input.room}, number = ${input.number}, remark = ${input.remark},
          update_time = now() where bed_id = ${id}`);
    }
    return readBed(tx, user, id);
  });
}

/** Take a bed out of use (only when nobody is in it) or back into use; again changes nothing. */
export async function setBedEnabled(db: Db, user: SessionUser, bedId: number, enabled: boolean): Promise<BedData> {
  return db.transaction(async (tx) => {
    const bed = await lockBed(tx, bedId);
    const isEnabled = bed.status !== BedStatus.disabled;
    if (isEnabled !== enabled) {
      await setBedStatus(tx, bed.id, moveBed(bed, enabled ? 'enable' : 'disable'));
      const kind = enabled ? BedLogKind.enable : BedLogKind.disable;
      await logBed(tx, { kind, bedId: bed.id, userId: user.userId });
    }
    return readBed(tx, user, bed.id);
  });
}
