import {
  OrderKind,
  OrderStatus,
  type Period,
  periodInstants,
  rfmSegments,
  rfmThresholds,
  TreatmentStatus,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { zoneSql } from '../core/times.ts';
import type { Source } from './source-types.ts';

/**
 * RFM segments in SQL (the rule is packages/shared/src/bi/rfm.ts): one row per customer who paid
 * for a sale or was treated in the period, with their days since the last of those (to the
 * period's last day, or today while it runs), their paid sale orders and what those took in cash
 * and principal. The customer's owner owns the row (the customers' money is their owner's), so the
 * data scope is that of the other clinic customer figures.
 */
const paid = [OrderStatus.paid, OrderStatus.paidWithArrears, OrderStatus.settled];

function perCustomer(period: Period): { name: string; body: SQL } {
  const [from, to] = periodInstants(period);
  const within = (col: SQL) =>
    sql`${col} >= ${from.toISOString()}::timestamptz and ${col} < ${to.toISOString()}::timestamptz`;
  const asOf = sql`least(${period.end}::date, (now() at time zone ${zoneSql()})::date)`;
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
const score = {
  r: sql`r.recency_days <= ${rfmThresholds.recentDays}`,
  f: sql`r.orders >= ${rfmThresholds.frequentOrders}`,
  m: sql`r.money >= ${rfmThresholds.moneyFen / 100}`,
};
const when = (s: (typeof rfmSegments)[number]) =>
  sql.join(
    (['r', 'f', 'm'] as const).map((k) => (s[k] ? score[k] : sql`not (${score[k]})`)),
    sql` and `,
  );
const segmentKey = sql`case ${sql.join(
  rfmSegments.map((s) => sql`when ${when(s)} then ${s.name}::text`),
  sql` `,
)} end`;
const segmentOrder = sql`case ${sql.join(
  rfmSegments.map((s, i) => sql`when ${when(s)} then ${i}`),
  sql` `,
)} end`;

const rfm = (value: SQL, part: SQL): Source => ({
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
  drill: { kind: 'customer', id: sql`c.customer_id`, name: sql`c.customer_name`, value: part },
  categories: {
    clinicRfmSegment: () => ({ key: segmentKey, order: segmentOrder, keys: rfmSegments.map((s) => s.name) }),
  },
});

export const rfmSources = {
  rfmCustomers: rfm(sql`count(*)`, sql`1`),
  rfmOrders: rfm(sql`coalesce(sum(r.orders), 0)`, sql`r.orders`),
  rfmMoney: rfm(sql`coalesce(sum(r.money), 0)`, sql`r.money`),
  rfmRecencyDays: rfm(sql`coalesce(sum(r.recency_days), 0)`, sql`r.recency_days`),
} satisfies Record<string, Source>;
