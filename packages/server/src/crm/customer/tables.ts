import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { recordColumns } from '../records/kind.ts';

/**
 * Customers (DECISIONS "Customers: two descriptions, one record"): the side panel's fixed fields
 * as columns, the administrator's custom fields in `fields`, and the pool's state (an owner of
 * null is the pool; lock and deal status decide what the pool's return job may take back).
 */
export const customers = pgTable(
  'crm_customer',
  {
    id: serial('customer_id').primaryKey(),
    customerName: varchar('customer_name', { length: 50 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull().default(''),
    hasOldCustomer: boolean('has_old_customer').notNull().default(true),
    /** 1 male, 2 female (the panel's codes). */
    gender: smallint('gender').notNull().default(1),
    /** The owning shop (crm_store). */
    shopOwnerId: integer('shop_owner_id'),
    relation: varchar('relation', { length: 50 }).notNull().default(''),
    idCard: varchar('id_card', { length: 18 }).notNull().default(''),
    /** Statistics (issue 24, h-bisum): the birth year of an 18-digit ID number, derived once; hidden with idCard. */
    birthYear: smallint('birth_year').generatedAlwaysAs(
      sql`case when id_card ~ '^[0-9]{17}[0-9Xx]$' then substr(id_card, 7, 4)::smallint end`,
    ),
    gatIdCard: varchar('gat_id_card', { length: 30 }).notNull().default(''),
    idCardUrl: varchar('id_card_url', { length: 300 }).notNull().default(''),
    hasSign: boolean('has_sign').notNull().default(false),
    /** The signing day, `YYYY-MM-DD` as the panel shows it (a day, not an instant: no time zone to shift it). */
    signTime: varchar('sign_time', { length: 10 }),
    /** The lower-level distributors' user ids, comma-joined as the panel sends them. */
    signItemUserIds: varchar('sign_item_user_ids', { length: 2000 }).notNull().default(''),
    /** 0 not closed, 1 closed (成交). */
    dealStatus: smallint('deal_status').notNull().default(0),
    isLock: boolean('is_lock').notNull().default(false),
    /**
     * The customer's own account in the app (sys_user), when the customer is also one of the
     * business's aesthetics advisors (美学顾问): then name, phone and ID are the account's and
     * the panel does not edit them (docs/decisions.md, "Customers linked to an account").
     */
    userId: integer('user_id'),
    /** The linked account hidden from the signing candidates (`setUserHasHidden`). */
    userHidden: boolean('user_hidden').notNull().default(false),
    /** The linked account's identity: 1 客户, 2 美学顾问 (shared `CustomerUserIdentity`). */
    userIdentity: smallint('user_identity').notNull().default(2),
    /** When the owner took it from the pool (receive or distribute): the pool rule's deal clock. */
    poolTakenTime: timestamp('pool_taken_time', { withTimezone: true }),
    /** When someone marked it 已跟进 from the to-do list (CrmBackLog/setCustomerFollowup), without a follow-up. */
    followMarkedAt: timestamp('follow_marked_at', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    // The default list: the viewer's scope by owner, newest change first.
    index('crm_customer_owner_update_idx').on(t.ownerUserId, t.updatedAt.desc()),
    index('crm_customer_update_idx').on(t.updatedAt.desc()),
    index('crm_customer_shop_idx').on(t.shopOwnerId),
    index('crm_customer_mobile_idx').on(t.mobile),
    // 客户查重 (issue 25, h-screening): an ID number is looked up exactly.
    index('crm_customer_id_card_idx').on(t.idCard),
    index('crm_customer_gat_id_card_idx').on(t.gatIdCard),
    // Filters on custom fields (`fields @> {...}` and `fields ? name`).
    index('crm_customer_fields_idx').using('gin', t.fields),
    // The pool: rows without an owner.
    index('crm_customer_pool_idx').on(t.updatedAt.desc()).where(sql`owner_user_id is null`),
    // The to-do count of customers to contact today.
    index('crm_customer_owner_next_idx').on(t.ownerUserId, t.nextTime),
    index('crm_customer_user_idx').on(t.userId),
    // The statistics' new and dealt customers of a period by owner: read from the index alone.
    index('crm_customer_create_idx').on(t.createdAt, t.ownerUserId, t.dealStatus),
  ],
);

/**
 * Limits on how many customers a person may own (type 1) or keep locked (type 2), for the users
 * and departments named (DECISIONS "CRM", pool). These calls edit them; the pool's receive and
 * distribute enforce them. `customDeal` 1: closed (成交) customers count toward the limit.
 */
export const customerSettings = pgTable('crm_customer_setting', {
  id: serial('id').primaryKey(),
  settingName: varchar('setting_name', { length: 50 }).notNull(),
  type: smallint('type').notNull(),
  customerNum: integer('customer_num').notNull(),
  customDeal: smallint('custom_deal').notNull().default(0),
  userIds: integer('user_ids').array().notNull().default(sql`'{}'::int[]`),
  deptIds: integer('dept_ids').array().notNull().default(sql`'{}'::int[]`),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
});
