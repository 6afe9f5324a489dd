import { z } from 'zod';
import { yuanField } from '../clinic/catalogue-yuan.ts';
import { apiTime, noData } from '../contracts/common.ts';
import { idField, intEnum, isDay, optionalId, requiredText } from '../schemas/fields.ts';
import { MealMsg, mealMsg } from './messages.ts';
import { isClock, mealTypes } from './rules.ts';

/** Requests and answers of /OaMeal/* (meal orders, docs/workbench-meals.md). */

export const MAX_DISHES = 20;
export const dishRule = { label: '菜品', max: 30 };

const day = z.string({ error: MealMsg.dayInvalid }).refine(isDay, { error: MealMsg.dayInvalid });
const month = z
  .string({ error: MealMsg.monthInvalid })
  .refine((m) => /^\d{4}-\d{2}$/.test(m) && isDay(`${m}-01`), { error: MealMsg.monthInvalid });
const meal = intEnum(mealTypes, MealMsg.mealInvalid);
const clock = z.string({ error: MealMsg.cutoffInvalid }).refine(isClock, { error: MealMsg.cutoffInvalid });
const storeId = idField(MealMsg.storeRequired);

export const mealStoreSchema = z.object({ storeId });

/** A store's week: any day of it (the server starts the week on its Monday). */
export const mealWeekSchema = z.object({ storeId, day });
export type MealWeekInput = z.infer<typeof mealWeekSchema>;

/** One meal of the menu: the dishes and an optional price (yuan text, blank: free or not priced). */
export const mealSlotSchema = z.object({
  day,
  meal,
  dishes: z
    .array(requiredText(dishRule, MealMsg.dishRequired), { error: MealMsg.dishRequired })
    .min(1, { error: MealMsg.dishRequired })
    .max(MAX_DISHES, { error: mealMsg(MealMsg.tooManyDishes, { max: MAX_DISHES }) }),
  price: yuanField(MealMsg.priceInvalid).nullable().optional(),
});

/** The whole week's menu of a store: the meals listed are served, the others not. */
export const mealMenuSaveSchema = z.object({
  storeId,
  day,
  slots: z.array(mealSlotSchema, { error: MealMsg.dishRequired }).max(14, { error: MealMsg.tooManySlots }),
});
export type MealMenuSaveInput = z.infer<typeof mealMenuSaveSchema>;

export const mealSettingSchema = z.object({ storeId, lunchCutoff: clock, dinnerCutoff: clock });
export type MealSettingInput = z.infer<typeof mealSettingSchema>;

/** Order a meal: for oneself, or (the canteen manager) for `userId`. */
export const mealOrderSchema = z.object({ storeId, day, meal, userId: optionalId(MealMsg.userInvalid) });
export type MealOrderInput = z.infer<typeof mealOrderSchema>;

export const mealCancelSchema = z.object({ day, meal, userId: optionalId(MealMsg.userInvalid) });
export type MealCancelInput = z.infer<typeof mealCancelSchema>;

/** The canteen's day: every store, or one. */
export const mealDaySchema = z.object({ day, storeId: optionalId(MealMsg.storeRequired) });
export type MealDayInput = z.infer<typeof mealDaySchema>;

/** A month's statistics (`yyyy-MM`), every store or one; the export takes the same. */
export const mealMonthSchema = z.object({ month, storeId: optionalId(MealMsg.storeRequired) });
export type MealMonthInput = z.infer<typeof mealMonthSchema>;

// ---- answers ----

export const mealStoreAnswer = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  lunchCutoff: z.string(),
  dinnerCutoff: z.string(),
});
export type MealStore = z.infer<typeof mealStoreAnswer>;

export const mealSlotAnswer = z.object({
  meal: z.number().int(),
  dishes: z.array(z.string()),
  /** Fen, or null when not priced. */
  price: z.number().int().nullable(),
  /** Orders and cancellations are still accepted (before the cut-off). */
  open: z.boolean(),
  /** The viewer's own order of this meal (at this or another store), or null. */
  orderStoreId: z.number().int().nullable(),
  /** Everyone's orders of this meal at this store. */
  count: z.number().int(),
});
export type MealSlot = z.infer<typeof mealSlotAnswer>;

export const mealWeekAnswer = mealStoreAnswer.extend({
  weekStart: z.string(),
  today: z.string(),
  days: z.array(z.object({ day: z.string(), weekday: z.number().int(), meals: z.array(mealSlotAnswer) })),
});
export type MealWeek = z.infer<typeof mealWeekAnswer>;

export const mealOrderAnswer = z.object({
  orderId: z.number().int(),
  userId: z.number().int(),
  realname: z.string(),
  storeId: z.number().int(),
  day: z.string(),
  meal: z.number().int(),
  price: z.number().int().nullable(),
  createTime: apiTime,
});
export type MealOrder = z.infer<typeof mealOrderAnswer>;

/** One store's and department's orders of a day, with the names. */
export const mealDayRow = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  deptId: z.number().int(),
  deptName: z.string(),
  lunch: z.number().int(),
  dinner: z.number().int(),
  lunchNames: z.array(z.string()),
  dinnerNames: z.array(z.string()),
});
export type MealDayRow = z.infer<typeof mealDayRow>;

export const mealDayAnswer = z.object({
  day: z.string(),
  rows: z.array(mealDayRow),
  /** Per store, for the kitchen. */
  stores: z.array(
    z.object({ storeId: z.number().int(), storeName: z.string(), lunch: z.number().int(), dinner: z.number().int() }),
  ),
  lunch: z.number().int(),
  dinner: z.number().int(),
});
export type MealDay = z.infer<typeof mealDayAnswer>;

const mealTotals = { lunch: z.number().int(), dinner: z.number().int(), amount: z.number().int() };

export const mealMonthAnswer = z.object({
  month: z.string(),
  people: z.array(
    z.object({
      userId: z.number().int(),
      realname: z.string(),
      deptId: z.number().int(),
      deptName: z.string(),
      ...mealTotals,
    }),
  ),
  depts: z.array(z.object({ deptId: z.number().int(), deptName: z.string(), people: z.number().int(), ...mealTotals })),
  total: z.object(mealTotals),
});
export type MealMonth = z.infer<typeof mealMonthAnswer>;

export const mealContracts = {
  '/OaMeal/stores': z.array(mealStoreAnswer),
  '/OaMeal/week': mealWeekAnswer,
  '/OaMeal/saveMenu': mealWeekAnswer,
  '/OaMeal/saveSetting': mealStoreAnswer,
  '/OaMeal/order': mealOrderAnswer,
  '/OaMeal/cancel': noData,
  '/OaMeal/day': mealDayAnswer,
  '/OaMeal/month': mealMonthAnswer,
};
