import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';

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
 * clinic_performance_user_day rolled up to the month (its first day) × kind × earner: a year by earner
 * is ~2,400 rows here against ~60,000 days (staffPerformanceAnalyze's and Personaldetails' years).
 * Kept by statement triggers on clinic_performance_user_day itself (migration 0095), so it is exact
 * whenever the earner's days are.
 */
export const performanceUserMonths = pgTable(
  'clinic_performance_user_month',
  {
    kind: smallint('kind').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'clinic_performance_user_month_pk', columns: [t.kind, t.month, t.userId] }),
    index('clinic_performance_user_month_empty_idx').on(t.month).where(sql`row_count = 0`),
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
 * Customer follow-ups (crm_follow_record, label 2) by the company's day × author × method: how many
 * (issue 24, h-follow; docs/decisions.md "Statistics: follow-up and product summaries"). Follow-ups
 * by method read this; every other follow-up figure reads the coarser crm_follow_user_day. Kept by
 * the statement triggers on crm_follow_record and folded just before commit (the clinic summary's
 * deferred pattern); a key whose follow-ups all left is deleted.
 */
export const followDays = pgTable(
  'crm_follow_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    category: varchar('category', { length: 30 }).notNull(),
    followCount: integer('follow_count').notNull(),
  },
  (t) => [
    unique('crm_follow_day_uq').on(t.day, t.userId, t.category),
    index('crm_follow_day_empty_idx').on(t.day).where(sql`follow_count = 0`),
  ],
);

/**
 * Follow-ups by day × author, and how many of them are a customer's first of a calendar unit: of
 * its day, ISO week, month, quarter and year among everyone's follow-ups (`first_*`), and among the
 * author's own (`own_*`). The customers followed up in a whole unit (or in buckets that are whole
 * units) are then a sum: everyone's, or an author's (the owner split, a one-user scope) — the same
 * distinct count as the detail's (bi/query.ts `figureSource`, `Source.calendar`). Which follow-up
 * is first: the earliest by time, then id. The triggers recompute the flags of every customer a
 * statement touches (a handful of follow-ups each), under a per-customer advisory lock.
 */
export const followUserDays = pgTable(
  'crm_follow_user_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    followCount: integer('follow_count').notNull(),
    firstDay: integer('first_day').notNull(),
    firstWeek: integer('first_week').notNull(),
    firstMonth: integer('first_month').notNull(),
    firstQuarter: integer('first_quarter').notNull(),
    firstYear: integer('first_year').notNull(),
    ownDay: integer('own_day').notNull(),
    ownWeek: integer('own_week').notNull(),
    ownMonth: integer('own_month').notNull(),
    ownQuarter: integer('own_quarter').notNull(),
    ownYear: integer('own_year').notNull(),
  },
  (t) => [
    unique('crm_follow_user_day_uq').on(t.day, t.userId),
    index('crm_follow_user_day_empty_idx').on(t.day).where(sql`follow_count = 0`),
  ],
);

/**
 * The follow-ups by month × author × method (`month`: its first day): a year's split by method reads
 * 12 months' rows instead of 365 days' (query.ts `figureSource`, `Source.grain`). Folded with the
 * day summaries from the same changes.
 */
export const followMonths = pgTable(
  'crm_follow_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    category: varchar('category', { length: 30 }).notNull(),
    followCount: integer('follow_count').notNull(),
  },
  (t) => [
    unique('crm_follow_month_uq').on(t.month, t.userId, t.category),
    index('crm_follow_month_empty_idx').on(t.month).where(sql`follow_count = 0`),
  ],
);

/** crm_follow_user_day by month: the follow-ups and the firsts of a month, quarter and year. */
export const followUserMonths = pgTable(
  'crm_follow_user_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    followCount: integer('follow_count').notNull(),
    firstMonth: integer('first_month').notNull(),
    firstQuarter: integer('first_quarter').notNull(),
    firstYear: integer('first_year').notNull(),
    ownMonth: integer('own_month').notNull(),
    ownQuarter: integer('own_quarter').notNull(),
    ownYear: integer('own_year').notNull(),
  },
  (t) => [
    unique('crm_follow_user_month_uq').on(t.month, t.userId),
    index('crm_follow_user_month_empty_idx').on(t.month).where(sql`follow_count = 0`),
  ],
);

/**
 * A transaction's changes to the follow-up summaries, waiting for its commit (as
 * clinic_performance_day_change): one row per day × author × method with the change of each count.
 */
export const followDayChanges = pgTable(
  'crm_follow_day_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    category: varchar('category', { length: 30 }).notNull(),
    followCount: integer('follow_count').notNull(),
    firstDay: integer('first_day').notNull(),
    firstWeek: integer('first_week').notNull(),
    firstMonth: integer('first_month').notNull(),
    firstQuarter: integer('first_quarter').notNull(),
    firstYear: integer('first_year').notNull(),
    ownDay: integer('own_day').notNull(),
    ownWeek: integer('own_week').notNull(),
    ownMonth: integer('own_month').notNull(),
    ownQuarter: integer('own_quarter').notNull(),
    ownYear: integer('own_year').notNull(),
  },
  (t) => [index('crm_follow_day_change_tx_idx').on(t.tx)],
);

/** The transactions with follow-up changes to fold, one row each (the deferred fold hangs here). */
export const followDayPending = pgTable('crm_follow_day_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/**
 * Approved contracts by order day × owner: how many, their money (h-contract: the contracts' count
 * and amount, bi/sources.ts `contracts`), and the days from each one's customer's creation (the
 * company's day) to its order day, summed (the sales cycle, bi/sources.ts `dealCycle`). Kept by the
 * triggers on crm_contract (approval, order day, owner, customer, money) and on crm_customer
 * (creation time), folded just before commit.
 */
export const contractDays = pgTable(
  'crm_contract_day',
  {
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    deals: integer('deals').notNull(),
    cycleDays: bigint('cycle_days', { mode: 'number' }).notNull(),
    money: numeric('money', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    unique('crm_contract_day_uq').on(t.orderDate, t.ownerUserId).nullsNotDistinct(),
    index('crm_contract_day_empty_idx').on(t.orderDate).where(sql`deals = 0`),
  ],
);

/**
 * crm_contract_day by month (the first day of the order day's month; h-contract): a year's figures
 * by month, owner or in total read 12 months' rows per owner instead of 365 days'. Folded with the
 * day summary from the same changes.
 */
export const contractMonths = pgTable(
  'crm_contract_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    deals: integer('deals').notNull(),
    cycleDays: bigint('cycle_days', { mode: 'number' }).notNull(),
    money: numeric('money', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    unique('crm_contract_month_uq').on(t.month, t.ownerUserId).nullsNotDistinct(),
    index('crm_contract_month_empty_idx').on(t.month).where(sql`deals = 0`),
  ],
);

/**
 * Approved receivables by return day × owner (h-contract): how many and their money (a receivable
 * without an amount counts 0, as the detail's `coalesce(sum(money), 0)`). Kept by statement
 * triggers on crm_receivables (a receivable's figures are its own row's: the transition tables'
 * new rows minus the old), folded just before commit.
 */
export const receivablesDays = pgTable(
  'crm_receivables_day',
  {
    returnDate: date('return_date', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    receivables: integer('receivables').notNull(),
    money: numeric('money', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    unique('crm_receivables_day_uq').on(t.returnDate, t.ownerUserId).nullsNotDistinct(),
    index('crm_receivables_day_empty_idx').on(t.returnDate).where(sql`receivables = 0`),
  ],
);

/** crm_receivables_day by month (the first day of the return day's month), folded with it. */
export const receivablesMonths = pgTable(
  'crm_receivables_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    receivables: integer('receivables').notNull(),
    money: numeric('money', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    unique('crm_receivables_month_uq').on(t.month, t.ownerUserId).nullsNotDistinct(),
    index('crm_receivables_month_empty_idx').on(t.month).where(sql`receivables = 0`),
  ],
);

/** A transaction's changes to crm_receivables_day and crm_receivables_month, waiting for its commit. */
export const receivablesDayChanges = pgTable(
  'crm_receivables_day_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    returnDate: date('return_date', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    receivables: integer('receivables').notNull(),
    money: numeric('money', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [index('crm_receivables_day_change_tx_idx').on(t.tx)],
);

/** The transactions with receivable changes to fold, one row each (the deferred fold hangs here). */
export const receivablesDayPending = pgTable('crm_receivables_day_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/**
 * Approved contracts' product lines by order day × owner × product: quantity, amount and how many
 * lines. Kept by the triggers on crm_product_line (label 6) and crm_contract, folded just before
 * commit; the product's name and category are joined when read, so renaming or moving a product
 * needs no change here.
 */
export const productLineDays = pgTable(
  'crm_product_line_day',
  {
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    productId: integer('product_id').notNull(),
    num: numeric('num', { precision: 18, scale: 2 }).notNull(),
    subtotal: numeric('subtotal', { precision: 18, scale: 2 }).notNull(),
    lineCount: integer('line_count').notNull(),
  },
  (t) => [
    unique('crm_product_line_day_uq').on(t.orderDate, t.ownerUserId, t.productId).nullsNotDistinct(),
    index('crm_product_line_day_empty_idx').on(t.orderDate).where(sql`line_count = 0`),
  ],
);

/** A transaction's changes to crm_contract_day and crm_product_line_day, waiting for its commit. */
export const contractDayChanges = pgTable(
  'crm_contract_day_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    /** Null: a contract's change (deals, days); else a product line's. */
    productId: integer('product_id'),
    deals: integer('deals').notNull(),
    cycleDays: bigint('cycle_days', { mode: 'number' }).notNull(),
    /** The contracts' money (h-contract); 0 on a product line's change. */
    money: numeric('money', { precision: 18, scale: 2 }).notNull().default('0'),
    num: numeric('num', { precision: 18, scale: 2 }).notNull(),
    subtotal: numeric('subtotal', { precision: 18, scale: 2 }).notNull(),
    lineCount: integer('line_count').notNull(),
  },
  (t) => [index('crm_contract_day_change_tx_idx').on(t.tx)],
);

/**
 * What crm_contract_day counts of each contract now (approved and dated): its day, owner and days
 * of cycle. The triggers recount a changed contract against this (new minus counted), so a
 * statement that writes a contract and its lines at once (a data-modifying `with`) counts each
 * once, whichever trigger fires first.
 */
export const contractCounted = pgTable('crm_contract_counted', {
  contractId: integer('contract_id').primaryKey(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
  ownerUserId: integer('owner_user_id'),
  cycleDays: integer('cycle_days').notNull(),
  money: numeric('money', { precision: 12, scale: 2 }).notNull().default('0'),
});

/** What crm_product_line_day counts of each product line now (as crm_contract_counted). */
export const productLineCounted = pgTable('crm_product_line_counted', {
  lineId: integer('line_id').primaryKey(),
  orderDate: date('order_date', { mode: 'string' }).notNull(),
  ownerUserId: integer('owner_user_id'),
  productId: integer('product_id').notNull(),
  num: numeric('num', { precision: 14, scale: 2 }).notNull(),
  subtotal: numeric('subtotal', { precision: 16, scale: 2 }).notNull(),
});

/** The transactions with contract or product-line changes to fold, one row each. */
export const contractDayPending = pgTable('crm_contract_day_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/**
 * Performance by kind × day × department × shop (no earner, no project): the department, shop,
 * region and department × shop splits of everyone's figures read this (full size: the day summary
 * held 3,280,002 rows, most of them the earner and project splits these pages never ask). Folded by
 * the day summary's deferred trigger in the same statement (h-money's hand-written block).
 */
export const performanceDeptShopDays = pgTable(
  'clinic_performance_dept_shop_day',
  {
    kind: smallint('kind').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    deptId: integer('dept_id'),
    storeId: integer('store_id'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    unique('clinic_performance_dept_shop_day_uq').on(t.kind, t.businessDay, t.deptId, t.storeId).nullsNotDistinct(),
    index('clinic_performance_dept_shop_day_empty_idx').on(t.businessDay).where(sql`row_count = 0`),
  ],
);

/** Performance by kind × day × project (no earner, department or shop): the project and project class splits. */
export const performanceProjectDays = pgTable(
  'clinic_performance_project_day',
  {
    kind: smallint('kind').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    projectId: integer('project_id'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    unique('clinic_performance_project_day_uq').on(t.kind, t.businessDay, t.projectId).nullsNotDistinct(),
    index('clinic_performance_project_day_empty_idx').on(t.businessDay).where(sql`row_count = 0`),
  ],
);

/**
 * Buying customers precounted (issue 24, h-money): how many distinct customers bought (a positive
 * cash performance row that is not a top-up) in each calendar day, week, month, quarter and year
 * (`unit` d/w/m/q/y, `period_start` the unit's first day), in all (`split` 0), per department (1),
 * per region of the shop (2, `region` as the statistics name it) and per earner (3). A distinct
 * count no day sum can give: a period that is whole units reads a handful of these rows instead of
 * every purchase (shared bi/period.ts `wholeUnit`). Kept by the clinic_performance triggers: a statement
 * recounts the memberships of the customers it touched (their rows are few) and notes the
 * difference; the day summary's deferred fold adds it in at commit.
 */
export const buyerCounts = pgTable(
  'clinic_buyer_count',
  {
    split: smallint('split').notNull(),
    unit: char('unit', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    userId: integer('user_id'),
    deptId: integer('dept_id'),
    region: text('region'),
    customers: integer('customers').notNull(),
  },
  (t) => [
    unique('clinic_buyer_count_uq').on(t.split, t.unit, t.periodStart, t.userId, t.deptId, t.region).nullsNotDistinct(),
    index('clinic_buyer_count_empty_idx').on(t.periodStart).where(sql`customers = 0`),
  ],
);

/** A transaction's changes to clinic_buyer_count, folded at its commit with the day summary's. */
export const buyerCountChanges = pgTable(
  'clinic_buyer_count_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    split: smallint('split').notNull(),
    unit: char('unit', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    userId: integer('user_id'),
    deptId: integer('dept_id'),
    region: text('region'),
    customers: integer('customers').notNull(),
  },
  (t) => [index('clinic_buyer_count_change_tx_idx').on(t.tx)],
);

/**
 * The clinic's client splits precounted (issue 24, h-split): per calendar month, quarter and year
 * (`unit` m/q/y, `period_start` the unit's first day), the customers with cash performance (kind 1)
 * in it by who they are now: new or returning (`split` 1: a paid row before the period), sex (2),
 * age band in the period's year (3) and the value of each choice field of the customers' (4,
 * `field_name`; crm_customer_summary_fields()). `value` and `ord` are the split's key and order as
 * the statistics name them (bi/clinic-sources.ts `clientSplits`); `customers` how many bought (a
 * positive row that is not a top-up: buyingCustomers), `amount` their cash performance,
 * `members` how many customers (a row without a customer: each row) have rows under the key, so
 * a key whose rows all left is deleted. Kept by statement triggers on clinic_performance (the
 * customers touched recounted before and after), on crm_customer (sex, birth year and choice
 * fields edited: the customer's memberships moved) and on crm_field (a field that becomes or stops
 * being a choice field is refolded); folded at commit by a deferred trigger (the migration's
 * hand-written block). `rebuildClientSplits` recomputes it.
 */
export const clientSplits = pgTable(
  'clinic_client_split',
  {
    split: smallint('split').notNull(),
    unit: char('unit', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    fieldName: text('field_name'),
    value: text('value').notNull(),
    ord: smallint('ord').notNull(),
    customers: integer('customers').notNull(),
    members: integer('members').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [
    unique('clinic_client_split_uq').on(t.split, t.unit, t.periodStart, t.fieldName, t.value, t.ord).nullsNotDistinct(),
    index('clinic_client_split_empty_idx').on(t.periodStart).where(sql`members = 0`),
  ],
);

/** A transaction's changes to clinic_client_split, folded at its commit. */
export const clientSplitChanges = pgTable(
  'clinic_client_split_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    split: smallint('split').notNull(),
    unit: char('unit', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    fieldName: text('field_name'),
    value: text('value').notNull(),
    ord: smallint('ord').notNull(),
    customers: integer('customers').notNull(),
    members: integer('members').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [index('clinic_client_split_change_tx_idx').on(t.tx)],
);

/** The transactions with changes to fold into clinic_client_split at their commit (one row each). */
export const clientSplitPending = pgTable('clinic_client_split_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/**
 * Payments of charged orders (not cancelled) by the hour they were charged × method × order kind
 * (issue 24, h-money): 营业额 and the payment methods of everyone's figures. By the UTC hour, so
 * no zone is stored: a period whose bounds are whole hours (every zone with a whole-hour offset)
 * reads it, and a day bucket is the hour's day in the company's zone. Kept exact at every commit by
 * statement triggers on clinic_payment and clinic_order noting each change, folded once per
 * transaction before its commit (the day summary's pattern).
 */
export const paymentHours = pgTable(
  'clinic_payment_hour',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    kind: smallint('kind').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'clinic_payment_hour_pk', columns: [t.hour, t.method, t.kind] }),
    index('clinic_payment_hour_empty_idx').on(t.hour).where(sql`row_count = 0`),
  ],
);

/**
 * clinic_payment_hour rolled up to the day in the summaries' zone (`clinic_deal_day_of`, as clinic_deal_day)
 * × method × kind: a year's payments are ~6,500 rows here against ~35,000 hours (the overview's and the
 * daily cash summary's years, bench/RESULTS.md). Kept by statement triggers on clinic_payment_hour
 * itself (migration 0095: each change of an hour moves its day by the same amount), so it is exact
 * whenever the hours are; read only while the company's zone is the summaries' one.
 */
export const paymentDays = pgTable(
  'clinic_payment_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    kind: smallint('kind').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'clinic_payment_day_pk', columns: [t.day, t.method, t.kind] }),
    index('clinic_payment_day_empty_idx').on(t.day).where(sql`row_count = 0`),
  ],
);

/** A transaction's changes to clinic_payment_hour, waiting for its commit. */
export const paymentHourChanges = pgTable(
  'clinic_payment_hour_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    kind: smallint('kind').notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [index('clinic_payment_hour_change_tx_idx').on(t.tx)],
);

/** The transactions with payment changes waiting to be folded (the deferred trigger hangs here, once each). */
export const paymentHourPending = pgTable('clinic_payment_hour_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/**
 * Deals sold (normal deals, not repairs) by the UTC hour they were made × the partner shop (issue 24,
 * h-money): everyone's 成交项目数 by shop and region (门店分析) and in total. Kept by statement
 * triggers on the deal records (made, removed, moved to another time, shop or kind), folded with the
 * payment hours at commit (the same pending row and deferred trigger).
 */
export const dealHours = pgTable(
  'clinic_deal_hour',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    storeId: integer('store_id'),
    deals: integer('deals').notNull(),
  },
  (t) => [
    unique('clinic_deal_hour_uq').on(t.hour, t.storeId).nullsNotDistinct(),
    index('clinic_deal_hour_empty_idx').on(t.hour).where(sql`deals = 0`),
  ],
);

/** A transaction's changes to clinic_deal_hour, waiting for its commit. */
export const dealHourChanges = pgTable(
  'clinic_deal_hour_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    storeId: integer('store_id'),
    deals: integer('deals').notNull(),
  },
  (t) => [index('clinic_deal_hour_change_tx_idx').on(t.tx)],
);

/**
 * Everyone's performance by kind × day (no earner, shop, department or project): a period's total
 * and its buckets read a row per day (the overview, the reports' totals). Folded by the day
 * summary's deferred trigger in the same statement (h-money's hand-written block).
 */
export const performanceKindDays = pgTable(
  'clinic_performance_kind_day',
  {
    kind: smallint('kind').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'clinic_performance_kind_day_pk', columns: [t.kind, t.businessDay] }),
    index('clinic_performance_kind_day_empty_idx').on(t.businessDay).where(sql`row_count = 0`),
  ],
);

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

/**
 * RFM (issue 24, h-rfm2): each customer's paid sales and 划扣 per calendar month and year ('m', 'y':
 * the period's first day, days of Asia/Shanghai as clinic_deal_day's): the day of the last of them,
 * the sale orders paid and what they took in cash and principal — rfm-sources.ts's per-customer row of
 * that period. Kept by the deferred once-per-transaction fold, which recomputes each touched customer's
 * periods from their rows (a maximum cannot be folded as a sum).
 */
export const rfmCustomers = pgTable(
  'clinic_rfm_customer',
  {
    unit: char('unit', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    customerId: integer('customer_id').notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull(),
    money: numeric('money', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.unit, t.periodStart, t.customerId] })],
);

/**
 * The RFM figures' rows: clinic_rfm_customer counted per period × last day × frequent (orders ≥ the
 * threshold) × big (money ≥ the threshold), rfm.ts's thresholds in the fold (`clinic_rfm_flags`). A
 * period's segments are then a few hundred rows: recency is the period's as-of day less the last day.
 */
export const rfmCounts = pgTable(
  'clinic_rfm_count',
  {
    unit: char('unit', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    frequent: smallint('frequent').notNull(),
    big: smallint('big').notNull(),
    customers: integer('customers').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    money: numeric('money', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.unit, t.periodStart, t.lastDay, t.frequent, t.big] })],
);

/** A transaction's customers whose RFM rows to recompute at its commit, with the days touched. */
export const rfmChanges = pgTable(
  'clinic_rfm_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    customerId: integer('customer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [index('clinic_rfm_change_tx_idx').on(t.tx)],
);

/** The transactions with RFM changes to fold, one row each: the deferred fold hangs here. */
export const rfmPending = pgTable('clinic_rfm_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/**
 * The shapes a 划扣's project cost is computed from (issue 24, h-rfm2): project × sessions × amount ×
 * |base| of 消耗业绩 rows (bi/clinic-sources.ts `costShare`: the catalogue's cost today × sessions ÷ the
 * package's sessions × amount ÷ |base|, rounded per row). A year's 780,000 rows have 44 shapes at full
 * size. Added by the fold of clinic_performance_cost_month when a new one appears, never removed.
 */
export const performanceCostShapes = pgTable(
  'clinic_performance_cost_shape',
  {
    shapeId: serial('shape_id').primaryKey(),
    projectId: integer('project_id'),
    sessions: integer('sessions'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    base: numeric('base', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [unique('clinic_performance_cost_shape_uq').on(t.projectId, t.sessions, t.amount, t.base).nullsNotDistinct()],
);

/**
 * 消耗业绩 rows counted per month × earner × shape: 项目成本 and 毛利 are each shape's cost, computed
 * once per shape at query time with the catalogue as before, × its rows (~51,000 rows a year at full
 * size). Kept by the deferred fold of clinic_performance_day's pattern.
 */
export const performanceCostMonths = pgTable(
  'clinic_performance_cost_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    shapeId: integer('shape_id').notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.userId, t.shapeId] }),
    index('clinic_performance_cost_month_empty_idx').on(t.month).where(sql`row_count = 0`),
  ],
);

/** The same counts by calendar year × earner × shape (the year's first day): the owner split of a year reads ~9,000 rows, not ~51,000. */
export const performanceCostYears = pgTable(
  'clinic_performance_cost_year',
  {
    year: date('year', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    shapeId: integer('shape_id').notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.userId, t.shapeId] }),
    index('clinic_performance_cost_year_empty_idx').on(t.year).where(sql`row_count = 0`),
  ],
);

/** The same counts for everyone (no earner): month × shape, what everyone's totals and months read. */
export const performanceCostShapeMonths = pgTable(
  'clinic_performance_cost_shape_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    shapeId: integer('shape_id').notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.shapeId] }),
    index('clinic_performance_cost_shape_month_empty_idx').on(t.month).where(sql`row_count = 0`),
  ],
);

/** A transaction's changes to clinic_performance_cost_month (by the shape's columns), waiting for its commit. */
export const performanceCostChanges = pgTable(
  'clinic_performance_cost_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id'),
    sessions: integer('sessions'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    base: numeric('base', { precision: 12, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [index('clinic_performance_cost_change_tx_idx').on(t.tx)],
);

/** The transactions with cost changes to fold, one row each: the deferred fold hangs here. */
export const performanceCostPending = pgTable('clinic_performance_cost_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});
