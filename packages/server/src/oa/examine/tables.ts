import type { ExamineState, FlowStep } from '@crm/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Approval categories: the system types and the admin-defined ones, with their flow settings. */
export const examineCategories = pgTable(
  'oa_examine_category',
  {
    id: serial('category_id').primaryKey(),
    title: varchar('title', { length: 50 }).notNull(),
    className: varchar('class_name', { length: 50 }).notNull().default(''),
    icon: smallint('icon').notNull().default(1),
    /** System type key ('general', 'leave', …) or 'custom'. */
    type: varchar('type', { length: 30 }).notNull().default('custom'),
    isSystem: boolean('is_system').notNull().default(false),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    status: smallint('status').notNull().default(1),
    isDeleted: boolean('is_deleted').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** 1 fixed steps, 2 the applicant chooses. */
    examineType: smallint('examine_type').$type<1 | 2>().notNull().default(2),
    steps: jsonb('steps').$type<FlowStep[]>().notNull().default([]),
    /** Preset approver (chosen flows) and preset approver levels and copy recipients of the forms. */
    examineUserIds: integer('examine_user_ids').array().notNull().default(sql`'{}'`),
    ccUserIds: integer('cc_user_ids').array().notNull().default(sql`'{}'`),
    /** Empty lists: visible to everyone. */
    visibleUserIds: integer('visible_user_ids').array().notNull().default(sql`'{}'`),
    visibleDeptIds: integer('visible_dept_ids').array().notNull().default(sql`'{}'`),
    createUserId: integer('create_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('oa_examine_category_sort_idx').on(t.isDeleted, t.sort, t.id)],
);

/**
 * One approval process of anything (an OA approval, a contract, a receivable): the engine's
 * state as JSON plus a version, locked with SELECT … FOR UPDATE while an action is applied.
 */
export const examineRecords = pgTable(
  'examine_record',
  {
    id: serial('record_id').primaryKey(),
    subjectType: varchar('subject_type', { length: 20 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    categoryId: integer('category_id'),
    applicantId: integer('applicant_id').notNull(),
    status: smallint('status').notNull(),
    state: jsonb('state').$type<ExamineState>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('examine_record_subject_uq').on(t.subjectType, t.subjectId),
    // Records of other subjects (contracts, receivables): the OA tab counts leave them out.
    index('examine_record_other_idx').on(t.id).where(sql`${t.subjectType} <> 'oa'`),
  ],
);

/** The engine's tasks, kept as rows so "waiting for me" and "handled by me" are index lookups. */
export const examineTasks = pgTable(
  'examine_task',
  {
    recordId: integer('record_id')
      .notNull()
      .references(() => examineRecords.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    round: integer('round').notNull(),
    stepId: integer('step_id').notNull(),
    userId: integer('user_id').notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    reason: varchar('reason', { length: 20 }),
    remarks: text('remarks'),
    fromUserId: integer('from_user_id'),
    superseded: boolean('superseded').notNull().default(false),
    actedAt: timestamp('acted_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.seq] }),
    index('examine_task_user_status_idx').on(t.userId, t.status, t.recordId),
    // 待我审批 and its counts: what waits for a user, read from the index alone.
    index('examine_task_pending_idx')
      .on(t.userId, t.recordId, t.createdAt)
      .where(sql`${t.status} = 'pending' and not ${t.superseded}`),
  ],
);

/** Append-only history: every action and every automatic decision with its reason. */
export const examineLogs = pgTable(
  'examine_log',
  {
    recordId: integer('record_id')
      .notNull()
      .references(() => examineRecords.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    round: integer('round').notNull(),
    stepId: integer('step_id'),
    kind: varchar('kind', { length: 12 }).notNull(),
    userId: integer('user_id'),
    reason: varchar('reason', { length: 20 }),
    remarks: text('remarks'),
    targetIds: integer('target_ids').array(),
    status: smallint('status'),
    createdAt: createdAt(),
  },
  // With kind and time in the index, 我已审批 and its count are read from the index alone.
  (t) => [
    primaryKey({ columns: [t.recordId, t.seq] }),
    index('examine_log_user_idx').on(t.userId, t.recordId, t.kind, t.createdAt),
  ],
);

/** Copy recipients with read status. */
export const examineCopies = pgTable(
  'examine_cc',
  {
    recordId: integer('record_id')
      .notNull()
      .references(() => examineRecords.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    readAt: timestamp('read_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.userId] }),
    // 抄送我的, newest copy first, from the index alone.
    index('examine_cc_user_idx').on(t.userId, t.createdAt, t.recordId),
    // The unread badge of 抄送我的.
    index('examine_cc_unread_idx').on(t.userId, t.recordId).where(sql`${t.readAt} is null`),
  ],
);

export const examineComments = pgTable(
  'examine_comment',
  {
    id: serial('comment_id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => examineRecords.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('examine_comment_record_idx').on(t.recordId)],
);

/** Urging (催办): at most once an hour per approval. */
export const examineUrges = pgTable(
  'examine_urge',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => examineRecords.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('examine_urge_record_idx').on(t.recordId, t.createdAt)],
);

/** An OA approval: the form of a category (content, custom field values, related records). */
export const oaExamines = pgTable(
  'oa_examine',
  {
    id: serial('examine_id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    createUserId: integer('create_user_id').notNull(),
    content: text('content').notNull().default(''),
    remark: text('remark').notNull().default(''),
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    values: jsonb('field_values').$type<Record<string, unknown>>().notNull().default({}),
    relation: jsonb('relation').$type<Record<string, number[]>>().notNull().default({}),
    ccUserIds: integer('cc_user_ids').array().notNull().default(sql`'{}'`),
    checkUserIds: integer('check_user_ids').array().notNull().default(sql`'{}'`),
    /** Mirrors the record's status for list filters. */
    status: smallint('status').notNull().default(0),
    recordId: integer('record_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** First submission; the history keeps every later one. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Latest submission: a resubmission after a rejection, withdrawal or return moves it. */
    submittedAt: timestamp('submit_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // 我发起的: newest submission first, and its count, from the index alone.
    index('oa_examine_creator_idx').on(t.createUserId, t.submittedAt).where(sql`not ${t.isDeleted}`),
    index('oa_examine_category_idx').on(t.categoryId),
    // The other tabs probe the form of each of the viewer's records when a request filters or
    // orders on the form: what they filter and order on is in the index, so a probe reads no row.
    index('oa_examine_record_idx').on(
      t.recordId,
      t.isDeleted,
      t.status,
      t.categoryId,
      t.submittedAt,
      t.updatedAt,
      t.createdAt,
      t.id,
    ),
    // The few deleted forms: the tab counts subtract them without touching oa_examine's other rows.
    index('oa_examine_deleted_idx').on(t.recordId).where(sql`${t.isDeleted}`),
    // A double click sends the same client-generated batch twice: it must not create two approvals.
    uniqueIndex('oa_examine_batch_uq').on(t.createUserId, t.batchId).where(sql`${t.batchId} <> ''`),
  ],
);
