import { DEFAULT_CUTOFFS, MealMsg, type MealSettingInput, type MealStore } from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';

/**
 * The canteens: every clinic store (a department with a booking settings row, docs/clinic-visits.md)
 * serves meals, with its own cut-offs or the defaults (10:00 lunch, 16:00 dinner).
 */

type Row = { store_id: number; name: string; lunch_cutoff: string | null; dinner_cutoff: string | null };

const toStore = (r: Row): MealStore => ({
  storeId: Number(r.store_id),
  storeName: r.name,
  lunchCutoff: r.lunch_cutoff ?? DEFAULT_CUTOFFS.lunch,
  dinnerCutoff: r.dinner_cutoff ?? DEFAULT_CUTOFFS.dinner,
});

const selectStores = sql`select b.store_id, d.name, m.lunch_cutoff, m.dinner_cutoff
  from clinic_booking_setting b join sys_dept d on d.dept_id = b.store_id
  left join oa_meal_setting m on m.store_id = b.store_id`;

export async function listMealStores(db: Tx): Promise<MealStore[]> {
  return (await queryRows<Row>(db, sql`${selectStores} order by d.sort, d.dept_id`)).map(toStore);
}

/** One store, or 门店不存在或未开通预约. */
export async function loadMealStore(tx: Tx, storeId: number): Promise<MealStore> {
  const [row] = await queryRows<Row>(tx, sql`${selectStores} where b.store_id = ${storeId}`);
  if (!row) throw badRequest(MealMsg.storeMissing);
  return toStore(row);
}

/** Set a store's cut-offs (an upsert: saving twice is one row). */
export async function saveMealSetting(db: Db, user: SessionUser, input: MealSettingInput): Promise<MealStore> {
  return db.transaction(async (tx) => {
    await loadMealStore(tx, input.storeId);
    await tx.execute(sql`insert into oa_meal_setting (store_id, lunch_cutoff, dinner_cutoff, update_user_id)
      values (${input.storeId}, ${input.lunchCutoff}, ${input.dinnerCutoff}, ${user.userId})
      on conflict (store_id) do update set lunch_cutoff = excluded.lunch_cutoff,
        dinner_cutoff = excluded.dinner_cutoff, update_user_id = excluded.update_user_id, update_time = now()`);
    return loadMealStore(tx, input.storeId);
  });
}
