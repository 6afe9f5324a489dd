import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Feedback (issue 25): a member of staff's problem or suggestion, triaged and answered by administrators. */
export const sysFeedback = pgTable(
  'sys_feedback',
  {
    id: serial('feedback_id').primaryKey(),
    type: varchar('type', { length: 10 }).notNull(),
    content: varchar('content', { length: 1000 }).notNull(),
    /** The page the sender was on when they opened the dialog. */
    pageUrl: varchar('page_url', { length: 500 }).notNull().default(''),
    /** 1 新建, 2 处理中, 3 已完成. */
    status: smallint('status').notNull().default(1),
    reply: varchar('reply', { length: 1000 }).notNull().default(''),
    replyUserId: integer('reply_user_id'),
    replyTime: timestamp('reply_time', { withTimezone: true }),
    createUserId: integer('create_user_id').notNull(),
    /** The screenshots' upload batch, made by the dialog: a double submit answers the first feedback. */
    batchId: varchar('batch_id', { length: 40 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_feedback_batch_uq').on(t.createUserId, t.batchId),
    index('sys_feedback_status_idx').on(t.status, t.createdAt),
    index('sys_feedback_creator_idx').on(t.createUserId, t.createdAt),
  ],
);
