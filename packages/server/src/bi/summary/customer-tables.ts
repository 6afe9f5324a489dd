import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';

/**
 * The customers' summaries (issue 24 at full size, h-cust; docs/decisions.md "Statistics: the
 * customers' summaries"): how many customers were created, and how many of them are dealt (成交),
 * per company day (the `timeZone` of sys_config, as the figures' periods) × current owner (null: the
 * pool). The new and dealt customers' figures grouped by none, a bucket or the owner read these
 * instead of crm_customer (bi/sources.ts, bi/query.ts `figureSource`). Kept by triggers on
 * crm_customer in the writing transaction (changes noted per statement, folded just before its
 * commit, as clinic_performance_day: the hand-written block of this migration), so they are exact
 * at every commit whatever writes the rows: a transfer moves counts between owners, a deal moves
 * one from 0 to 1. A key whose customers all left is deleted. `crm_customer_summary_rebuild()`
 * recomputes them (also when the company's time zone changes).
 */
export const customerDays = pgTable(
  'crm_customer_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    customers: integer('customers').notNull(),
    dealt: integer('dealt').notNull(),
  },
  (t) => [
    unique('crm_customer_day_uq').on(t.day, t.ownerUserId).nullsNotDistinct(),
    // The fold deletes emptied keys through this (it holds only those, for a moment).
    index('crm_customer_day_empty_idx').on(t.day).where(sql`customers = 0`),
  ],
);

/**
 * The same counts per company month (`month` is its first day) × owner: 24 × 200 rows at full size
 * instead of ~146,000. Read for periods of whole months split by none, month or owner
 * (`Source.grain`): a year's figures sum 2,400 rows.
 */
export const customerMonths = pgTable(
  'crm_customer_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    customers: integer('customers').notNull(),
    dealt: integer('dealt').notNull(),
  },
  (t) => [
    unique('crm_customer_month_uq').on(t.month, t.ownerUserId).nullsNotDistinct(),
    index('crm_customer_month_empty_idx').on(t.month).where(sql`customers = 0`),
  ],
);

/**
 * The customers per company month × owner × value of each choice field (select, checkbox) of the
 * administrator's customer fields, `value` as the portraits read it (`fields->>name`, 未填写 when
 * empty or absent): the portraits (客户行业, 客户级别, 客户来源, a field chosen at run time) over whole
 * months. Which fields: `crm_customer_summary_fields()`; a field that becomes one (or stops being
 * one) is refolded by the trigger on crm_field.
 */
export const customerFieldMonths = pgTable(
  'crm_customer_field_month',
  {
    fieldName: varchar('field_name', { length: 50 }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    value: text('value').notNull(),
    customers: integer('customers').notNull(),
    dealt: integer('dealt').notNull(),
  },
  (t) => [
    // Key order for the period scan: one field's months, then owner and value.
    unique('crm_customer_field_month_uq').on(t.fieldName, t.month, t.ownerUserId, t.value).nullsNotDistinct(),
    index('crm_customer_field_month_empty_idx').on(t.month).where(sql`customers = 0`),
  ],
);

/**
 * A transaction's changes to the customers' summaries, waiting for its commit: a row with no
 * `field_name` counts for the day and month summaries, one with a field for the field summary
 * (its `day` then a month's first day). Empty between transactions.
 */
export const customerDayChanges = pgTable(
  'crm_customer_day_change',
  {
    tx: bigint('tx', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id'),
    fieldName: varchar('field_name', { length: 50 }),
    value: text('value'),
    customers: integer('customers').notNull(),
    dealt: integer('dealt').notNull(),
  },
  (t) => [index('crm_customer_day_change_tx_idx').on(t.tx)],
);

/** The transactions with customer changes waiting to be folded, one row each (the deferred fold hangs here). */
export const customerDayPending = pgTable('crm_customer_day_pending', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});
