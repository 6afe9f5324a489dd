import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Checklist templates (督导检查模板): a name and its items (oa_check_template_item). */
export const oaCheckTemplates = pgTable(
  'oa_check_template',
  {
    id: serial('template_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    createUserId: integer('create_user_id').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('oa_check_template_name_uq').on(t.name).where(sql`not ${t.isDeleted}`)],
);

/** A template's items in order; `section` groups them on the page (卫生, 服务, …). */
export const oaCheckTemplateItems = pgTable(
  'oa_check_template_item',
  {
    id: serial('item_id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => oaCheckTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    section: varchar('section', { length: 50 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    maxScore: integer('max_score').notNull(),
    photoRequired: boolean('photo_required').notNull().default(false),
  },
  (t) => [index('oa_check_template_item_template_idx').on(t.templateId, t.position)],
);

/**
 * Inspection plans: a template's items (copied at creation, so a later edit of the template
 * changes no plan), a target — a CRM shop (store_id) or a department (dept_id) — an inspector
 * and a day; 1 待检查 → 2 检查中 → 3 已完成, or 4 已取消 (shared supervision/states.ts).
 */
export const oaCheckPlans = pgTable(
  'oa_check_plan',
  {
    id: serial('plan_id').primaryKey(),
    templateId: integer('template_id').notNull(),
    templateName: varchar('template_name', { length: 50 }).notNull(),
    /** 1 shop, 2 department. */
    targetType: smallint('target_type').notNull(),
    storeId: integer('store_id'),
    deptId: integer('dept_id'),
    inspectorId: integer('inspector_id').notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    summary: varchar('summary', { length: 1000 }).notNull().default(''),
    totalScore: integer('total_score'),
    maxScore: integer('max_score').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    createUserId: integer('create_user_id').notNull(),
    /** The create form's batch: a double submit answers the first plan. */
    batchId: varchar('batch_id', { length: 40 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('oa_check_plan_batch_uq').on(t.createUserId, t.batchId),
    index('oa_check_plan_inspector_idx').on(t.inspectorId, t.status),
    index('oa_check_plan_creator_idx').on(t.createUserId),
    index('oa_check_plan_store_idx').on(t.storeId, t.submitTime).where(sql`${t.storeId} is not null`),
    index('oa_check_plan_dept_idx').on(t.deptId, t.submitTime).where(sql`${t.deptId} is not null`),
    index('oa_check_plan_date_idx').on(t.plannedDate),
  ],
);

/** One item of one plan as the inspector recorded it; a failed item's rectification task. */
export const oaCheckResults = pgTable(
  'oa_check_result',
  {
    id: serial('result_id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => oaCheckPlans.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    section: varchar('section', { length: 50 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    maxScore: integer('max_score').notNull(),
    photoRequired: boolean('photo_required').notNull(),
    score: integer('score'),
    passed: boolean('passed'),
    note: varchar('note', { length: 500 }).notNull().default(''),
    /** The item's photos' batch (files owned by the plan, kind oa_check_plan). */
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    /** The rectification task (oa_task) made at submit for a failed item. */
    taskId: integer('task_id'),
  },
  (t) => [
    index('oa_check_result_plan_idx').on(t.planId, t.position),
    index('oa_check_result_task_idx').on(t.taskId).where(sql`${t.taskId} is not null`),
  ],
);
