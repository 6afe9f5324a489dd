import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/sql.ts';
import type { Tx } from '../../db/client.ts';

/** The summary's key columns, in the unique constraint's order. */
const key = sql`business_day, kind, user_id, store_id, dept_id, project_id`;
/** The day summary as the detail rows make it now. */
const recomputed = sql`select ${key}, sum(amount)::numeric(16, 2) as amount, count(*)::int as row_count
  from clinic_performance group by ${key}`;
const stored = sql`select ${key}, amount, row_count from clinic_performance_day`;
/** The earner's day summary: the same sums without the shop, department and project (null here). */
const userKey = sql`kind, business_day, user_id`;
const recomputedByUser = sql`select business_day, kind, user_id, null::int as store_id, null::int as dept_id,
    null::int as project_id, sum(amount)::numeric(16, 2) as amount, count(*)::int as row_count
  from clinic_performance group by ${userKey}`;
const storedByUser = sql`select business_day, kind, user_id, null::int as store_id, null::int as dept_id,
    null::int as project_id, amount, row_count from clinic_performance_user_day`;

/**
 * Recomputes clinic_performance_day and clinic_performance_user_day from the detail rows (after a restore, a bulk load that
 * bypassed the triggers, or a doubt): in the caller's transaction, with the detail locked against
 * writers (SHARE: reads go on) so no post lands between the delete and the insert.
 */
export async function rebuildPerformanceDays(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table clinic_performance in share mode`);
  // This transaction's own changes would fold at its commit on top of the recomputation.
  await tx.execute(sql`delete from clinic_performance_day_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_performance_day`);
  await tx.execute(sql`insert into clinic_performance_day (${key}, amount, row_count) ${recomputed}`);
  await tx.execute(sql`delete from clinic_performance_user_day`);
  await tx.execute(sql`insert into clinic_performance_user_day (${userKey}, amount, row_count)
    select ${userKey}, sum(amount), sum(row_count) from clinic_performance_day group by ${userKey}`);
}

export type SummaryDifference = {
  /** Which summary: the day's full key or the earner's day. */
  summary: 'day' | 'user_day';
  side: 'summary' | 'detail';
  business_day: string;
  kind: number;
  user_id: number;
  store_id: number | null;
  dept_id: number | null;
  project_id: number | null;
  amount: string;
  row_count: number;
};

/** Keys where a summary and the detail disagree (each side's row); none when both are exact. */
export const performanceDayDifferences = (db: Tx) =>
  queryRows<SummaryDifference>(
    db,
    sql`(select 'day' as summary, 'summary' as side, * from (${stored} except ${recomputed}) a)
      union all (select 'day', 'detail', * from (${recomputed} except ${stored}) b)
      union all (select 'user_day', 'summary', * from (${storedByUser} except ${recomputedByUser}) c)
      union all (select 'user_day', 'detail', * from (${recomputedByUser} except ${storedByUser}) d)
      order by 1, 3, 4, 5, 2`,
  );

/** clinic_deal_day's key, in its unique constraint's order. */
const dealKey = sql`kind, day, project_id, store_id, dept_id`;
/** clinic_deal_day as the deals, 划扣 and refunds make it now (migration 0088's triggers and fill). */
const dealRecomputed = sql`select ${dealKey}, sum(sessions)::bigint as sessions, sum(value)::numeric(16, 2) as value,
    sum(sessions_left)::bigint as sessions_left, count(*)::int as row_count
  from (
    select 1::smallint as kind, clinic_deal_day_of(d.create_time) as day, d.project_id, d.store_id, d.dept_id,
      d.sessions_bought as sessions, d.deal_value as value, d.sessions_left
    from crm_customer_project_deal_record d where d.kind = 1
    union all
    select 2, clinic_deal_day_of(t.create_time), d.project_id, d.store_id, t.dept_id, t.sessions, t.value, 0
    from clinic_treatment t join crm_customer_project_deal_record d on d.deal_id = t.deal_id where t.status = 1
    union all
    select 3, clinic_deal_day_of(f.update_time), d.project_id, d.store_id, d.dept_id, f.sessions, f.amount, 0
    from clinic_refund f join crm_customer_project_deal_record d on d.deal_id = f.deal_id where f.status = 3
  ) a
  group by ${dealKey}`;
const dealStored = sql`select ${dealKey}, sessions, value, sessions_left, row_count from clinic_deal_day`;

/**
 * Recomputes clinic_deal_day from the deals, 划扣 and refunds, as rebuildPerformanceDays does
 * (the three tables locked against writers, this transaction's own changes dropped).
 */
export async function rebuildDealDays(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table crm_customer_project_deal_record, clinic_treatment, clinic_refund in share mode`);
  await tx.execute(sql`delete from clinic_deal_day_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_deal_day`);
  await tx.execute(
    sql`insert into clinic_deal_day (${dealKey}, sessions, value, sessions_left, row_count) ${dealRecomputed}`,
  );
}

export type DealDayDifference = {
  side: 'summary' | 'detail';
  kind: number;
  day: string;
  project_id: number | null;
  store_id: number | null;
  dept_id: number | null;
  sessions: string;
  value: string;
  sessions_left: string;
  row_count: number;
};

/** Keys where clinic_deal_day and the rows disagree (each side's row); none when it is exact. */
export const dealDayDifferences = (db: Tx) =>
  queryRows<DealDayDifference>(
    db,
    sql`(select 'summary' as side, * from (${dealStored} except ${dealRecomputed}) a)
      union all (select 'detail', * from (${dealRecomputed} except ${dealStored}) b)
      order by 2, 3, 4, 5, 6, 1`,
  );

/** Each customer's first paid day as the cash performance rows give it now. */
const firstPaidRecomputed = sql`select customer_id, min(business_day) as first_day from clinic_performance
  where kind = 1 and amount > 0 and customer_id is not null group by customer_id`;
const firstPaidStored = sql`select customer_id, first_day from clinic_customer_first_paid`;

/** Recomputes clinic_customer_first_paid from the performance rows (the detail locked against writers). */
export async function rebuildFirstPaid(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table clinic_performance in share mode`);
  await tx.execute(sql`delete from clinic_customer_first_paid`);
  await tx.execute(sql`insert into clinic_customer_first_paid (customer_id, first_day) ${firstPaidRecomputed}`);
}

/** Customers whose stored first paid day the rows do not give (each side's row); none when exact. */
export const firstPaidDifferences = (db: Tx) =>
  queryRows<{ side: 'summary' | 'detail'; customer_id: number; first_day: string }>(
    db,
    sql`(select 'summary' as side, * from (${firstPaidStored} except ${firstPaidRecomputed}) a)
      union all (select 'detail', * from (${firstPaidRecomputed} except ${firstPaidStored}) b)
      order by 2, 1`,
  );
