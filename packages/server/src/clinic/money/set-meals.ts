import {
  checkSalesSplit,
  checkSetMeal,
  fenOf,
  formatTime,
  mealActive,
  OrderMsg,
  type OrderSetMeal,
  type SetMealLineInput,
  SetMealMsg,
  type StoredMeal,
} from '@crm/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.ts';
import { queryRows } from '../../core/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inList } from '../../org/sql-lists.ts';
import { discountOf, type PricedLine, requirePeopleAndDepts } from './pricing.ts';

/**
 * Set-meal lines of an order (docs/clinic-money.md "Set meals"): each chosen set meal is checked
 * against the stored one (shared `checkSetMeal`: active today, the items and their in-meal prices,
 * the total, splittable, price-editable) and becomes one line per item, the group's deal price
 * spread over the items. The lines are ordinary project lines that also name their set meal, so
 * the charge makes a deal record per item as for any line.
 */

type MealRow = {
  set_meal_id: number;
  name: string;
  splittable: boolean;
  price_editable: boolean;
  active_from: string | null;
  active_to: string | null;
  total: string;
  enabled: boolean;
};
type ItemRow = {
  set_meal_id: number;
  project_id: number;
  sessions: number;
  price: string;
  project_name: string;
  list_price: string;
  validity_months: number;
  settle_dept_id: number | null;
  counts_as_deal: boolean;
  project_enabled: boolean;
};

const day = (d: unknown) => (d == null ? null : String(d).slice(0, 10));

async function loadMeals(db: Tx, where: ReturnType<typeof sql>) {
  const meals = await queryRows<MealRow>(
    db,
    sql`select set_meal_id, name, splittable, price_editable, active_from, active_to, total, enabled
        from clinic_set_meal where ${where} order by sort, set_meal_id`,
  );
  const ids = meals.map((m) => Number(m.set_meal_id));
  const items = ids.length
    ? await queryRows<ItemRow>(
        db,
        sql`select i.set_meal_id, i.project_id, i.sessions, i.price, p.project_name, p.price as list_price,
              p.validity_months, p.settle_dept_id, p.counts_as_deal, p.enabled as project_enabled
            from clinic_set_meal_item i join crm_project p on p.project_id = i.project_id
            where i.set_meal_id in ${inList(ids)} order by i.set_meal_id, i.position`,
      )
    : [];
  return meals.map((m) => ({ meal: m, items: items.filter((i) => Number(i.set_meal_id) === Number(m.set_meal_id)) }));
}

const storedOf = (m: MealRow, items: ItemRow[]): StoredMeal => ({
  name: m.name,
  enabled: m.enabled,
  activeFrom: day(m.active_from),
  activeTo: day(m.active_to),
  splittable: m.splittable,
  priceEditable: m.price_editable,
  total: fenOf(m.total),
  items: items.map((i) => ({ projectId: Number(i.project_id), sessions: Number(i.sessions), price: fenOf(i.price) })),
});

/** Prices and checks the chosen set meals on the company's business day; refusals name the set meal. */
export async function priceSetMeals(tx: Tx, input: readonly SetMealLineInput[]): Promise<PricedLine[]> {
  if (input.length === 0) return [];
  const today = formatTime(new Date()).slice(0, 10);
  const ids = input.map((g) => g.setMealId);
  const loaded = await loadMeals(tx, sql`set_meal_id in ${inList([...new Set(ids)])}`);
  const byId = new Map(loaded.map((l) => [Number(l.meal.set_meal_id), l]));
  await requirePeopleAndDepts(
    tx,
    input.flatMap((g) => g.salespeople.map((s) => s.userId)),
    input.map((g) => g.deptId),
  );
  // The same set meal may come twice (two courses): each group is checked and priced on its own.
  return input.flatMap((group, g) => {
    const found = byId.get(group.setMealId);
    if (!found) throw badRequest(SetMealMsg.missing);
    const checked = checkSetMeal(
      storedOf(found.meal, found.items),
      { items: group.items, dealPrice: group.dealPrice },
      today,
    );
    if (!checked.ok) throw badRequest(checked.msg);
    const split = checkSalesSplit(group.salespeople);
    if (!split.ok) throw badRequest(split.msg);
    // Each sent item is the stored item it matched: the same project, sessions and price, in order.
    const remaining = [...found.items];
    return group.items.map((sent, k) => {
      const at = remaining.findIndex(
        (r) =>
          Number(r.project_id) === sent.projectId &&
          Number(r.sessions) === sent.sessions &&
          fenOf(r.price) === sent.price,
      );
      const item = remaining.splice(0, at + 1).at(-1)!;
      if (!item.project_enabled) throw badRequest(OrderMsg.projectDisabled.replace('{name}', item.project_name));
      const inMeal = fenOf(item.price);
      const dealPrice = checked.value.dealPrices[k]!;
      return {
        projectId: sent.projectId,
        setMealId: group.setMealId,
        setMealGroup: g + 1,
        name: item.project_name,
        quantity: 1,
        sessions: sent.sessions,
        // The set meal's price is the item's list and usual price here; the floor applies to it.
        price: inMeal,
        salesPrice: inMeal,
        minPrice: 0,
        dealPrice,
        discount: discountOf(dealPrice, inMeal),
        deptId: group.deptId ?? (item.settle_dept_id === null ? null : Number(item.settle_dept_id)),
        countsAsDeal: item.counts_as_deal,
        validityMonths: Number(item.validity_months),
        salespeople: split.value,
      } satisfies PricedLine;
    });
  });
}

/** `/clinic/order/setMeals`: the set meals that may be sold today (enabled, in their active period), with items. */
export async function sellableSetMeals(db: Db): Promise<OrderSetMeal[]> {
  const today = formatTime(new Date()).slice(0, 10);
  const loaded = await loadMeals(db, sql`enabled`);
  return loaded
    .map(({ meal, items }) => ({ meal, items, stored: storedOf(meal, items) }))
    .filter(({ stored, items }) => mealActive(stored, today) && items.every((i) => i.project_enabled))
    .map(({ meal, items, stored }) => ({
      setMealId: Number(meal.set_meal_id),
      name: meal.name,
      splittable: stored.splittable,
      priceEditable: stored.priceEditable,
      activeFrom: stored.activeFrom,
      activeTo: stored.activeTo,
      total: stored.total,
      items: items.map((i) => ({
        projectId: Number(i.project_id),
        name: i.project_name,
        sessions: Number(i.sessions),
        price: fenOf(i.price),
        listPrice: fenOf(i.list_price),
        settleDeptId: i.settle_dept_id === null ? null : Number(i.settle_dept_id),
      })),
    }));
}
