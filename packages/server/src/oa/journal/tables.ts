import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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

/** Work logs (日志): daily, weekly and monthly, sent to people who read and comment on them. */
export const oaLogs = pgTable(
  'oa_log',
  {
    id: serial('log_id').primaryKey(),
    /** 1 daily, 2 weekly, 3 monthly (shared schemas/journal.ts). */
    category: smallint('category_id').notNull(),
    /** The three parts (sanitised HTML): what was done, the plan, the problems. */
    content: text('content').notNull(),
    tomorrow: text('tomorrow').notNull().default(''),
    question: text('question').notNull().default(''),
    createUserId: integer('create_user_id').notNull(),
    /** Attachments' and images' batch; also what makes a double submit answer the first log. */
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('oa_log_creator_idx').on(t.createUserId, t.createdAt).where(sql`not ${t.isDeleted}`),
    uniqueIndex('oa_log_batch_uq').on(t.createUserId, t.batchId).where(sql`${t.batchId} <> ''`),
  ],
);

/** The people a log is sent to, and when each first opened it. */
export const oaLogReaders = pgTable(
  'oa_log_user',
  {
    logId: integer('log_id').notNull(),
    userId: integer('user_id').notNull(),
    readTime: timestamp('read_time', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.logId, t.userId] }), index('oa_log_user_user_idx').on(t.userId, t.logId)],
);

/** Customers a log is about. */
export const oaLogCustomers = pgTable(
  'oa_log_customer',
  {
    logId: integer('log_id').notNull(),
    customerId: integer('customer_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.logId, t.customerId] })],
);

export const oaLogComments = pgTable(
  'oa_log_comment',
  {
    id: serial('comment_id').primaryKey(),
    logId: integer('log_id').notNull(),
    userId: integer('user_id').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oa_log_comment_log_idx').on(t.logId, t.createdAt)],
);
