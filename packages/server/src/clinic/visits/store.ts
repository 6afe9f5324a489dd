import { type BookingSettings, type BookingSettingsInput, VisitMsg } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Stores: a clinic location is a department with a booking settings row (docs/decisions.md
 * "Clinic stores are departments"). Its hours, slot length, double booking and rooms live there.
 */

type Row = {
  store_id: number;
  name: string;
  open_time: string;
  close_time: string;
  slot_minutes: number;
  double_booking: boolean;
  rooms: string[];
};

const toSettings = (r: Row): BookingSettings => ({
  storeId: Number(r.store_id),
  storeName: r.name,
  opening: r.open_time,
  closing: r.close_time,
  slotMinutes: Number(r.slot_minutes),
  doubleBooking: r.double_booking,
  rooms: r.rooms ?? [],
});

const selectStores = sql`select s.*, d.name from clinic_booking_setting s join sys_dept d on d.dept_id = s.store_id`;

/** Every store, by department order. */
export async function listStores(db: Tx): Promise<BookingSettings[]> {
  const rows = await queryRows<Row>(db, sql`${selectStores} order by d.sort, d.dept_id`);
  return rows.map(toSettings);
}

/** One store's settings, or 门店不存在或未开通预约. */
export async function loadStore(tx: Tx, storeId: number): Promise<BookingSettings> {
  const [row] = await queryRows<Row>(tx, sql`${selectStores} where s.store_id = ${storeId}`);
  if (!row) throw badRequest(VisitMsg.storeMissing);
  return toSettings(row);
}

/** Open a department as a store, or change its settings (an upsert: saving twice is one row). */
export async function saveStore(db: Db, input: BookingSettingsInput): Promise<BookingSettings> {
  return db.transaction(async (tx) => {
    const [dept] = await queryRows<{ id: number }>(
      tx,
      sql`select dept_id as id from sys_dept where dept_id = ${input.storeId}`,
    );
    if (!dept) throw badRequest(VisitMsg.deptMissing);
    await tx.execute(sql`insert into clinic_booking_setting
        (store_id, open_time, close_time, slot_minutes, double_booking, rooms)
      values (${input.storeId}, ${input.opening}, ${input.closing}, ${input.slotMinutes},
        ${input.doubleBooking}, ${JSON.stringify(input.rooms)}::jsonb)
      on conflict (store_id) do update set open_time = excluded.open_time, close_time = excluded.close_time,
        slot_minutes = excluded.slot_minutes, double_booking = excluded.double_booking, rooms = excluded.rooms,
        update_time = now()`);
    return loadStore(tx, input.storeId);
  });
}
