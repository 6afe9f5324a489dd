import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { recordColumns } from '../records/kind.ts';

/** Product categories: a tree by `pid` (null: a top category). */
export const productCategories = pgTable(
  'crm_product_category',
  {
    id: serial('category_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    pid: integer('pid'),
    createdAt: createdAt(),
  },
  (t) => [
    index('crm_product_category_pid_idx').on(t.pid),
    // Siblings have distinct names (top categories are siblings of each other).
    uniqueIndex('crm_product_category_name_uq').on(sql`coalesce(${t.pid}, 0)`, t.name),
  ],
);

/** Products (module 4): the fixed fields of `productKind`, then the record columns. */
export const products = pgTable(
  'crm_product',
  {
    id: serial('product_id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    categoryId: integer('category_id').notNull(),
    num: varchar('num', { length: 50 }),
    unit: varchar('unit', { length: 20 }).notNull().default(''),
    /** Null: not known (created by someone the price is hidden from). */
    price: numeric('price', { precision: 14, scale: 2 }),
    /** 1 on shelf, 0 off. */
    status: smallint('status').notNull().default(1),
    description: text('description').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('crm_product_update_idx').on(t.updatedAt.desc()),
    // The on/off-shelf scenes and the product picker (on shelf, one category).
    index('crm_product_status_update_idx').on(t.status, t.updatedAt.desc()),
    index('crm_product_category_idx').on(t.categoryId),
    index('crm_product_num_idx').on(t.num),
    // 产品编码 is unique (productKind's fixed field); an empty code is no code.
    uniqueIndex('crm_product_num_uq').on(t.num).where(sql`${t.num} <> ''`),
  ],
);
