import { index, integer, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { recordColumns } from '../records/kind.ts';

/** Business types (商机状态组): a named group of stages an opportunity moves through; status 1 in use, 0 disabled. */
export const businessTypes = pgTable('crm_business_type', {
  id: serial('type_id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull().unique(),
  status: smallint('status').notNull().default(1),
  createUserId: integer('create_user_id').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The stages of a group: name, win rate (percent), order. */
export const businessStatuses = pgTable(
  'crm_business_status',
  {
    id: serial('status_id').primaryKey(),
    typeId: integer('type_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    rate: smallint('rate').notNull().default(0),
    orderNum: smallint('order_num').notNull().default(0),
  },
  (t) => [index('crm_business_status_type_idx').on(t.typeId, t.orderNum)],
);

/**
 * Opportunities (module 5): the fixed fields of `businessKind`, the stage state (the current
 * stage, how it ended: 0 open, 1 won, 2 lost, 3 invalid, with the remark given), the record columns.
 */
export const businesses = pgTable(
  'crm_business',
  {
    id: serial('business_id').primaryKey(),
    businessName: varchar('business_name', { length: 100 }).notNull(),
    customerId: integer('customer_id').notNull(),
    typeId: integer('type_id').notNull(),
    statusId: integer('status_id'),
    money: numeric('money', { precision: 14, scale: 2 }),
    /** The expected closing day, `YYYY-MM-DD`. */
    dealDate: varchar('deal_date', { length: 10 }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    isEnd: smallint('is_end').notNull().default(0),
    statusRemark: varchar('status_remark', { length: 200 }).notNull().default(''),
    /** When the stage last changed (boost or end). */
    statusTime: timestamp('status_time', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    index('crm_business_owner_update_idx').on(t.ownerUserId, t.updatedAt.desc()),
    index('crm_business_update_idx').on(t.updatedAt.desc()),
    index('crm_business_customer_idx').on(t.customerId, t.updatedAt.desc()),
    index('crm_business_type_idx').on(t.typeId),
    index('crm_business_fields_idx').using('gin', t.fields),
  ],
);
