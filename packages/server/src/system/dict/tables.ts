import { boolean, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * System dictionaries: a type (a dictionary named by a code, or a code list named by a numeric
 * code type) and its entries. Built-in types are the ones the forms read; they cannot be deleted.
 */
export const dictTypes = pgTable(
  'sys_dict_type',
  {
    id: serial('type_id').primaryKey(),
    /** dict: dictValue/dictName entries; code: codeNo/codeName entries. */
    kind: varchar('kind', { length: 10 }).notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    builtin: boolean('builtin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_dict_type_code_uq').on(t.kind, t.code)],
);

export const dictItems = pgTable(
  'sys_dict_item',
  {
    id: serial('item_id').primaryKey(),
    typeId: integer('type_id').notNull(),
    value: varchar('value', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_dict_item_value_uq').on(t.typeId, t.value),
    index('sys_dict_item_sort_idx').on(t.typeId, t.sort, t.id),
  ],
);
