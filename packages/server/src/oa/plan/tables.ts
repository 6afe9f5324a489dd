import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Planning documents (策划方案, routes rich-list and rich-text): a title and a sanitised rich-text body. */
export const oaPlans = pgTable(
  'oa_plan',
  {
    id: serial('plan_id').primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    /** HTML, sanitised by core/html/sanitize.ts before it is stored. */
    content: text('content').notNull(),
    createUserId: integer('create_user_id').notNull(),
    /** Its images' and attachments' batch; also what makes a double submit answer the first document. */
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('oa_plan_creator_idx').on(t.createUserId, t.updatedAt).where(sql`not ${t.isDeleted}`),
    index('oa_plan_updated_idx').on(t.updatedAt).where(sql`not ${t.isDeleted}`),
    uniqueIndex('oa_plan_batch_uq').on(t.createUserId, t.batchId).where(sql`${t.batchId} <> ''`),
  ],
);

/** The people a planning document is shared with (they read it; only its author edits it). */
export const oaPlanUsers = pgTable(
  'oa_plan_user',
  {
    planId: integer('plan_id').notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.userId] }), index('oa_plan_user_user_idx').on(t.userId, t.planId)],
);
