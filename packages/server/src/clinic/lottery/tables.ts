import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sysOpenLink } from '../../core/open-links/tables.ts';
import { customers } from '../../crm/customer/tables.ts';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { projects } from '../catalogue/tables.ts';
import { couponRules, coupons } from '../coupons/tables.ts';
import { dealRecords } from '../money/tables.ts';

/** A lottery activity (抽奖活动, issue 25): the company's configuration, soft-deleted (draws name it). */
export const lotteryActivities = pgTable(
  'clinic_lottery_activity',
  {
    id: serial('activity_id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
    /** LotteryStyle: 1 wheel, 2 nine-grid. */
    style: smallint('style').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    drawsTotal: integer('draws_total').notNull(),
    drawsPerDay: integer('draws_per_day').notNull(),
    enabled: smallint('enabled').notNull().default(1),
    deleted: smallint('deleted').notNull().default(0),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    createUserId: integer('create_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clinic_lottery_activity_list_idx').on(t.deleted, t.createdAt),
    check('clinic_lottery_activity_period_ck', sql`${t.endTime} > ${t.startTime}`),
    check('clinic_lottery_activity_draws_ck', sql`${t.drawsPerDay} between 1 and ${t.drawsTotal}`),
  ],
);

/**
 * A prize of an activity, in its place on the wheel or grid (`sort`). `stock` is null only for
 * 谢谢参与; a draw takes one under the prizes' row locks, and the CHECK keeps it from going below zero.
 */
export const lotteryPrizes = pgTable(
  'clinic_lottery_prize',
  {
    id: serial('prize_id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => lotteryActivities.id, { onDelete: 'cascade' }),
    sort: smallint('sort').notNull(),
    name: varchar('name', { length: 30 }).notNull(),
    /** PrizeKind: 0 nothing, 1 coupon, 2 gift, 3 sessions. */
    kind: smallint('kind').notNull(),
    couponRuleId: integer('coupon_rule_id').references(() => couponRules.id, { onDelete: 'restrict' }),
    gift: varchar('gift', { length: 100 }).notNull().default(''),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'restrict' }),
    sessions: integer('sessions').notNull().default(1),
    stock: integer('stock'),
    weight: integer('weight').notNull(),
  },
  (t) => [
    index('clinic_lottery_prize_activity_idx').on(t.activityId, t.sort),
    check('clinic_lottery_prize_stock_ck', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('clinic_lottery_prize_weight_ck', sql`${t.weight} >= 0`),
    check('clinic_lottery_prize_sessions_ck', sql`${t.sessions} between 1 and 100`),
  ],
);

/**
 * Every draw: who, which prize (its name and kind copied), through which link, on which company
 * day (the per-day limit), and what it gave: the coupon, the free deal record, or a gift the front
 * desk hands out (GiftStatus 待领取 → 已领取).
 */
export const lotteryDraws = pgTable(
  'clinic_lottery_draw',
  {
    id: serial('draw_id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => lotteryActivities.id, { onDelete: 'cascade' }),
    prizeId: integer('prize_id')
      .notNull()
      .references(() => lotteryPrizes.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => sysOpenLink.id, { onDelete: 'set null' }),
    businessDay: date('business_day').notNull(),
    prizeName: varchar('prize_name', { length: 30 }).notNull(),
    kind: smallint('kind').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    dealId: integer('deal_id').references(() => dealRecords.id, { onDelete: 'set null' }),
    giftStatus: smallint('gift_status').notNull().default(0),
    handedBy: integer('handed_by'),
    handedAt: timestamp('handed_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The limits: a customer's draws in an activity, and of one day.
    index('clinic_lottery_draw_customer_idx').on(t.activityId, t.customerId, t.businessDay),
    index('clinic_lottery_draw_time_idx').on(t.createdAt),
    index('clinic_lottery_draw_prize_idx').on(t.prizeId),
    index('clinic_lottery_draw_gift_idx').on(t.giftStatus).where(sql`${t.giftStatus} = 1`),
  ],
);
