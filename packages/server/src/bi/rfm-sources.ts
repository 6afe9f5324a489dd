import {
  type CalendarUnit,
  OrderKind,
  OrderStatus,
  type Period,
  periodInstants,
  rfmSegments,
  rfmThresholds,
  TreatmentStatus,
  wholeUnit,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { zoneSql } from '../core/times.ts';
import { dealDayZone } from './clinic-sources.ts';
import type { Source, SummaryAsk } from './source-types.ts';

/**
 * RFM segments in SQL (the rule is packages/shared/src/bi/rfm.ts): one row per customer who paid
 * for a sale or was treated in the period, with their days since the last of those (to the
 * period's last day, or today while it runs), their paid sale orders and what those took in cash
 * and principal. The customer's owner owns the row (the customers' money is their owner's), so the
 * data scope is that of the other clinic customer figures.
 */
const paid = [OrderStatus.paid, OrderStatus.paidWithArrears, OrderStatus.settled];

/** The day recency counts to: the period's last day, or today while it runs. */
const asOfDay = (period: Period) => sql`least(${period.end}::date, (now() at time zone ${zoneSql()})::date)`;

function perCustomer(period: Period): { name: string; body: SQL } {
  const [from, to] = periodInstants(period);
  const within = (col: SQL) =>
    sql`${col} >= ${from.toISOString()}::timestamptz and ${col} < ${to.toISOString()}::timestamptz`;
  const asOf = asOfDay(period);
  // Each branch reads by its time index (clinic_order_charged_idx, clinic_treatment_time_idx).
  const body = sql`select a.customer_id, max(a.at) as last_at, sum(a.orders)::int as orders, sum(a.money) as money,
      greatest(${asOf} - (max(a.at) at time zone ${zoneSql()})::date, 0) as recency_days
    from (
      select o.customer_id, o.charged_time as at, 1 as orders, o.received + o.principal_used as money
        from clinic_order o
        where ${within(sql`o.charged_time`)} and o.kind = ${OrderKind.sale}
          and o.status in (${sql.join(
            paid.map((s) => sql`${s}`),
            sql`, `,
          )})
      union all
      select t.customer_id, t.create_time, 0, 0 from clinic_treatment t
        where ${within(sql`t.create_time`)} and t.status = ${TreatmentStatus.normal}
    ) a group by a.customer_id`;
  return { name: `bi_rfm_${period.start}_${period.end}`.replaceAll('-', ''), body };
}

/** The segment's name from the three scores, the same rule as rfmSegmentOf. */
type Scores = Record<'r' | 'f' | 'm', SQL>;
const score: Scores = {
  r: sql`r.recency_days <= ${rfmThresholds.recentDays}`,
  f: sql`r.orders >= ${rfmThresholds.frequentOrders}`,
  m: sql`r.money >= ${rfmThresholds.moneyFen / 100}`,
};
const when = (scores: Scores, s: (typeof rfmSegments)[number]) =>
  sql.join(
    (['r', 'f', 'm'] as const).map((k) => (s[k] ? scores[k] : sql`not (${scores[k]})`)),
    sql` and `,
  );
const segmentSplit = (scores: Scores) => ({
  key: sql`case ${sql.join(
    rfmSegments.map((s) => sql`when ${when(scores, s)} then ${s.name}::text`),
    sql` `,
  )} end`,
  order: sql`case ${sql.join(
    rfmSegments.map((s, i) => sql`when ${when(scores, s)} then ${i}`),
    sql` `,
  )} end`,
  keys: rfmSegments.map((s) => s.name),
});
const segments = segmentSplit(score);

/**
 * The segments from clinic_rfm_count (bi/summary, issue 24 h-rfm2): a calendar month's or year's
 * customers counted by their last day and whether their orders and money reach the thresholds
 * (`frequent`, `big`, set by the fold with rfm.ts's thresholds), so a period's segments add up a
 * few hundred rows instead of grouping its orders and 划扣 by customer. Everyone's only (the owner
 * is the customer's owner now, which the counts do not follow) and while the company's zone is the
 * summary's. Recency is the period's as-of day less the row's last day, as on the detail.
 */
const countScore: Scores = {
  r: sql`r.recency_days <= ${rfmThresholds.recentDays}`,
  f: sql`r.frequent = 1`,
  m: sql`r.big = 1`,
};
const countSegments = segmentSplit(countScore);
const countUnits: Partial<Record<CalendarUnit, string>> = { month: 'm', year: 'y' };
const rfmCount = (unit: string, sum: SQL, drill: Source['drill']): Source => ({
  from: (period) => sql`(select n.*, greatest(${asOfDay(period)} - n.last_day, 0) as recency_days
    from clinic_rfm_count n where n.unit = ${unit} and n.period_start = ${period.start}::date) r`,
  part: { shape: 'rfmCount', when: sql`true`, sum },
  time: sql`r.last_day`,
  timeKind: 'day',
  owner: sql`null::int`,
  everyone: true,
  zone: dealDayZone,
  value: sql`coalesce(sum(${sum}), 0)`,
  drill,
  categories: { clinicRfmSegment: () => countSegments },
});

const rfm = (value: SQL, part: SQL, counted: SQL): Source => {
  const drill: Source['drill'] = { kind: 'customer', id: sql`c.customer_id`, name: sql`c.customer_name`, value: part };
  const byUnit = Object.fromEntries(
    Object.entries(countUnits).map(([u, code]) => [u, rfmCount(code, counted, drill)]),
  ) as Partial<Record<CalendarUnit, Source>>;
  const summary = (ask: SummaryAsk): Source | undefined => {
    if (ask.by !== 'none' && !(ask.by === 'category' && ask.key === 'clinicRfmSegment')) return undefined;
    const unit = wholeUnit(ask.period);
    return unit ? byUnit[unit] : undefined;
  };
  return {
    // Every measure and grouping of a statement reads a period's rows once (a materialized `with` part).
    shared: perCustomer,
    // The customer LEFT joined (every row's customer exists: orders' and 划扣' customer_id is NOT NULL
    // with a foreign key), so PostgreSQL drops the join where nothing reads the owner (everyone's
    // segments): the planner guessed the per-customer part at 200 rows and probed a million-customer
    // index once per row (600,000 a year) in a nested loop, in each measure's scan.
    from: (period) =>
      sql`${sql.identifier(perCustomer(period).name)} r left join crm_customer c on c.customer_id = r.customer_id`,
    // The four measures over the same rows: one scan per period and grouping, not one each (query.ts).
    part: { shape: 'rfm', when: sql`true`, sum: part },
    time: sql`r.last_at`,
    timeKind: 'instant',
    owner: sql`c.owner_user_id`,
    value,
    drill,
    categories: { clinicRfmSegment: () => segments },
    summary,
  };
};

export const rfmSources = {
  rfmCustomers: rfm(sql`count(*)`, sql`1`, sql`r.customers`),
  rfmOrders: rfm(sql`coalesce(sum(r.orders), 0)`, sql`r.orders`, sql`r.orders`),
  rfmMoney: rfm(sql`coalesce(sum(r.money), 0)`, sql`r.money`, sql`r.money`),
  rfmRecencyDays: rfm(sql`coalesce(sum(r.recency_days), 0)`, sql`r.recency_days`, sql`r.customers * r.recency_days`),
} satisfies Record<string, Source>;
