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
const deptShopKey = sql`kind, business_day, dept_id, store_id`;
const recomputedByDeptShop = sql`select business_day, kind, null::int as user_id, store_id, dept_id,
    null::int as project_id, sum(amount)::numeric(16, 2) as amount, count(*)::int as row_count
  from clinic_performance group by ${deptShopKey}`;
const storedByDeptShop = sql`select business_day, kind, null::int as user_id, store_id, dept_id,
    null::int as project_id, amount, row_count from clinic_performance_dept_shop_day`;
const projectKey = sql`kind, business_day, project_id`;
const recomputedByProject = sql`select business_day, kind, null::int as user_id, null::int as store_id,
    null::int as dept_id, project_id, sum(amount)::numeric(16, 2) as amount, count(*)::int as row_count
  from clinic_performance group by ${projectKey}`;
const storedByProject = sql`select business_day, kind, null::int as user_id, null::int as store_id,
    null::int as dept_id, project_id, amount, row_count from clinic_performance_project_day`;
const recomputedByKind = sql`select business_day, kind, null::int as user_id, null::int as store_id,
    null::int as dept_id, null::int as project_id, sum(amount)::numeric(16, 2) as amount, count(*)::int as row_count
  from clinic_performance group by kind, business_day`;
const storedByKind = sql`select business_day, kind, null::int as user_id, null::int as store_id,
    null::int as dept_id, null::int as project_id, amount, row_count from clinic_performance_kind_day`;
const buyerKey = sql`split, unit, period_start, user_id, dept_id, region`;
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
  await tx.execute(sql`delete from clinic_performance_dept_shop_day`);
  await tx.execute(sql`insert into clinic_performance_dept_shop_day (${deptShopKey}, amount, row_count)
    select ${deptShopKey}, sum(amount), sum(row_count) from clinic_performance_day group by ${deptShopKey}`);
  await tx.execute(sql`delete from clinic_performance_kind_day`);
  await tx.execute(sql`insert into clinic_performance_kind_day (kind, business_day, amount, row_count)
    select kind, business_day, sum(amount), sum(row_count) from clinic_performance_day group by kind, business_day`);
  await tx.execute(sql`delete from clinic_performance_project_day`);
  await tx.execute(sql`insert into clinic_performance_project_day (${projectKey}, amount, row_count)
    select ${projectKey}, sum(amount), sum(row_count) from clinic_performance_day group by ${projectKey}`);
  await tx.execute(sql`delete from clinic_buyer_count_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_buyer_count`);
  await tx.execute(
    sql`insert into clinic_buyer_count (${buyerKey}, customers) select * from clinic_buyer_count_of_detail()`,
  );
}

/** Recomputes clinic_payment_hour from the payments of charged orders (as `rebuildPerformanceDays`). */
export async function rebuildPaymentHours(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table clinic_payment, clinic_order in share mode`);
  await tx.execute(sql`delete from clinic_payment_hour_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_payment_hour`);
  await tx.execute(sql`insert into clinic_payment_hour (hour, method, kind, amount, row_count)
    select * from clinic_payment_hour_of_detail()`);
}

/** Recomputes clinic_deal_hour from the deal records (as `rebuildPerformanceDays`). */
export async function rebuildDealHours(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table crm_customer_project_deal_record in share mode`);
  await tx.execute(sql`delete from clinic_deal_hour_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_deal_hour`);
  await tx.execute(
    sql`insert into clinic_deal_hour (hour, store_id, deals) select * from clinic_deal_hour_of_detail()`,
  );
}

export type DealHourDifference = { side: 'summary' | 'detail'; hour: string; store_id: number | null; deals: number };

/** Hours where clinic_deal_hour and the deal records disagree (each side's row). */
export const dealHourDifferences = (db: Tx) =>
  queryRows<DealHourDifference>(
    db,
    sql`with stored as (select hour, store_id, deals from clinic_deal_hour),
        recounted as (select * from clinic_deal_hour_of_detail())
      (select 'summary' as side, * from (select * from stored except select * from recounted) a)
      union all (select 'detail', * from (select * from recounted except select * from stored) b)
      order by 2, 3, 1`,
  );

export type SummaryDifference = {
  /** Which summary: the day's full key or the earner's day. */
  summary: 'day' | 'user_day' | 'dept_shop' | 'project' | 'kind_day';
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
      union all (select 'dept_shop', 'summary', * from (${storedByDeptShop} except ${recomputedByDeptShop}) e)
      union all (select 'dept_shop', 'detail', * from (${recomputedByDeptShop} except ${storedByDeptShop}) f)
      union all (select 'project', 'summary', * from (${storedByProject} except ${recomputedByProject}) g)
      union all (select 'project', 'detail', * from (${recomputedByProject} except ${storedByProject}) h)
      union all (select 'kind_day', 'summary', * from (${storedByKind} except ${recomputedByKind}) i)
      union all (select 'kind_day', 'detail', * from (${recomputedByKind} except ${storedByKind}) j)
      order by 1, 3, 4, 5, 2`,
  );

export type BuyerCountDifference = {
  side: 'summary' | 'detail';
  split: number;
  unit: string;
  period_start: string;
  user_id: number | null;
  dept_id: number | null;
  region: string | null;
  customers: number;
};

/** Buyer counts where clinic_buyer_count and a recount of the detail disagree (each side's row). */
export const buyerCountDifferences = (db: Tx) =>
  queryRows<BuyerCountDifference>(
    db,
    sql`with stored as (select ${buyerKey}, customers from clinic_buyer_count),
        recounted as (select * from clinic_buyer_count_of_detail())
      (select 'summary' as side, * from (select * from stored except select * from recounted) a)
      union all (select 'detail', * from (select * from recounted except select * from stored) b)
      order by 2, 3, 4, 5, 6, 7, 1`,
  );

export type PaymentHourDifference = {
  side: 'summary' | 'detail';
  hour: string;
  method: string;
  kind: number;
  amount: string;
  row_count: number;
};

/** Hours where clinic_payment_hour and the payments of charged orders disagree (each side's row). */
export const paymentHourDifferences = (db: Tx) =>
  queryRows<PaymentHourDifference>(
    db,
    sql`with stored as (select hour, method, kind, amount, row_count from clinic_payment_hour),
        recounted as (select * from clinic_payment_hour_of_detail())
      (select 'summary' as side, * from (select * from stored except select * from recounted) a)
      union all (select 'detail', * from (select * from recounted except select * from stored) b)
      order by 2, 3, 4, 1`,
  );
