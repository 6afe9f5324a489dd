import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers } from '../../crm/customer/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull().default('0');

/**
 * A coupon rule (优惠券规则, `api/evaluate/editCouponRule`): what its coupons are worth, the order
 * amount they may be used from, how many days they live, the projects they pay for (empty: any).
 * Deleting one keeps the row (`deleted`): issued coupons still name it.
 */
export const couponRules = pgTable(
  'clinic_coupon_rule',
  {
    id: serial('rule_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    value: money('value'),
    /** The order's payable (of the projects it applies to) must reach this; 0: any amount. */
    threshold: money('threshold'),
    validDays: integer('valid_days').notNull(),
    projectIds: integer('project_ids').array().notNull().default(sql`'{}'::integer[]`),
    enabled: smallint('enabled').notNull().default(1),
    deleted: smallint('deleted').notNull().default(0),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    // The review condition (h-coupons): a review earns the coupon when the rule is marked for
    // reviews, every score is at least min_each and the average at least min_average (0: no bar).
    reviewReward: smallint('review_reward').notNull().default(0),
    minAverage: numeric('min_average', { precision: 2, scale: 1 }).notNull().default('0'),
    minEach: smallint('min_each').notNull().default(0),
    createUserId: integer('create_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('clinic_coupon_rule_value_ck', sql`${t.value} > 0`),
    check('clinic_coupon_rule_days_ck', sql`${t.validDays} between 1 and 3650`),
  ],
);

/**
 * A coupon a customer holds. Its terms are copied from the rule when issued (editing a rule does
 * not change coupons already given); `remaining` is what is left to spend.
 */
export const coupons = pgTable(
  'clinic_coupon',
  {
    id: serial('coupon_id').primaryKey(),
    /** Printed on the receipt and read out at the desk. */
    code: varchar('code', { length: 12 }).notNull(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => couponRules.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    value: money('value'),
    remaining: money('remaining'),
    threshold: money('threshold'),
    projectIds: integer('project_ids').array().notNull().default(sql`'{}'::integer[]`),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    /** CouponStatus: 1 可用, 2 已用完, 3 已过期, 4 已作废. */
    status: smallint('status').notNull().default(1),
    /** couponSources: review, lottery, manual; with sourceId the issue happens once. */
    source: varchar('source', { length: 20 }).notNull(),
    sourceId: integer('source_id'),
    createUserId: integer('create_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clinic_coupon_code_uq').on(t.code),
    uniqueIndex('clinic_coupon_source_uq').on(t.source, t.sourceId, t.ruleId).where(sql`${t.sourceId} is not null`),
    index('clinic_coupon_customer_idx').on(t.customerId, t.status, t.validTo),
    check('clinic_coupon_remaining_ck', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.value}`),
  ],
);

/** Each spending of a coupon on an order: the order's coupon payments add up to these. */
export const couponUses = pgTable(
  'clinic_coupon_use',
  {
    id: serial('use_id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').notNull(),
    amount: money('amount'),
    createUserId: integer('create_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('clinic_coupon_use_coupon_idx').on(t.couponId),
    index('clinic_coupon_use_order_idx').on(t.orderId),
    check('clinic_coupon_use_amount_ck', sql`${t.amount} > 0`),
  ],
);

/** A coupon as stored; valid through `validTo` inclusive, in the company's calendar. */
export type CouponRow = typeof coupons.$inferSelect;
