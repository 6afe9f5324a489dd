import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/**
 * Customer limits (manager › 客户管理 › 客户设置): a limit of `customer_num` owned (type 1) or
 * locked (type 2) customers for each user named in `user_ids` or belonging to a department of
 * `dept_ids`; `custom_deal` 1 counts closed-deal customers toward an owned limit, 0 does not.
 * Owned by the customer-settings calls; the pool (crm/pool/limits.ts) enforces it.
 */
export const customerSettings = pgTable('crm_customer_setting', {
  id: serial('id').primaryKey(),
  settingName: varchar('setting_name', { length: 50 }).notNull(),
  type: smallint('type').$type<1 | 2>().notNull(),
  customerNum: integer('customer_num').notNull(),
  customDeal: smallint('custom_deal').$type<0 | 1>().notNull().default(0),
  userIds: integer('user_ids').array().notNull().default(sql`'{}'`),
  deptIds: integer('dept_ids').array().notNull().default(sql`'{}'`),
  createdAt: createdAt(),
});
