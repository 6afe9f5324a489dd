import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, smallint, unique } from 'drizzle-orm/pg-core';

/**
 * Performance by day × kind × earner × store × department × project (issue 24, docs/decisions.md
 * "Statistics: summary tables"): the sums the clinic's performance pages read instead of every
 * clinic_performance row. Kept by triggers on clinic_performance in the writing transaction
 * (changes noted per statement, folded in just before its commit: migrations 0083 and 0085's hand-written
 * block), so it is exact at every commit; `row_count`
 * says how many detail rows a sum stands for, and a key whose rows all left is deleted, so a split
 * never lists a value the detail does not hold. `rebuildPerformanceDays` recomputes it.
 */
export const performanceDays = pgTable(
  'clinic_performance_day',
  {
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    kind: smallint('kind').notNull(),
    userId: integer('user_id').notNull(),
    storeId: integer('store_id'),
    deptId: integer('dept_id'),
    projectId: integer('project_id'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    unique('clinic_performance_day_uq')
      .on(t.businessDay, t.kind, t.userId, t.storeId, t.deptId, t.projectId)
      .nullsNotDistinct(),
    index('clinic_performance_day_user_idx').on(t.userId, t.businessDay),
    // The triggers delete emptied keys through this (it holds only those, for a moment).
    index('clinic_performance_day_empty_idx').on(t.businessDay).where(sql`row_count = 0`),
  ],
);

/**
 * The day summary without the shop, department and project split: day × kind × earner, about a
 * tenth of its rows (full size: 3,280,002 day rows against 5,880,119 detail rows). The figures
 * grouped by none, a bucket or the owner read this (bi/query.ts `figureSource`: a summary's own
 * `summary`); a year's cash performance scans ~130,000 rows here instead of ~770,000. Folded by the
 * same deferred trigger in the same statement as clinic_performance_day (migration 0086's
 * hand-written block), so both are exact at every commit.
 */
export const performanceUserDays = pgTable(
  'clinic_performance_user_day',
  {
    kind: smallint('kind').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    // Key order for the period scan: one kind's days, then the earners.
    unique('clinic_performance_user_day_uq').on(t.kind, t.businessDay, t.userId),
    index('clinic_performance_user_day_empty_idx').on(t.businessDay).where(sql`row_count = 0`),
  ],
);

/**
 * A transaction's changes to clinic_performance_day, waiting for its commit: the statement
 * triggers append here (no lock on a shared row while the money transaction runs), and a deferred
 * trigger folds all of a transaction's changes into the summary in one statement in key order just
 * before it commits, so two transactions take the summary's row locks in the same order and never
 * deadlock on them. Empty between transactions.
 */
export const performanceDayChanges = pgTable(
  'clinic_performance_day_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    kind: smallint('kind').notNull(),
    userId: integer('user_id').notNull(),
    storeId: integer('store_id'),
    deptId: integer('dept_id'),
    projectId: integer('project_id'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [index('clinic_performance_day_change_tx_idx').on(t.tx)],
);

/**
 * The transactions with changes waiting to be folded, one row each: the deferred fold trigger
 * hangs on this table (a constraint trigger fires once per inserted row, and the note inserts its
 * transaction here only once), so a transaction that wrote a million changes folds once, not a
 * million times (migration 0085).
 */
export const performanceDayPending = pgTable('clinic_performance_day_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/**
 * The deals sold, 划扣 done and refunds paid out (issue 24, h-client): `kind` 1 deal (a normal
 * one: a 返修 is no sale), 2 划扣 not undone, 3 refund paid out; by the company's day of the row's
 * time (the deal's and the 划扣's creation, the refund's last change, in `dealDayZone`) × project ×
 * partner shop × department, the shop and project being the deal's. `sessions` and `value` are the
 * deal's bought sessions and value, the 划扣's sessions and value, the refund's sessions and
 * amount; `sessions_left` what the deals have left now. Everyone's rows together, no owner: the
 * customers' money is their *current* owner's, so the project ranking and the 划扣 report read
 * this when the figure counts everyone (bi/query.ts `figureSource`), the detail otherwise. Kept
 * exact at every commit by the deferred once-per-transaction fold of clinic_performance_day
 * (changes noted per statement, folded at commit in key order; the migration's hand-written block).
 */
export const dealDays = pgTable(
  'clinic_deal_day',
  {
    kind: smallint('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    projectId: integer('project_id'),
    storeId: integer('store_id'),
    deptId: integer('dept_id'),
    sessions: bigint('sessions', { mode: 'number' }).notNull(),
    value: numeric('value', { precision: 16, scale: 2 }).notNull(),
    sessionsLeft: bigint('sessions_left', { mode: 'number' }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    unique('clinic_deal_day_uq').on(t.kind, t.day, t.projectId, t.storeId, t.deptId).nullsNotDistinct(),
    index('clinic_deal_day_empty_idx').on(t.day).where(sql`row_count = 0`),
  ],
);

/** A transaction's changes to clinic_deal_day, waiting for its commit (as clinic_performance_day_change). */
export const dealDayChanges = pgTable(
  'clinic_deal_day_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    kind: smallint('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    projectId: integer('project_id'),
    storeId: integer('store_id'),
    deptId: integer('dept_id'),
    sessions: bigint('sessions', { mode: 'number' }).notNull(),
    value: numeric('value', { precision: 16, scale: 2 }).notNull(),
    sessionsLeft: bigint('sessions_left', { mode: 'number' }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [index('clinic_deal_day_change_tx_idx').on(t.tx)],
);

/** The transactions with deal-day changes to fold, one row each: the deferred fold hangs here. */
export const dealDayPending = pgTable('clinic_deal_day_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/**
 * Each customer's first day with paid cash performance (a 现金业绩 row above zero, as the
 * new/returning split reads it): a customer is returning in a period when this day is before it
 * (issue 24, h-client). Kept by statement triggers on clinic_performance at once (an insert takes
 * the earlier day; a delete or move recomputes the customers it touched from their rows), in the
 * writing transaction: the customer's money is already serialised under its account row lock.
 */
export const customerFirstPaid = pgTable('clinic_customer_first_paid', {
  customerId: integer('customer_id').primaryKey(),
  firstDay: date('first_day', { mode: 'string' }).notNull(),
});
