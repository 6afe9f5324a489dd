import { sql } from 'drizzle-orm';
import {
  boolean,
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

/** Agency tasks (回访任务): one customer's work handed by an assigner to an advisor (shared agency/rules.ts). */
export const customerAgencies = pgTable(
  'crm_customer_agency',
  {
    id: serial('agency_id').primaryKey(),
    customerId: integer('customer_id').notNull(),
    /** One of shared `agencyTypes`. */
    typeCode: smallint('type_code').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    /** The advisor who does it. */
    userId: integer('user_id').notNull(),
    /** The assigner. */
    createUserId: integer('create_user_id').notNull(),
    /** 1 待接受, 2 已接受, 3 已完成, 4 已撤销. */
    status: smallint('status').notNull().default(1),
    marked: boolean('marked').notNull().default(false),
    deadline: timestamp('deadline', { withTimezone: true }),
    result: varchar('result', { length: 1000 }).notNull().default(''),
    acceptTime: timestamp('accept_time', { withTimezone: true }),
    completeTime: timestamp('complete_time', { withTimezone: true }),
    revokeTime: timestamp('revoke_time', { withTimezone: true }),
    /** The assigning form's batch: the same form sent twice answers the first tasks. */
    batchId: varchar('batch_id', { length: 40 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 我收到的 / 我分配的, newest first, by status.
    index('crm_customer_agency_user_idx').on(t.userId, t.status, t.createdAt),
    index('crm_customer_agency_creator_idx').on(t.createUserId, t.status, t.createdAt),
    index('crm_customer_agency_customer_idx').on(t.customerId),
    uniqueIndex('crm_customer_agency_batch_uq')
      .on(t.createUserId, t.batchId, t.customerId)
      .where(sql`${t.batchId} <> ''`),
  ],
);
