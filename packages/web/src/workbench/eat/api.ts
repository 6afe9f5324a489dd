import { fenToYuan } from '@crm/shared';
import { downloadWorkbook } from '@/crm/records/excel/api';
import { call } from '@/shell/call';

/** Meal orders (/OaMeal/*, docs/workbench-meals.md); answers typed by the shared contracts. */
export type { MealDay, MealMonth, MealSlot, MealStore, MealWeek } from '@crm/shared';

const json = { json: true } as const;

/** One served meal of the menu editor: dishes and a price in yuan as typed ('' = not priced). */
export type MenuSlotBody = { day: string; meal: number; dishes: string[]; price: string | null };

export const mealApi = {
  stores: () => call('/OaMeal/stores'),
  week: (storeId: number, day: string) => call('/OaMeal/week', { storeId, day }),
  order: (storeId: number, day: string, meal: number, userId?: number) =>
    call('/OaMeal/order', { storeId, day, meal, userId }),
  cancel: (day: string, meal: number, userId?: number) => call('/OaMeal/cancel', { day, meal, userId }),
  saveMenu: (storeId: number, day: string, slots: MenuSlotBody[]) =>
    call('/OaMeal/saveMenu', { storeId, day, slots }, json),
  saveSetting: (storeId: number, lunchCutoff: string, dinnerCutoff: string) =>
    call('/OaMeal/saveSetting', { storeId, lunchCutoff, dinnerCutoff }),
  day: (day: string, storeId?: number) => call('/OaMeal/day', { day, storeId }),
  month: (month: string, storeId?: number) => call('/OaMeal/month', { month, storeId }),
  exportMonth: (month: string, storeId?: number) =>
    downloadWorkbook('/OaMeal/excelExport', { month, storeId }, `订餐统计_${month}.xlsx`),
};

export const mealKeys = {
  all: ['meal'] as const,
  stores: ['meal', 'stores'] as const,
  week: (storeId: number, day: string) => ['meal', 'week', storeId, day] as const,
  day: (day: string, storeId?: number) => ['meal', 'day', day, storeId ?? 0] as const,
  month: (month: string, storeId?: number) => ['meal', 'month', month, storeId ?? 0] as const,
};

/** The dishes as one line: 红烧肉、番茄炒蛋. */
export const dishLine = (dishes: readonly string[]): string => dishes.join('、');

/**
 * The editor's rows for a week: one per day and meal, served or not, with what the menu holds;
 * saving sends the served ones (the server drops the others).
 */
export type EditorRow = { day: string; meal: number; served: boolean; dishes: string[]; price: string };

export function editorRows(week: {
  weekStart: string;
  days: { day: string; meals: { meal: number; dishes: string[]; price: number | null }[] }[];
}): EditorRow[] {
  return week.days.flatMap((d) =>
    [1, 2].map((meal) => {
      const m = d.meals.find((x) => x.meal === meal);
      return {
        day: d.day,
        meal,
        served: Boolean(m),
        dishes: m?.dishes ?? [],
        price: m?.price === null || m?.price === undefined ? '' : fenToYuan(m.price),
      };
    }),
  );
}

/** What the editor saves: served rows only, the price blank → null. */
export const slotsOf = (rows: readonly EditorRow[]): MenuSlotBody[] =>
  rows
    .filter((r) => r.served)
    .map((r) => ({ day: r.day, meal: r.meal, dishes: r.dishes, price: r.price.trim() === '' ? null : r.price.trim() }));
