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

/**
 * Recomputes the customers' summaries (crm_customer_day, _month, _field_month) from crm_customer in
 * the caller's transaction, under a SHARE lock on it (the migration's
 * `crm_customer_summary_rebuild()`, which a change of the company's time zone runs too).
 */
export async function rebuildCustomerSummaries(tx: Tx): Promise<void> {
  await tx.execute(sql`select crm_customer_summary_rebuild()`);
}

/** The customers' summaries as the detail makes them now, in one shape: summary, field ('' for none), day, owner, value. */
const customerRecomputed = sql`
  with z as (select crm_company_zone() as zone)
  select 'day' as summary, '' as field_name, (c.create_time at time zone z.zone)::date as day, c.owner_user_id,
    '' as value, count(*)::int as customers, (count(*) filter (where c.deal_status = 1))::int as dealt
  from crm_customer c, z group by 3, 4
  union all
  select 'month', '', date_trunc('month', c.create_time at time zone z.zone)::date, c.owner_user_id, '',
    count(*)::int, (count(*) filter (where c.deal_status = 1))::int
  from crm_customer c, z group by 3, 4
  union all
  select 'field_month', f, date_trunc('month', c.create_time at time zone z.zone)::date, c.owner_user_id,
    coalesce(nullif(c.fields->>f, ''), '未填写'), count(*)::int, (count(*) filter (where c.deal_status = 1))::int
  from crm_customer c cross join z cross join unnest(crm_customer_summary_fields()) as f group by 2, 3, 4, 5`;
const customerStored = sql`
  select 'day' as summary, '' as field_name, day, owner_user_id, '' as value, customers, dealt from crm_customer_day
  union all select 'month', '', month, owner_user_id, '', customers, dealt from crm_customer_month
  union all select 'field_month', field_name, month, owner_user_id, value, customers, dealt from crm_customer_field_month`;

export type CustomerSummaryDifference = {
  summary: 'day' | 'month' | 'field_month';
  side: 'summary' | 'detail';
  field_name: string;
  day: string;
  owner_user_id: number | null;
  value: string;
  customers: number;
  dealt: number;
};

/** Keys where a customers' summary and the detail disagree (each side's row); none when all three are exact. */
export const customerSummaryDifferences = (db: Tx) =>
  queryRows<CustomerSummaryDifference>(
    db,
    sql`select summary, 'summary' as side, field_name, day, owner_user_id, value, customers, dealt
        from ((${customerStored}) except (${customerRecomputed})) a
      union all select summary, 'detail', field_name, day, owner_user_id, value, customers, dealt
        from ((${customerRecomputed}) except (${customerStored})) b
      order by 1, 3, 4, 5, 6, 2`,
  );
