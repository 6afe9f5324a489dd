import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { departments, users } from '../../db/schema.ts';

/**
 * Meal orders (/workbench/eat, issue 25; docs/workbench-meals.md). A store (a department with a
 * booking settings row) serves lunch and dinner from a weekly menu; staff order before the store's
 * cut-off. Money is numeric(12,2) here and whole fen in TypeScript.
 */

/** A store's cut-offs (`HH:mm`, company time); a store without a row uses the defaults. */
export const mealSettings = pgTable('oa_meal_setting', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => departments.id, { onDelete: 'cascade' }),
  lunchCutoff: varchar('lunch_cutoff', { length: 5 }).notNull(),
  dinnerCutoff: varchar('dinner_cutoff', { length: 5 }).notNull(),
  updateUserId: integer('update_user_id').notNull(),
  updatedAt: updatedAt(),
});

/** One meal a store serves on one day: its dishes and price. No row: not served. */
export const mealMenus = pgTable(
  'oa_meal_menu',
  {
    id: serial('menu_id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** 1 午餐, 2 晚餐 (shared MealType). */
    meal: smallint('meal').notNull(),
    dishes: jsonb('dishes').$type<string[]>().notNull(),
    price: numeric('price', { precision: 12, scale: 2 }),
    updateUserId: integer('update_user_id').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('oa_meal_menu_slot_uq').on(t.storeId, t.day, t.meal)],
);

/**
 * One person's order of one meal on one day (the unique index: a double click, or two managers at
 * once, never makes two). Cancelling deletes it. The price is the menu's when it was ordered.
 */
export const mealOrders = pgTable(
  'oa_meal_order',
  {
    id: serial('order_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    meal: smallint('meal').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }),
    /** Who placed it: the eater, or the canteen manager for them. */
    createUserId: integer('create_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oa_meal_order_person_uq').on(t.userId, t.day, t.meal),
    // The canteen's day and the month's statistics: by day, then store.
    index('oa_meal_order_day_idx').on(t.day, t.storeId, t.meal),
    // A menu slot's orders (refusing to drop a served meal, the week's counts).
    index('oa_meal_order_store_idx').on(t.storeId, t.day, t.meal),
  ],
);
