import { z } from 'zod';
import { allocate } from './allocate.ts';
import { type Checked, ok, refuse } from './messages.ts';

/**
 * Set-meal lines on orders (CLINIC.md "Set meal"): a set meal chosen on /openOrders becomes one
 * group of lines, one per item at its in-meal price. The group's deal price is the set meal's
 * total unless the set meal is price-editable; a changed group price is spread over the items in
 * proportion to their in-meal prices (whole fen, the remainder on the last). A set meal that is not
 * splittable is sold whole. The server checks every group against the stored set meal.
 */
export const SetMealMsg = {
  missing: '套餐不存在',
  disabled: '套餐已停用：{name}',
  notActive: '套餐不在有效期内：{name}',
  itemsChanged: '套餐项目或价格与套餐设置不一致：{name}',
  notSplittable: '套餐不可拆分，须包含全部项目：{name}',
  itemsRequired: '请至少保留套餐中的一个项目：{name}',
  priceFixed: '套餐价格不可修改：{name}',
  aboveTotal: '套餐成交价不能高于套餐价：{name}',
} as const;

const named = (msg: string, name: string) => msg.replace('{name}', name);

/** One item of a set meal: its project, sessions and in-meal price (fen). */
export type MealItem = { projectId: number; sessions: number; price: number };

/** A set meal as stored in the settings (setMeal). Dates are `yyyy-MM-dd`, null for open ends. */
export type StoredMeal = {
  name: string;
  enabled: boolean;
  activeFrom: string | null;
  activeTo: string | null;
  splittable: boolean;
  priceEditable: boolean;
  total: number;
  items: MealItem[];
};

/** Whether a set meal may be sold on `day` (the company's business day). */
export const mealActive = (m: Pick<StoredMeal, 'enabled' | 'activeFrom' | 'activeTo'>, day: string) =>
  m.enabled && (m.activeFrom === null || m.activeFrom <= day) && (m.activeTo === null || day <= m.activeTo);

/**
 * Spreads a group's deal price over its items in proportion to their in-meal prices, each rounded
 * toward zero and the fen left over on the last item (`allocate`), so the lines add up exactly.
 */
export function setMealDealPrices(groupPrice: number, itemPrices: readonly number[]): number[] {
  return allocate(groupPrice, itemPrices);
}

/**
 * Checks a chosen group against the stored set meal on `day`: active, the items a subsequence of
 * the stored ones with the same project, sessions and price (all of them when not splittable), the
 * deal price the items' total unless price-editable (then 0 … that total). Answers each item's deal
 * price and the group's total of in-meal prices.
 */
export function checkSetMeal(
  stored: StoredMeal,
  sent: { items: readonly MealItem[]; dealPrice: number | undefined },
  day: string,
): Checked<{ total: number; dealPrice: number; dealPrices: number[] }> {
  const name = stored.name;
  if (!stored.enabled) return refuse(named(SetMealMsg.disabled, name));
  if (!mealActive(stored, day)) return refuse(named(SetMealMsg.notActive, name));
  if (sent.items.length === 0) return refuse(named(SetMealMsg.itemsRequired, name));
  let at = 0;
  for (const item of sent.items) {
    while (at < stored.items.length && !sameItem(stored.items[at]!, item)) at += 1;
    if (at === stored.items.length) return refuse(named(SetMealMsg.itemsChanged, name));
    at += 1;
  }
  if (!stored.splittable && sent.items.length !== stored.items.length) {
    return refuse(named(SetMealMsg.notSplittable, name));
  }
  const total = sent.items.reduce((s, i) => s + i.price, 0);
  // The whole meal is sold at its stored total (the settings wrote it as the items' sum).
  if (sent.items.length === stored.items.length && total !== stored.total) {
    return refuse(named(SetMealMsg.itemsChanged, name));
  }
  const dealPrice = sent.dealPrice ?? total;
  if (dealPrice !== total && !stored.priceEditable) return refuse(named(SetMealMsg.priceFixed, name));
  if (dealPrice > total) return refuse(named(SetMealMsg.aboveTotal, name));
  return ok({
    total,
    dealPrice,
    dealPrices: setMealDealPrices(
      dealPrice,
      sent.items.map((i) => i.price),
    ),
  });
}

const sameItem = (a: MealItem, b: MealItem) =>
  a.projectId === b.projectId && a.sessions === b.sessions && a.price === b.price;

/** `/clinic/order/setMeals`: the set meals an opener may sell today, with their items. Fen. */
export const orderSetMealSchema = z.object({
  setMealId: z.number().int(),
  name: z.string(),
  splittable: z.boolean(),
  priceEditable: z.boolean(),
  activeFrom: z.string().nullable(),
  activeTo: z.string().nullable(),
  total: z.number().int(),
  items: z.array(
    z.object({
      projectId: z.number().int(),
      name: z.string(),
      sessions: z.number().int(),
      /** In-meal price. */
      price: z.number().int(),
      /** The project's 原价 per package, for comparison. */
      listPrice: z.number().int(),
      settleDeptId: z.number().int().nullable(),
    }),
  ),
});
export type OrderSetMeal = z.infer<typeof orderSetMealSchema>;

export const setMealReadContracts = {
  '/clinic/order/setMeals': z.array(orderSetMealSchema),
};
