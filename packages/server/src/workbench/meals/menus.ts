import {
  cutoffOf,
  fenOf,
  fenToYuan,
  type MealMenuSaveInput,
  MealMsg,
  type MealWeek,
  type MealWeekInput,
  mealMsg,
  mealNames,
  mealOpen,
  mealTypes,
  todayIn,
  weekDays,
  weekdayOf,
  weekStartOf,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { loadMealStore } from './stores.ts';

/** A store's weekly menu (Monday to Sunday) with the viewer's orders and each meal's count. */

type MenuRow = { day: string; meal: number; dishes: string[]; price: string | null; count: number };
type MineRow = { day: string; meal: number; store_id: number };

export async function mealWeek(db: Tx, user: SessionUser, input: MealWeekInput, now = new Date()): Promise<MealWeek> {
  const store = await loadMealStore(db, input.storeId);
  const monday = weekStartOf(input.day);
  const days = weekDays(monday);
  const sunday = days[6]!;
  const menus = await queryRows<MenuRow>(
    db,
    sql`select m.day::text as day, m.meal, m.dishes, m.price::text as price,
        (select count(*)::int from oa_meal_order o where o.store_id = m.store_id and o.day = m.day and o.meal = m.meal) as count
      from oa_meal_menu m where m.store_id = ${store.storeId} and m.day between ${monday} and ${sunday}`,
  );
  const mine = await queryRows<MineRow>(
    db,
    sql`select day::text as day, meal, store_id from oa_meal_order
      where user_id = ${user.userId} and day between ${monday} and ${sunday}`,
  );
  const key = (day: string, meal: number) => `${day}/${meal}`;
  const menuOf = new Map(menus.map((m) => [key(m.day, Number(m.meal)), m]));
  const mineOf = new Map(mine.map((m) => [key(m.day, Number(m.meal)), Number(m.store_id)]));
  return {
    ...store,
    weekStart: monday,
    today: todayIn(undefined, now),
    days: days.map((day) => ({
      day,
      weekday: weekdayOf(day),
      meals: mealTypes.flatMap((meal) => {
        const m = menuOf.get(key(day, meal));
        if (!m) return [];
        return [
          {
            meal,
            dishes: m.dishes,
            price: m.price === null ? null : fenOf(m.price),
            open: mealOpen(day, cutoffOf(store, meal), now),
            orderStoreId: mineOf.get(key(day, meal)) ?? null,
            count: Number(m.count),
          },
        ];
      }),
    })),
  };
}

/**
 * Save a store's week: the meals listed are served (upserted), the week's others are dropped. A
 * meal somebody ordered cannot be dropped (they would lose a meal without being told): the
 * manager cancels those orders first. One transaction, so a refused save changes nothing.
 */
export async function saveMealMenu(db: Db, user: SessionUser, input: MealMenuSaveInput): Promise<MealWeek> {
  const monday = weekStartOf(input.day);
  const days = new Set(weekDays(monday));
  const seen = new Set<string>();
  for (const s of input.slots) {
    if (!days.has(s.day)) throw badRequest(mealMsg(MealMsg.slotOutsideWeek, { day: s.day }));
    const k = `${s.day}/${s.meal}`;
    if (seen.has(k)) throw badRequest(mealMsg(MealMsg.slotRepeated, { day: s.day, meal: mealNames[s.meal]! }));
    seen.add(k);
  }
  await db.transaction(async (tx) => {
    const store = await loadMealStore(tx, input.storeId);
    // Serialise saves of one store's week with its orders of dropped meals (checked below).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('oa_meal_menu'), ${store.storeId})`);
    const existing = await queryRows<{ day: string; meal: number; orders: number }>(
      tx,
      sql`select m.day::text as day, m.meal,
          (select count(*)::int from oa_meal_order o where o.store_id = m.store_id and o.day = m.day and o.meal = m.meal) as orders
        from oa_meal_menu m where m.store_id = ${store.storeId} and m.day between ${monday} and ${[...days][6]!}`,
    );
    for (const e of existing) {
      if (seen.has(`${e.day}/${e.meal}`)) continue;
      if (Number(e.orders) > 0)
        throw badRequest(
          mealMsg(MealMsg.slotHasOrders, { day: e.day, meal: mealNames[Number(e.meal)]!, n: Number(e.orders) }),
        );
      await tx.execute(
        sql`delete from oa_meal_menu where store_id = ${store.storeId} and day = ${e.day} and meal = ${e.meal}`,
      );
    }
    for (const s of input.slots) {
      const price = s.price === null || s.price === undefined ? null : fenToYuan(s.price);
      await tx.execute(sql`insert into oa_meal_menu (store_id, day, meal, dishes, price, update_user_id)
        values (${store.storeId}, ${s.day}, ${s.meal}, ${JSON.stringify(s.dishes)}::jsonb, ${price}::numeric, ${user.userId})
        on conflict (store_id, day, meal) do update set dishes = excluded.dishes, price = excluded.price,
          update_user_id = excluded.update_user_id, update_time = now()`);
    }
  });
  return mealWeek(db, user, { storeId: input.storeId, day: monday });
}
