import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/**
 * Declaration forms (issue 25, /workbench/declaration): docs/workbench-declarations.md. A task's
 * form is its field set in the field store (crm_field, label 20, scope = the task id).
 */
export const declTasks = pgTable(
  'decl_task',
  {
    id: serial('task_id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** The departments and people it was issued to, as chosen (the assignees are resolved into decl_assignee). */
    deptIds: jsonb('dept_ids').$type<number[]>().notNull().default([]),
    userIds: jsonb('user_ids').$type<number[]>().notNull().default([]),
    createUserId: integer('create_user_id').notNull(),
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('decl_task_live_idx').on(t.createdAt).where(sql`not ${t.isDeleted}`),
    uniqueIndex('decl_task_batch_uq').on(t.createUserId, t.batchId).where(sql`${t.batchId} <> ''`),
  ],
);

/**
 * Who fills a task in, resolved when it is issued (the people named and everyone active in the
 * departments named or below them), with the department they were in: the per-department
 * statistics stay what they were when a person later moves.
 */
export const declAssignees = pgTable(
  'decl_assignee',
  {
    taskId: integer('task_id').notNull(),
    userId: integer('user_id').notNull(),
    deptId: integer('dept_id'),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('decl_assignee_user_idx').on(t.userId)],
);

/** One assignee's submission of one task (unique: a double click submits once); status DeclStatus. */
export const declSubmissions = pgTable(
  'decl_submission',
  {
    id: serial('submission_id').primaryKey(),
    taskId: integer('task_id').notNull(),
    userId: integer('user_id').notNull(),
    values: jsonb('form_values').$type<Record<string, unknown>>().notNull().default({}),
    status: smallint('status').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    auditUserId: integer('audit_user_id'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    auditReason: varchar('audit_reason', { length: 200 }).notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('decl_submission_user_uq').on(t.taskId, t.userId),
    index('decl_submission_user_idx').on(t.userId),
    index('decl_submission_task_status_idx').on(t.taskId, t.status),
  ],
);

/** An auditor's correction of one cell: who, when, old → new. */
export const declCellLogs = pgTable(
  'decl_cell_log',
  {
    id: bigserial('log_id', { mode: 'number' }).primaryKey(),
    submissionId: integer('submission_id').notNull(),
    fieldName: varchar('field_name', { length: 50 }).notNull(),
    fieldLabel: varchar('field_label', { length: 50 }).notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('decl_cell_log_submission_idx').on(t.submissionId, t.id)],
);
