import {
  discountFloorFen,
  fenToYuan,
  type OrderInfoLine,
  type OrderSetMeal,
  setMealDealPrices,
  splitTotal,
} from '@crm/shared';
import type { SalesShare } from '../lines';

/**
 * A set meal on the 开单 form: its items at their in-meal prices as one group. The group's deal
 * price is the items' total unless the set meal is price-editable; it is spread over the items by
 * the shared `setMealDealPrices`, the same arithmetic the save uses. A set meal that is not
 * splittable keeps every item (the group is removed as a whole).
 */
export type MealGroup = {
  key: string;
  setMealId: number;
  name: string;
  splittable: boolean;
  priceEditable: boolean;
  /** `key`: the item's place in the set meal, stable when a splittable meal loses an item. */
  items: { key: string; projectId: number; name: string; sessions: number; price: number }[];
  /** The group's deal price in fen; null: the items' total. */
  dealPrice: number | null;
  deptId: number | null;
  salespeople: SalesShare[];
};

let seq = 0;
const nextKey = () => `meal-${++seq}`;

export function groupOf(m: OrderSetMeal, me: { userId: number; realname: string }): MealGroup {
  return {
    key: nextKey(),
    setMealId: m.setMealId,
    name: m.name,
    splittable: m.splittable,
    priceEditable: m.priceEditable,
    items: m.items.map((i, k) => ({
      key: String(k),
      projectId: i.projectId,
      name: i.name,
      sessions: i.sessions,
      price: i.price,
    })),
    dealPrice: null,
    deptId: null,
    salespeople: [{ userId: me.userId, name: me.realname, rate: 100 }],
  };
}

export const groupTotal = (g: MealGroup) => g.items.reduce((s, i) => s + i.price, 0);
export const groupDealPrice = (g: MealGroup) => Math.min(g.dealPrice ?? groupTotal(g), groupTotal(g));
/** Each item's share of the group's deal price (fen, the remainder on the last). */
export const groupItemPrices = (g: MealGroup) =>
  setMealDealPrices(
    groupDealPrice(g),
    g.items.map((i) => i.price),
  );

/** Whether any item of the group falls below the user's floor (rate of 执行价 = the in-meal price). */
export const groupBelowFloor = (g: MealGroup, rate: number | null | undefined) => {
  if (rate === undefined) return false;
  const prices = groupItemPrices(g);
  return g.items.some((item, k) => prices[k]! < discountFloorFen(item.price, rate, 0));
};

/** Without an item (splittable meals); the group's price back to its total, as the page cannot know the intended one. */
export const withoutItem = (g: MealGroup, k: number): MealGroup => ({
  ...g,
  items: g.items.filter((_, j) => j !== k),
  dealPrice: null,
});

/** The groups as `save` and `update` take them (`setMeals`; prices as yuan text). */
export const mealBodies = (groups: readonly MealGroup[]) =>
  groups.map((g) => ({
    setMealId: g.setMealId,
    items: g.items.map((i) => ({ projectId: i.projectId, sessions: i.sessions, price: fenToYuan(i.price) })),
    ...(g.priceEditable && g.dealPrice !== null ? { dealPrice: fenToYuan(groupDealPrice(g)) } : {}),
    deptId: g.deptId,
    salespeople: g.salespeople.map((s) => ({ userId: s.userId, rate: s.rate })),
  }));

export const groupSplitsComplete = (groups: readonly MealGroup[]) =>
  groups.every((g) => splitTotal(g.salespeople) === 100);

/**
 * A saved order's set-meal lines back as groups (editing): the lines of one group (the same set
 * meal twice is two groups, told apart by `setMealGroup`), with the meal's settings from the set
 * meals on sale (a meal no longer on sale is shown fixed; the save refuses it).
 */
export function groupsFromOrder(lines: readonly OrderInfoLine[], meals: readonly OrderSetMeal[]): MealGroup[] {
  const byGroup = new Map<string, OrderInfoLine[]>();
  for (const l of lines) {
    if (l.setMealId == null) continue;
    const key = `${l.setMealId}:${l.setMealGroup ?? 0}`;
    byGroup.set(key, [...(byGroup.get(key) ?? []), l]);
  }
  return [...byGroup.values()].map((ls) => {
    const setMealId = ls[0]!.setMealId!;
    const m = meals.find((x) => x.setMealId === setMealId);
    const total = ls.reduce((s, l) => s + l.price, 0);
    const deal = ls.reduce((s, l) => s + l.dealPrice, 0);
    return {
      key: nextKey(),
      setMealId,
      name: m?.name ?? ls[0]!.name,
      splittable: m?.splittable ?? false,
      priceEditable: m?.priceEditable ?? false,
      items: ls.map((l) => ({
        key: String(l.lineId),
        projectId: l.projectId ?? 0,
        name: l.name,
        sessions: l.sessions,
        price: l.price,
      })),
      dealPrice: deal === total ? null : deal,
      deptId: ls[0]!.deptId,
      salespeople: ls[0]!.salespeople.map((s) => ({ userId: s.userId, name: s.name, rate: s.rate })),
    };
  });
}
