import {
  cutoffMessage,
  cutoffOf,
  fenOf,
  MEAL_MANAGE,
  type MealCancelInput,
  MealMsg,
  type MealOrder,
  type MealOrderInput,
  mealMsg,
  mealNames,
  mealOpen,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import { hasPermission } from '../../core/access.ts';
import { scopeCondition } from '../../core/data-scope.ts';
import { badRequest, forbidden } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { loadMealStore } from './stores.ts';

/**
 * Ordering and cancelling a meal. One order per person, day and meal (the unique index), so a
 * double click answers the order already made; both are refused from the store's cut-off on.
 * Ordering for someone else is the canteen manager's, within their data scope.
 */

type OrderRow = {
  order_id: number;
  user_id: number;
  realname: string;
  store_id: number;
  day: string;
  meal: number;
  price: string | null;
  create_time: Date | string;
};

const toOrder = (r: OrderRow): MealOrder => ({
  orderId: Number(r.order_id),
  userId: Number(r.user_id),
  realname: r.realname,
  storeId: Number(r.store_id),
  day: r.day,
  meal: Number(r.meal),
  price: r.price === null ? null : fenOf(r.price),
  createTime: r.create_time as string,
});

const selectOrder = sql`select o.order_id, o.user_id, u.realname, o.store_id, o.day::text as day, o.meal,
  o.price::text as price, o.create_time from oa_meal_order o join sys_user u on u.user_id = o.user_id`;

/** Whom the call is for: the caller, or a colleague the canteen manager may see (an active user). */
async function eaterOf(tx: Tx, user: SessionUser, userId: number | undefined): Promise<{ id: number; name: string }> {
  const id = userId ?? user.userId;
  if (id !== user.userId && !hasPermission(user, MEAL_MANAGE)) throw forbidden(MealMsg.othersForbidden);
  const scope = id === user.userId ? undefined : scopeCondition(user, MEAL_MANAGE, sql`u.user_id`);
  const [row] = await queryRows<{ id: number; name: string; visible: boolean }>(
    tx,
    sql`select u.user_id as id, u.realname as name, ${scope ?? sql`true`} as visible
      from sys_user u where u.user_id = ${id} and u.status = 1`,
  );
  if (!row) throw badRequest(MealMsg.userMissing);
  if (!row.visible) throw forbidden(MealMsg.userOutOfScope);
  return { id: Number(row.id), name: row.name };
}

export async function placeMealOrder(db: Db, user: SessionUser, input: MealOrderInput): Promise<MealOrder> {
  return db.transaction(async (tx) => {
    const store = await loadMealStore(tx, input.storeId);
    const eater = await eaterOf(tx, user, input.userId);
    const meal = mealNames[input.meal]!;
    const [menu] = await queryRows<{ price: string | null }>(
      tx,
      sql`select price::text as price from oa_meal_menu
        where store_id = ${store.storeId} and day = ${input.day} and meal = ${input.meal}`,
    );
    if (!menu) throw badRequest(mealMsg(MealMsg.noMenu, { day: input.day, store: store.storeName, meal }));
    const cutoff = cutoffOf(store, input.meal);
    if (!mealOpen(input.day, cutoff)) throw badRequest(cutoffMessage(cutoff));
    await tx.execute(sql`insert into oa_meal_order (user_id, store_id, day, meal, price, create_user_id)
      values (${eater.id}, ${store.storeId}, ${input.day}, ${input.meal}, ${menu.price}::numeric, ${user.userId})
      on conflict (user_id, day, meal) do nothing`);
    const [order] = await queryRows<OrderRow>(
      tx,
      sql`${selectOrder} where o.user_id = ${eater.id} and o.day = ${input.day} and o.meal = ${input.meal}`,
    );
    // Already ordered: here it is the same order again (a double click); elsewhere it is refused.
    if (Number(order!.store_id) !== store.storeId) {
      const other = await loadMealStore(tx, Number(order!.store_id));
      throw badRequest(
        mealMsg(MealMsg.orderedElsewhere, { name: eater.name, store: other.storeName, day: input.day, meal }),
      );
    }
    return toOrder(order!);
  });
}

export async function cancelMealOrder(db: Db, user: SessionUser, input: MealCancelInput): Promise<void> {
  await db.transaction(async (tx) => {
    const eater = await eaterOf(tx, user, input.userId);
    const [order] = await queryRows<{ order_id: number; store_id: number }>(
      tx,
      sql`select order_id, store_id from oa_meal_order
        where user_id = ${eater.id} and day = ${input.day} and meal = ${input.meal} for update`,
    );
    if (!order) throw badRequest(MealMsg.noOrder);
    const cutoff = cutoffOf(await loadMealStore(tx, Number(order.store_id)), input.meal);
    if (!mealOpen(input.day, cutoff)) throw badRequest(cutoffMessage(cutoff));
    await tx.execute(sql`delete from oa_meal_order where order_id = ${order.order_id}`);
  });
}
