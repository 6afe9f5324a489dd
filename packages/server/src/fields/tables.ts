import type { FormType } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../db/columns.ts';

/**
 * The field store: every kind's field definitions in one table. A set is (label, scope_id):
 * label is the module code (DECISIONS "CRM": 1 leads … 8 receivables plan, 10 approval-category
 * fields), scope_id 0 for a CRM kind's one set or the category id for label 10.
 */
export const fieldDefinitions = pgTable(
  'crm_field',
  {
    id: serial('field_id').primaryKey(),
    label: smallint('label').notNull(),
    scopeId: integer('scope_id').notNull().default(0),
    /** Stable key of the value in a record's JSON (or a fixed field's property); never changes. */
    fieldName: varchar('field_name', { length: 50 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    formType: varchar('form_type', { length: 30 }).$type<FormType>().notNull(),
    /** 1 a fixed property of the kind (cannot be deleted or retyped), 0 custom (spec crm-records §3). */
    fieldType: smallint('field_type').$type<0 | 1>().notNull().default(0),
    /** 1 required. */
    isNull: smallint('is_null').notNull().default(0),
    /** 1 unique among the kind's records. */
    isUnique: smallint('is_unique').notNull().default(0),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    defaultValue: jsonb('default_value').$type<unknown>(),
    inputTips: varchar('input_tips', { length: 100 }).notNull().default(''),
    maxLength: integer('max_length'),
    sort: integer('sort').notNull().default(0),
    /**
     * A removed custom field stays as a tombstone: its name is never given to a new field, so
     * values stored under it never show up as another field's.
     */
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_field_name_uq').on(t.label, t.scopeId, t.fieldName),
    index('crm_field_set_idx').on(t.label, t.scopeId, t.sort).where(sql`not ${t.isDeleted}`),
  ],
);
