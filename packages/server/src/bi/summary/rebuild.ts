import { rfmThresholds } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
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
/** The earner's months (clinic_performance_user_month, rolled up from the earner's days): `business_day` its first day. */
const recomputedByUserMonth = sql`select date_trunc('month', business_day)::date as business_day, kind, user_id,
    null::int as store_id, null::int as dept_id, null::int as project_id, sum(amount)::numeric(16, 2) as amount,
    count(*)::int as row_count
  from clinic_performance group by kind, 1, user_id`;
const storedByUserMonth = sql`select month as business_day, kind, user_id, null::int as store_id, null::int as dept_id,
    null::int as project_id, amount, row_count from clinic_performance_user_month`;
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
  // The earner's months follow the earner's days (migration 0095's triggers): emptied between, refilled by the insert.
  await tx.execute(sql`delete from clinic_performance_user_day`);
  await tx.execute(sql`delete from clinic_performance_user_month`);
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
  await rebuildClientSplits(tx);
}

const clientSplitKey = sql`split, unit, period_start, field_name, value, ord`;

/**
 * Recomputes clinic_client_split (the client splits: cash rows by who the customer is now) from
 * the cash rows and the customers, both locked against writers (as `rebuildPerformanceDays`).
 */
export async function rebuildClientSplits(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table clinic_performance, crm_customer in share mode`);
  await tx.execute(sql`delete from clinic_client_split_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_client_split`);
  await tx.execute(sql`insert into clinic_client_split (${clientSplitKey}, customers, members, amount)
    select * from clinic_client_split_of_detail()`);
}

/**
 * Recomputes clinic_payment_hour from the payments of charged orders (as `rebuildPerformanceDays`),
 * and clinic_payment_day with it (its triggers on the hours refill it from empty).
 */
export async function rebuildPaymentHours(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table clinic_payment, clinic_order in share mode`);
  await tx.execute(sql`delete from clinic_payment_hour_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_payment_hour`);
  await tx.execute(sql`delete from clinic_payment_day`);
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

/** A summary row where a summary and the detail disagree: which summary, which side, the row as text. */
export type RowDifference = { summary: string; side: 'summary' | 'detail'; row: string };

/** For each named summary, its stored rows and the same rows recomputed from the detail: the rows on one side only. */
const rowDifferences = (db: Tx, summaries: Record<string, [stored: SQL, recomputed: SQL]>) =>
  queryRows<RowDifference>(
    db,
    sql`${sql.join(
      Object.entries(summaries).map(
        ([name, [kept, recount]]) =>
          sql`(select ${name}::text as summary, 'summary' as side, a::text as row from (${kept} except ${recount}) a)
      union all (select ${name}::text, 'detail', b::text from (${recount} except ${kept}) b)`,
      ),
      sql` union all `,
    )} order by 1, 3, 2`,
  );

/** Keys where a performance summary and the detail disagree (each side's row, as text); none when all are exact. */
export const performanceDayDifferences = (db: Tx) =>
  rowDifferences(db, {
    day: [stored, recomputed],
    user_day: [storedByUser, recomputedByUser],
    user_month: [storedByUserMonth, recomputedByUserMonth],
    dept_shop: [storedByDeptShop, recomputedByDeptShop],
    project: [storedByProject, recomputedByProject],
    kind_day: [storedByKind, recomputedByKind],
  });

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

/** The follow-up summaries' columns of counts (crm_follow_user_day; crm_follow_day has only follow_count). */
const followCounts = sql`follow_count, first_day, first_week, first_month, first_quarter, first_year,
  own_day, own_week, own_month, own_quarter, own_year`;
const followRecomputed = sql`select day::text, user_id, category, follow_count::int from crm_follow_day_recomputed()`;
const followStored = sql`select day::text, user_id, category, follow_count from crm_follow_day`;
const followUserRecomputed = sql`select day::text, user_id, sum(follow_count)::int as follow_count,
    sum(first_day)::int as first_day, sum(first_week)::int as first_week, sum(first_month)::int as first_month,
    sum(first_quarter)::int as first_quarter, sum(first_year)::int as first_year, sum(own_day)::int as own_day,
    sum(own_week)::int as own_week, sum(own_month)::int as own_month, sum(own_quarter)::int as own_quarter,
    sum(own_year)::int as own_year
  from crm_follow_day_recomputed() group by 1, 2`;
const followUserStored = sql`select day::text, user_id, ${followCounts} from crm_follow_user_day`;

const followMonthRecomputed = sql`select date_trunc('month', day)::date::text as month, user_id, category,
    sum(follow_count)::int as follow_count
  from crm_follow_day_recomputed() group by 1, 2, 3`;
const followMonthStored = sql`select month::text, user_id, category, follow_count from crm_follow_month`;
const followUserMonthRecomputed = sql`select date_trunc('month', day)::date::text as month, user_id,
    sum(follow_count)::int as follow_count, sum(first_month)::int as first_month,
    sum(first_quarter)::int as first_quarter, sum(first_year)::int as first_year, sum(own_month)::int as own_month,
    sum(own_quarter)::int as own_quarter, sum(own_year)::int as own_year
  from crm_follow_day_recomputed() group by 1, 2`;
const followUserMonthStored = sql`select month::text, user_id, follow_count, first_month, first_quarter, first_year,
    own_month, own_quarter, own_year from crm_follow_user_month`;

/**
 * Recomputes crm_follow_day, crm_follow_user_day, crm_follow_month and crm_follow_user_month from the follow-ups (SQL function
 * crm_follow_day_rebuild, migration 0089: under a SHARE lock on the detail). A change of the
 * company's zone runs it by itself (a trigger on sys_config).
 */
export async function rebuildFollowDays(tx: Tx): Promise<void> {
  await tx.execute(sql`select crm_follow_day_rebuild()`);
}

/** Keys where a follow-up summary and the detail disagree (each side's row); none when both are exact. */
export const followDayDifferences = (db: Tx) =>
  rowDifferences(db, {
    day: [followStored, followRecomputed],
    user_day: [followUserStored, followUserRecomputed],
    month: [followMonthStored, followMonthRecomputed],
    user_month: [followUserMonthStored, followUserMonthRecomputed],
  });

const contractRecomputed = sql`select k.order_date::text, k.owner_user_id, count(*)::int as deals,
    sum(greatest(k.order_date - (c.create_time at time zone crm_company_zone())::date, 0))::bigint as cycle_days,
    sum(k.money)::numeric(18, 2) as money
  from crm_contract k join crm_customer c on c.customer_id = k.customer_id
  where k.check_status = 1 and k.order_date is not null group by 1, 2`;
const contractStored = sql`select order_date::text, owner_user_id, deals, cycle_days, money from crm_contract_day`;
const contractMonthRecomputed = sql`select date_trunc('month', order_date::date)::date::text as month, owner_user_id,
    sum(deals)::int as deals, sum(cycle_days)::bigint as cycle_days, sum(money)::numeric(18, 2) as money
  from (${contractRecomputed}) d group by 1, 2`;
const contractMonthStored = sql`select month::text, owner_user_id, deals, cycle_days, money from crm_contract_month`;
const receivablesRecomputed = sql`select return_time::text, owner_user_id, count(*)::int as receivables,
    coalesce(sum(money), 0)::numeric(18, 2) as money
  from crm_receivables where check_status = 1 and return_time is not null group by 1, 2`;
const receivablesStored = sql`select return_date::text, owner_user_id, receivables, money from crm_receivables_day`;
const receivablesMonthRecomputed = sql`select date_trunc('month', return_time::date)::date::text as month, owner_user_id,
    sum(receivables)::int as receivables, sum(money)::numeric(18, 2) as money
  from (${receivablesRecomputed}) d group by 1, 2`;
const receivablesMonthStored = sql`select month::text, owner_user_id, receivables, money from crm_receivables_month`;
const lineRecomputed = sql`select k.order_date::text, k.owner_user_id, l.product_id, sum(l.num)::numeric(18, 2) as num,
    sum(l.subtotal)::numeric(18, 2) as subtotal, count(*)::int as line_count
  from crm_product_line l join crm_contract k on k.contract_id = l.record_id
  where l.label = 6 and k.check_status = 1 and k.order_date is not null group by 1, 2, 3`;
const lineStored = sql`select order_date::text, owner_user_id, product_id, num, subtotal, line_count from crm_product_line_day`;

/**
 * Recomputes crm_contract_day, crm_contract_month and crm_product_line_day (SQL function
 * crm_contract_day_rebuild, migrations 0089 and 0092), and the receivables' crm_receivables_day and
 * crm_receivables_month (crm_receivables_day_rebuild, 0092).
 */
export async function rebuildContractDays(tx: Tx): Promise<void> {
  await tx.execute(sql`select crm_contract_day_rebuild()`);
  await tx.execute(sql`select crm_receivables_day_rebuild()`);
}

/** Keys where a contract or receivables summary and the detail disagree (each side's row, as text); none when both are exact. */
export const contractDayDifferences = (db: Tx) =>
  rowDifferences(db, {
    contract: [contractStored, contractRecomputed],
    line: [lineStored, lineRecomputed],
    contract_month: [contractMonthStored, contractMonthRecomputed],
    receivables: [receivablesStored, receivablesRecomputed],
    receivables_month: [receivablesMonthStored, receivablesMonthRecomputed],
  });

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

export type ClientSplitDifference = {
  side: 'summary' | 'detail';
  split: number;
  unit: string;
  period_start: string;
  field_name: string | null;
  value: string;
  ord: number;
  customers: number;
  members: number;
  amount: string;
};

/** Client split rows where clinic_client_split and a recount of the detail disagree (each side's row). */
export const clientSplitDifferences = (db: Tx) =>
  queryRows<ClientSplitDifference>(
    db,
    sql`with stored as (select ${clientSplitKey}, customers, members, amount from clinic_client_split),
        recounted as (select * from clinic_client_split_of_detail())
      (select 'summary' as side, * from (select * from stored except select * from recounted) a)
      union all (select 'detail', * from (select * from recounted except select * from stored) b)
      order by 2, 3, 4, 5, 6, 7, 1`,
  );

const paymentHourStored = sql`select hour, method, kind, amount, row_count from clinic_payment_hour`;
const paymentHourRecomputed = sql`select * from clinic_payment_hour_of_detail()`;
const paymentDayStored = sql`select day, method, kind, amount, row_count from clinic_payment_day`;
const paymentDayRecomputed = sql`select clinic_deal_day_of(hour) as day, method, kind, sum(amount)::numeric(16, 2),
    sum(row_count)::int from clinic_payment_hour_of_detail() group by 1, 2, 3`;

/** Hours and days where clinic_payment_hour, clinic_payment_day and the payments of charged orders disagree. */
export const paymentHourDifferences = (db: Tx) =>
  rowDifferences(db, {
    hour: [paymentHourStored, paymentHourRecomputed],
    day: [paymentDayStored, paymentDayRecomputed],
  });

/** clinic_deal_day's key, in its unique constraint's order. */
const dealKey = sql`kind, day, project_id, store_id, dept_id`;
/** clinic_deal_day as the deals, 划扣 and refunds make it now (migration 0091's triggers and fill). */
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

/**
 * clinic_rfm_customer and clinic_rfm_count as the paid sale orders and 划扣 make them now (migration
 * 0092's fold and fill), written out here rather than read from its view, so the check does not
 * share the migration's text. The thresholds are rfm.ts's (rfmThresholds): frequent from 2 orders,
 * big from ¥5,000.
 */
const rfmRows = sql`select o.customer_id, (o.charged_time at time zone 'Asia/Shanghai')::date as day, 1 as orders,
      o.received + o.principal_used as money
    from clinic_order o where o.kind = 1 and o.status in (3, 4, 5) and o.charged_time is not null
    union all
    select t.customer_id, (t.create_time at time zone 'Asia/Shanghai')::date, 0, 0 from clinic_treatment t
    where t.status = 1`;
const rfmCustomerRecomputed = sql`select u.unit::char(1) as unit, date_trunc(u.span, r.day)::date as period_start,
    r.customer_id, max(r.day) as last_day, sum(r.orders)::int as orders, sum(r.money)::numeric(16, 2) as money
  from (${rfmRows}) r cross join (values ('m', 'month'), ('y', 'year')) u(unit, span)
  group by 1, 2, 3`;
const rfmCountRecomputed = sql`select unit, period_start, last_day, (orders >= ${rfmThresholds.frequentOrders})::int::smallint as frequent,
    (money >= ${rfmThresholds.moneyFen / 100})::int::smallint as big, count(*)::int as customers,
    sum(orders)::bigint as orders, sum(money)::numeric(16, 2) as money
  from (${rfmCustomerRecomputed}) c group by 1, 2, 3, 4, 5`;

/** Recomputes the RFM summaries from the orders and 划扣 (both locked against writers). */
export async function rebuildRfm(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table clinic_order, clinic_treatment in share mode`);
  await tx.execute(sql`delete from clinic_rfm_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_rfm_customer`);
  await tx.execute(sql`delete from clinic_rfm_count`);
  await tx.execute(
    sql`insert into clinic_rfm_customer (unit, period_start, customer_id, last_day, orders, money) ${rfmCustomerRecomputed}`,
  );
  await tx.execute(sql`insert into clinic_rfm_count (unit, period_start, last_day, frequent, big, customers, orders, money)
    select unit, period_start, last_day, (orders >= ${rfmThresholds.frequentOrders})::int::smallint,
      (money >= ${rfmThresholds.moneyFen / 100})::int::smallint, count(*)::int, sum(orders), sum(money)
    from clinic_rfm_customer group by 1, 2, 3, 4, 5`);
}

/** Rows where the RFM summaries and the orders and 划扣 disagree (which table, each side's row); none when exact. */
export const rfmDifferences = (db: Tx) =>
  rowDifferences(db, {
    clinic_rfm_customer: [
      sql`select unit, period_start, customer_id, last_day, orders, money from clinic_rfm_customer`,
      rfmCustomerRecomputed,
    ],
    clinic_rfm_count: [
      sql`select unit, period_start, last_day, frequent, big, customers, orders, money from clinic_rfm_count`,
      rfmCountRecomputed,
    ],
  });

/** clinic_performance_cost_month as the 消耗业绩 rows make it now (by the shapes' columns: migration 0092's fold and fill). */
const costRecomputed = sql`select date_trunc('month', business_day)::date as month, user_id, project_id, sessions,
    amount, abs(base)::numeric(12, 2) as base, count(*)::int as row_count
  from clinic_performance where kind = 2 group by 1, 2, 3, 4, 5, 6`;
const costStored = sql`select m.month, m.user_id, h.project_id, h.sessions, h.amount, h.base, m.row_count
  from clinic_performance_cost_month m join clinic_performance_cost_shape h on h.shape_id = m.shape_id`;

const yearCostRecomputed = sql`select date_trunc('year', month)::date as year, user_id, project_id, sessions, amount,
    base, sum(row_count)::int as row_count
  from (${costRecomputed}) p group by 1, 2, 3, 4, 5, 6`;
const yearCostStored = sql`select y.year, y.user_id, h.project_id, h.sessions, h.amount, h.base, y.row_count
  from clinic_performance_cost_year y join clinic_performance_cost_shape h on h.shape_id = y.shape_id`;
const everyoneCostRecomputed = sql`select month, project_id, sessions, amount, base, sum(row_count)::int as row_count
  from (${costRecomputed}) p group by 1, 2, 3, 4, 5`;
const everyoneCostStored = sql`select m.month, h.project_id, h.sessions, h.amount, h.base, m.row_count
  from clinic_performance_cost_shape_month m join clinic_performance_cost_shape h on h.shape_id = m.shape_id`;

/** Recomputes clinic_performance_cost_month and its everyone's month × shape (and any missing shape) from the performance rows (locked against writers). */
export async function rebuildCostMonths(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table clinic_performance in share mode`);
  await tx.execute(sql`delete from clinic_performance_cost_change where tx = txid_current()`);
  await tx.execute(sql`delete from clinic_performance_cost_month`);
  await tx.execute(sql`insert into clinic_performance_cost_shape (project_id, sessions, amount, base)
    select distinct project_id, sessions, amount, base from (${costRecomputed}) p order by 1, 2, 3, 4
    on conflict on constraint clinic_performance_cost_shape_uq do nothing`);
  await tx.execute(sql`insert into clinic_performance_cost_month (month, user_id, shape_id, row_count)
    select p.month, p.user_id, h.shape_id, p.row_count from (${costRecomputed}) p
    join clinic_performance_cost_shape h on coalesce(h.project_id, -1) = coalesce(p.project_id, -1)
      and coalesce(h.sessions, -1) = coalesce(p.sessions, -1) and h.amount = p.amount and h.base = p.base`);
  await tx.execute(sql`delete from clinic_performance_cost_year`);
  await tx.execute(sql`insert into clinic_performance_cost_year (year, user_id, shape_id, row_count)
    select date_trunc('year', month)::date, user_id, shape_id, sum(row_count) from clinic_performance_cost_month
    group by 1, 2, 3`);
  await tx.execute(sql`delete from clinic_performance_cost_shape_month`);
  await tx.execute(sql`insert into clinic_performance_cost_shape_month (month, shape_id, row_count)
    select month, shape_id, sum(row_count) from clinic_performance_cost_month group by 1, 2`);
}

/** Rows where clinic_performance_cost_month and the performance rows disagree; none when exact. */
export const costMonthDifferences = (db: Tx) =>
  rowDifferences(db, {
    clinic_performance_cost_month: [costStored, costRecomputed],
    clinic_performance_cost_year: [yearCostStored, yearCostRecomputed],
    clinic_performance_cost_shape_month: [everyoneCostStored, everyoneCostRecomputed],
  });
