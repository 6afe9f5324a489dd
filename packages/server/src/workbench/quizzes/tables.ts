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
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Quizzes (issue 25, /workbench/answer): docs/workbench-quizzes.md. */

/** A question bank; its name is unique among live banks. */
export const quizBanks = pgTable(
  'quiz_bank',
  {
    id: serial('bank_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    createUserId: integer('create_user_id').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quiz_bank_name_uq').on(t.name).where(sql`not ${t.isDeleted}`)],
);

/** A bank's question: 1 单选, 2 多选, 3 判断; `answer` holds the right options' indexes. */
export const quizQuestions = pgTable(
  'quiz_question',
  {
    id: serial('question_id').primaryKey(),
    bankId: integer('bank_id').notNull(),
    type: smallint('type').notNull(),
    stem: varchar('stem', { length: 500 }).notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    answer: jsonb('answer').$type<number[]>().notNull(),
    score: integer('score').notNull(),
    explanation: varchar('explanation', { length: 500 }).notNull().default(''),
    createUserId: integer('create_user_id').notNull(),
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quiz_question_bank_idx').on(t.bankId, t.id).where(sql`not ${t.isDeleted}`),
    uniqueIndex('quiz_question_batch_uq').on(t.createUserId, t.batchId).where(sql`${t.batchId} <> ''`),
  ],
);

/** A quiz: its open period, time limit and pass mark; its questions are copied into quiz_item. */
export const quizzes = pgTable(
  'quiz',
  {
    id: serial('quiz_id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    timeLimit: integer('time_limit').notNull(),
    passScore: integer('pass_score').notNull(),
    totalScore: integer('total_score').notNull(),
    bankId: integer('bank_id').notNull(),
    createUserId: integer('create_user_id').notNull(),
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quiz_period_idx').on(t.endTime, t.startTime).where(sql`not ${t.isDeleted}`),
    uniqueIndex('quiz_batch_uq').on(t.createUserId, t.batchId).where(sql`${t.batchId} <> ''`),
  ],
);

/** A quiz's copy of a question, in paper order (`seq`). */
export const quizItems = pgTable(
  'quiz_item',
  {
    id: serial('item_id').primaryKey(),
    quizId: integer('quiz_id').notNull(),
    seq: integer('seq').notNull(),
    questionId: integer('question_id').notNull(),
    type: smallint('type').notNull(),
    stem: varchar('stem', { length: 500 }).notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    answer: jsonb('answer').$type<number[]>().notNull(),
    score: integer('score').notNull(),
    explanation: varchar('explanation', { length: 500 }).notNull().default(''),
  },
  (t) => [uniqueIndex('quiz_item_seq_uq').on(t.quizId, t.seq)],
);

/** Who takes a quiz: departments (with their sub-departments) and people. */
export const quizTargetDepts = pgTable(
  'quiz_target_dept',
  { quizId: integer('quiz_id').notNull(), deptId: integer('dept_id').notNull() },
  (t) => [primaryKey({ columns: [t.quizId, t.deptId] }), index('quiz_target_dept_dept_idx').on(t.deptId)],
);
export const quizTargetUsers = pgTable(
  'quiz_target_user',
  { quizId: integer('quiz_id').notNull(), userId: integer('user_id').notNull() },
  (t) => [primaryKey({ columns: [t.quizId, t.userId] }), index('quiz_target_user_user_idx').on(t.userId)],
);

/**
 * One taker's one attempt (unique per quiz and person): started at, deadline, the answers saved
 * so far, and once handed in the score the server computed.
 */
export const quizAttempts = pgTable(
  'quiz_attempt',
  {
    id: serial('attempt_id').primaryKey(),
    quizId: integer('quiz_id').notNull(),
    userId: integer('user_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    answers: jsonb('answers').$type<Record<string, number[]>>().notNull().default({}),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    score: integer('score'),
    passed: boolean('passed'),
    /** Handed in by the server at the deadline with what was saved. */
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
    /** Answers sent after the deadline were not counted. */
    late: boolean('late').notNull().default(false),
  },
  (t) => [
    uniqueIndex('quiz_attempt_taker_uq').on(t.quizId, t.userId),
    index('quiz_attempt_user_idx').on(t.userId),
    index('quiz_attempt_open_idx').on(t.deadline).where(sql`${t.submittedAt} is null`),
  ],
);

/** Whether each item of a handed-in attempt was right: the per-question error rate counts these. */
export const quizAttemptItems = pgTable(
  'quiz_attempt_item',
  {
    attemptId: integer('attempt_id').notNull(),
    itemId: integer('item_id').notNull(),
    quizId: integer('quiz_id').notNull(),
    correct: boolean('correct').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.itemId] }), index('quiz_attempt_item_quiz_idx').on(t.quizId, t.itemId)],
);
