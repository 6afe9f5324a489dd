import {
  ArrearsKind,
  bucketsWhole,
  type CalendarUnit,
  type CategoryKey,
  cashMethods,
  DEFAULT_TIME_ZONE,
  DealKind,
  OrderKind,
  OrderStatus,
  PerformanceKind,
  type Period,
  periodInstants,
  RefundStatus,
  TreatmentStatus,
  wholeUnit,
} from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { customerFieldCategory, customerFieldSummaryCategory } from './customer-field.ts';
import type { CategorySql, Source, SummaryAsk, SummaryOf } from './source-types.ts';

/**
 * The clinic's measures in SQL (issue 24): performance rows, payments, the balance and arrears
 * ledgers, deal records, treatments and refunds (docs/clinic-money.md). Every source names the
 * same aliases for what a split reads (`st` the partner shop, `d` the department, `pj`/`pc` the
 * project and its class), so one category key serves every measure of an analysis.
 *
 * Whose figure it is (the data scope and the owner split): performance rows are the earner's; the
 * customers' money (payments, ledgers, arrears, deals, treatments, refunds) is the customer's
 * owner's, so a salesperson sees the money of their own customers.
 */

const unknownDept = sql`coalesce(d.name, '未设置科室')`;
const unknownShop = sql`coalesce(st.shop_name, '无门店')`;
/** Province and city at the start of the shop's address (四川省成都市…, 北京市…, 广西壮族自治区南宁市…). */
const region = sql`case when st.id is null then '无门店'
  else coalesce(nullif(substring(st.shop_address from '^(([^省]*省|[^区]*自治区)?[^市]*市)'), ''), '未知地区') end`;

/** The clinic's splits by the shared aliases (visit-sources.ts reads them too). */
export const clinicSplit = {
  clinicDept: () => ({ key: unknownDept }),
  clinicShop: () => ({ key: unknownShop }),
  clinicRegion: () => ({ key: region }),
  clinicProject: () => ({ key: sql`coalesce(pj.project_name, '未知项目')` }),
  clinicProjectClass: () => ({ key: sql`coalesce(pc.class_name, '未分类')` }),
  clinicDeptShop: () => ({ key: sql`${unknownDept} || ' · ' || ${unknownShop}` }),
} satisfies Record<string, () => CategorySql>;
type SplitKey = keyof typeof clinicSplit;

/**
 * Age in years on the row's day from the ID card's birth year (18 digits: crm_customer.birth_year,
 * derived once when the card is saved); bands in order. A hidden ID card (null) is 未知: readableTable
 * hides the birth year with it, so the birth year alone decides (crm_customer_split_cover_idx holds it).
 */
// date_part (float8) rather than extract (numeric since PostgreSQL 14): the same whole year, computed per row.
const age = sql`date_part('year', r.business_day)::int - c.birth_year`;
const ageBand = sql`case when c.birth_year is null then 5 when ${age} < 25 then 1 when ${age} < 35 then 2
  when ${age} < 45 then 3 else 4 end`;

/** Who bought (clientAnalyze), on performance rows: the customer under alias `c`. */
const clientSplits: Source['categories'] = {
  // New: no sale paid before the period began.
  clinicClientKind: (_db: Tx, period: Period) => {
    // The customer's first paid day (clinic_customer_first_paid, kept by triggers): a paid row before
    // the period. It was a hashed set of every customer who paid before (a year: ~3.5 M rows read).
    const returning = sql`fp.first_day < ${period.start}::date`;
    return {
      key: sql`case when ${returning} then '老客户' else '新客户' end`,
      order: sql`case when ${returning} then 2 else 1 end`,
    };
  },
  clinicClientSex: () => ({
    key: sql`case c.gender when 1 then '男' when 2 then '女' else '未知' end`,
    order: sql`coalesce(c.gender, 9)`,
  }),
  clinicClientAge: () => ({
    key: sql`(array['25岁以下', '25-34岁', '35-44岁', '45岁及以上', '未知'])[${ageBand}]`,
    order: ageBand,
  }),
  clinicClientSource: (db: Tx) => customerFieldCategory('客户来源', 'c')(db),
};
const splits = (...keys: SplitKey[]): Source['categories'] => Object.fromEntries(keys.map((k) => [k, clinicSplit[k]]));

const sum = (v: SQL) => sql`coalesce(sum(${v}), 0)`;
const countAll = sql`count(*)`;

// ---- Performance rows (现金 1, 消耗 2, 开发 3; refunds and undos are negative rows in their own day).

/**
 * The detail rows. A row's project (the order line's, the treated, refunded or repaid deal's) and a
 * 划扣's sessions are columns the insert trigger resolves once (migration 0081), so the joins below
 * are all on unique keys: PostgreSQL drops each one a query does not use.
 */
const splitJoins = sql`left join crm_store st on st.id = r.store_id
  left join sys_dept d on d.dept_id = r.dept_id
  left join crm_project pj on pj.project_id = r.project_id
  left join crm_project_class pc on pc.class_id = pj.class_id`;
const performanceFrom = sql`clinic_performance r
  left join crm_customer c on c.customer_id = r.customer_id
  left join clinic_customer_first_paid fp on fp.customer_id = r.customer_id
  ${splitJoins}`;

const sourceName = sql`coalesce(c.customer_name, '') || ' · ' || case r.source_kind
    when 'order_line' then '开单' when 'repayment' then '还款' when 'treatment' then '划扣'
    when 'treatment_undo' then '撤销划扣' when 'refund' then '退款'
    when 'top_up' then '充值' -- top-ups counted when paid (h-money22)
    else r.source_kind end
  || coalesce(' · ' || pj.project_name, '')`;

const performanceSplits = splits(
  'clinicDept',
  'clinicShop',
  'clinicRegion',
  'clinicProject',
  'clinicProjectClass',
  'clinicDeptShop',
);
const performance = (kind: number, value: SQL, drill: Source['drill'], where?: SQL): Source => ({
  from: performanceFrom,
  where: where ? sql`r.kind = ${kind} and ${where}` : sql`r.kind = ${kind}`,
  time: sql`r.business_day`,
  timeKind: 'day',
  owner: sql`r.user_id`,
  value,
  drill,
  categories: { ...performanceSplits, ...clientSplits },
});

/**
 * A performance sum read from the day summary (bi/summary): the same columns under the same
 * aliases, so every split but the customers' (who is not in the summary) and every grouping by
 * day, owner or none give what the detail gives. The drill-down stays on the detail.
 */
const performanceSum = (kind: number, clientSplits?: SummaryOf): Source => ({
  ...performance(kind, sum(sql`r.amount`), performanceDrill(sql`r.amount`)),
  summary: {
    from: sql`clinic_performance_day r ${splitJoins}`,
    where: sql`r.kind = ${kind}`,
    time: sql`r.business_day`,
    timeKind: 'day',
    owner: sql`r.user_id`,
    value: sum(sql`r.amount`),
    drill: performanceDrill(sql`r.amount`),
    categories: performanceSplits,
    summary: performanceCoarser(kind, clientSplits),
  },
});

/**
 * The day summary's coarser sums: the earner's day (a tenth of the rows) for the owner split and a
 * scope's figures without a split; everyone's kind × day (a row a day) for no split and a bucket;
 * everyone's department × shop day for the department, shop, region and department ×
 * shop splits, and everyone's project day for the project and class splits (no earner in either,
 * so a scope of users stays on the day summary). `clientSplits`: what answers the customers' splits
 * (cash performance: clinic_client_split, `clientSplitsOf`), which the day summary cannot.
 */
const deptShopKeys: CategoryKey[] = ['clinicDept', 'clinicShop', 'clinicRegion', 'clinicDeptShop'];
const projectKeys: CategoryKey[] = ['clinicProject', 'clinicProjectClass'];
const performanceCoarser = (kind: number, clientSplits?: SummaryOf) => {
  const coarser = (from: SQL, categories?: Source['categories']): Source => ({
    from,
    where: sql`r.kind = ${kind}`,
    time: sql`r.business_day`,
    timeKind: 'day',
    owner: sql`r.user_id`,
    value: sum(sql`r.amount`),
    drill: performanceDrill(sql`r.amount`),
    categories,
  });
  // The earner's days, and their months (clinic_performance_user_month) for whole months.
  const userDay: Source = {
    ...coarser(sql`clinic_performance_user_day r`),
    summary: { ...coarser(sql`clinic_performance_user_month r`), time: sql`r.month`, grain: 'month' },
  };
  const kindDay = coarser(sql`clinic_performance_kind_day r`);
  const deptShop = coarser(
    sql`clinic_performance_dept_shop_day r left join crm_store st on st.id = r.store_id
      left join sys_dept d on d.dept_id = r.dept_id`,
    splits('clinicDept', 'clinicShop', 'clinicRegion', 'clinicDeptShop'),
  );
  const projectDay = coarser(
    sql`clinic_performance_project_day r left join crm_project pj on pj.project_id = r.project_id
      left join crm_project_class pc on pc.class_id = pj.class_id`,
    splits('clinicProject', 'clinicProjectClass'),
  );
  return (ask: SummaryAsk): Source | undefined => {
    if (ask.by !== 'category') return ask.users || ask.by === 'owner' ? userDay : kindDay;
    if (ask.users || !ask.key) return undefined;
    if (deptShopKeys.includes(ask.key)) return deptShop;
    return projectKeys.includes(ask.key) ? projectDay : clientSplits?.(ask);
  };
};
const performanceDrill = (value: SQL): Source['drill'] => ({
  kind: 'performance',
  id: sql`r.performance_id`,
  name: sourceName,
  value,
});
/**
 * A 划扣's project cost, the earner's part of it: the catalogue's cost of the project's package ×
 * sessions used ÷ the package's sessions, × the earner's share of the value (amount ÷ value; an
 * undo's negative amount takes the cost back).
 */
const costShareOf = (row: string) => {
  const r = sql.identifier(row);
  return sql`round(coalesce(pj.cost * ${r}.sessions / nullif(pj.sessions, 0) * ${r}.amount / nullif(abs(${r}.base), 0), 0), 2)`;
};
const costShare = costShareOf('r');

/**
 * 项目成本 / 毛利 from clinic_performance_cost_month (bi/summary, issue 24 h-rfm2): the 消耗业绩 rows
 * counted per month × earner × shape (project × sessions × amount × |base|); each shape's cost is the
 * same `costShare` (the catalogue's cost read now, rounded per row as before), computed once per shape
 * (`offset 0` keeps it in the subquery) and × its rows. Whole months grouped by none, month buckets or
 * the earner, within any scope (everyone's figures from the month × shape counts, clinic_performance_cost_shape_month);
 * both measures in one scan; the drill-down reads the rows.
 */
const costShapes = sql`(select x.shape_id, x.amount, ${costShareOf('x')} as cost
  from clinic_performance_cost_shape x left join crm_project pj on pj.project_id = x.project_id offset 0)`;
const costMonths = (value: SQL, drill: SQL) => {
  // Each table its own part shape: measures share a scan only over the same table.
  const of = (from: SQL, owner: SQL, shape: string): Source => ({
    from: sql`${from} r join ${costShapes} h on h.shape_id = r.shape_id`,
    part: { shape, when: sql`true`, sum: sql`r.row_count * ${value}` },
    time: sql`r.month`,
    timeKind: 'day',
    grain: 'month',
    owner,
    value: sum(sql`r.row_count * ${value}`),
    drill: performanceDrill(drill),
  });
  // The earner's months for the owner split and a scope; everyone's (month × shape, ~500 rows a year) else.
  const byEarner = of(sql`clinic_performance_cost_month`, sql`r.user_id`, 'costMonth');
  // A calendar year not split by month: the earner's year rows (clinic_performance_cost_year, `r.month` its first day).
  const byEarnerYear = of(
    sql`(select year as month, user_id, shape_id, row_count from clinic_performance_cost_year)`,
    sql`r.user_id`,
    'costYear',
  );
  const everyone = of(sql`clinic_performance_cost_shape_month`, sql`null::int`, 'costEveryone');
  return (ask: SummaryAsk): Source | undefined => {
    if (ask.by === 'category') return undefined;
    if (!ask.users && ask.by !== 'owner') return everyone;
    return ask.by !== 'bucket' && wholeUnit(ask.period) === 'year' ? byEarnerYear : byEarner;
  };
};

// ---- The customers' money: payments, the balance and arrears ledgers.
//
// The customer is a LEFT join throughout (every customer_id below is NOT NULL with a foreign key,
// so it gives the same rows): PostgreSQL then drops the join when nothing reads `c` (everyone's
// figures by day or shop), which halved a year's 营业额 at full size (bench/RESULTS.md).

/** `when` names the payment `r` and its order's kind (`o.kind` on the detail, `r.kind` in the hour summary). */
const chargedPayments = (when: (kind: SQL) => SQL, value: SQL): Source => ({
  from: sql`clinic_payment r join clinic_order o on o.order_id = r.order_id
    left join crm_customer c on c.customer_id = o.customer_id
    left join crm_store st on st.id = o.store_id`,
  where: sql`o.charged_time is not null and o.status <> ${OrderStatus.cancelled}`,
  part: { shape: 'payments', when: when(sql`o.kind`), sum: value },
  time: sql`o.charged_time`,
  timeKind: 'instant',
  owner: sql`c.owner_user_id`,
  value: sum(value),
  drill: { kind: 'order', id: sql`o.order_id`, name: sql`o.order_number || ' · ' || c.customer_name`, value },
  categories: splits('clinicShop', 'clinicRegion'),
  summary: paymentHours(when(sql`r.kind`), value),
});

/** The zone of clinic_deal_day's and clinic_payment_day's days (`clinic_deal_day_of`, migrations 0091, 0095). */
export const dealDayZone = DEFAULT_TIME_ZONE;

/** Does the period begin and end on whole hours (its zone's offset is whole hours)? */
const wholeHours = (period: Period) => periodInstants(period).every((at) => at.getTime() % 3_600_000 === 0);

/**
 * Everyone's payments by the hour their order was charged (bi/summary, clinic_payment_hour): no
 * split, a bucket of days, weeks or months, over a period of whole hours. The owner (the customer's
 * owner now) is not in it, so a scope of users and the owner split read the payments.
 */
function paymentHours(when: SQL, value: SQL) {
  const hours: Source = {
    from: sql`clinic_payment_hour r`,
    part: { shape: 'paymentHours', when, sum: value },
    time: sql`r.hour`,
    timeKind: 'instant',
    owner: sql`null::int`,
    value: sum(value),
    drill: { kind: 'order', id: sql`null::int`, name: sql`''`, value },
    // The hours rolled up to days (clinic_payment_day): while the company's days are the summary's.
    summary: {
      from: sql`clinic_payment_day r`,
      part: { shape: 'paymentDays', when, sum: value },
      time: sql`r.day`,
      timeKind: 'day',
      owner: sql`null::int`,
      zone: dealDayZone,
      value: sum(value),
      drill: { kind: 'order', id: sql`null::int`, name: sql`''`, value },
    },
  };
  return (ask: SummaryAsk): Source | undefined =>
    !ask.users && (ask.by === 'none' || ask.by === 'bucket') && wholeHours(ask.period) ? hours : undefined;
}
const cashMethodList = sql`(${sql.join(
  cashMethods.map((m) => sql`${m}`),
  sql`, `,
)})`;
const received = [OrderKind.sale, OrderKind.topUp, OrderKind.repayment];
/** What one method took in on sales, top-ups and repayments (refund payouts are refundPaid). */
const paidWith = (method: string) =>
  chargedPayments((kind) => sql`r.method = ${method} and ${kind} in (${sql.join(received, sql`, `)})`, sql`r.amount`);

const customerMoney = (table: SQL) => sql`${table} r left join crm_customer c on c.customer_id = r.customer_id
  left join crm_store st on st.id = c.shop_owner_id`;

/** A balance at the period's start (`opening`) or end (`closing`): every ledger row before it, per customer. */
const balanceAt = (span: 'opening' | 'closing', table: SQL, value: SQL): Source => ({
  from: customerMoney(table),
  time: sql`r.create_time`,
  timeKind: 'instant',
  span,
  owner: sql`c.owner_user_id`,
  value: sum(value),
  drill: { kind: 'customer', id: sql`c.customer_id`, name: sql`c.customer_name`, value },
  categories: splits('clinicShop', 'clinicRegion'),
});

const causeName = sql`case r.cause when 'topUp' then '充值' when 'tierGift' then '充值赠送' when 'charge' then '消费'
  when 'refund' then '退款' when 'conversion' then '转换' else '调整' end`;
const ledgerFlow = (when: SQL, value: SQL): Source => ({
  from: customerMoney(sql`clinic_balance_ledger`),
  part: { shape: 'ledger', when, sum: value },
  time: sql`r.create_time`,
  timeKind: 'instant',
  owner: sql`c.owner_user_id`,
  value: sum(value),
  drill: { kind: 'ledger', id: sql`r.ledger_id`, name: sql`c.customer_name || ' · ' || ${causeName}`, value },
  categories: splits('clinicShop', 'clinicRegion'),
});
const spent = sql`r.cause = 'charge'`;
const otherCauses = sql`r.cause not in ('topUp', 'tierGift', 'charge')`;

const arrearsFlow = (kind: number, value: SQL): Source => ({
  from: customerMoney(sql`clinic_arrears`),
  part: { shape: 'arrears', when: sql`r.kind = ${kind}`, sum: value },
  time: sql`r.create_time`,
  timeKind: 'instant',
  owner: sql`c.owner_user_id`,
  value: sum(value),
  drill: {
    kind: 'arrears',
    id: sql`r.arrears_id`,
    name: sql`c.customer_name || coalesce(' · ' || nullif(r.remark, ''), '')`,
    value,
  },
  categories: splits('clinicShop', 'clinicRegion'),
});

// ---- Deals, treatments, refunds (by project).

/**
 * A deal, 划扣 or refund figure read from clinic_deal_day (kind 1, 2, 3): the same splits under the
 * same aliases, everyone's rows by day (bi/summary/tables.ts), `column` what the figure adds up there.
 */
const dealDay = (of: Source, kind: number, column: SQL): Source => ({
  from: sql`clinic_deal_day r
    left join crm_store st on st.id = r.store_id
    left join sys_dept d on d.dept_id = r.dept_id
    left join crm_project pj on pj.project_id = r.project_id
    left join crm_project_class pc on pc.class_id = pj.class_id`,
  where: sql`r.kind = ${kind}`,
  part: { shape: `deal_day:${kind}`, when: sql`true`, sum: column },
  time: sql`r.day`,
  timeKind: 'day',
  owner: sql`null::int`,
  everyone: true,
  zone: dealDayZone,
  value: sum(column),
  drill: of.drill,
  categories: performanceSplits,
});

const withDealDay = (kind: number, column: SQL, detail: Source): Source => ({
  ...detail,
  summary: dealDay(detail, kind, column),
});

const deals = (value: SQL, drillValue: SQL): Source => ({
  from: sql`crm_customer_project_deal_record r left join crm_customer c on c.customer_id = r.customer_id
    left join crm_store st on st.id = r.store_id
    left join sys_dept d on d.dept_id = r.dept_id
    left join crm_project pj on pj.project_id = r.project_id
    left join crm_project_class pc on pc.class_id = pj.class_id`,
  // A repair (返修) redoes a deal already sold: not a sale.
  where: sql`r.kind = ${DealKind.normal}`,
  part: { shape: 'deals', when: sql`true`, sum: drillValue },
  time: sql`r.create_time`,
  timeKind: 'instant',
  owner: sql`c.owner_user_id`,
  value,
  drill: { kind: 'deal', id: sql`r.deal_id`, name: sql`c.customer_name || ' · ' || r.name`, value: drillValue },
  categories: splits(
    'clinicDept',
    'clinicShop',
    'clinicRegion',
    'clinicProject',
    'clinicProjectClass',
    'clinicDeptShop',
  ),
});

/** 划扣 not undone, by the day they were done. */
const treatments = (value: SQL, drillValue: SQL): Source => ({
  from: sql`clinic_treatment r join crm_customer_project_deal_record dl on dl.deal_id = r.deal_id
    left join crm_customer c on c.customer_id = r.customer_id
    left join crm_store st on st.id = dl.store_id
    left join sys_dept d on d.dept_id = r.dept_id
    left join crm_project pj on pj.project_id = dl.project_id
    left join crm_project_class pc on pc.class_id = pj.class_id`,
  where: sql`r.status = ${TreatmentStatus.normal}`,
  part: { shape: 'treatments', when: sql`true`, sum: drillValue },
  time: sql`r.create_time`,
  timeKind: 'instant',
  owner: sql`c.owner_user_id`,
  value,
  drill: {
    kind: 'treatment',
    id: sql`r.treatment_id`,
    name: sql`c.customer_name || ' · ' || dl.name`,
    value: drillValue,
  },
  categories: splits(
    'clinicDept',
    'clinicShop',
    'clinicRegion',
    'clinicProject',
    'clinicProjectClass',
    'clinicDeptShop',
  ),
});

/** The 划扣 (not undone) a person took part in, theirs whoever owns the customer. */
const staffWork = (value: SQL, drill: Source['drill']): Source => ({
  // The deal LEFT joined (deal_id is NOT NULL with a foreign key: the same rows), so PostgreSQL drops
  // it where only the drill-down's name reads it.
  from: sql`clinic_treatment_staff s join clinic_treatment r on r.treatment_id = s.treatment_id
    left join crm_customer_project_deal_record dl on dl.deal_id = r.deal_id
    left join crm_customer c on c.customer_id = r.customer_id`,
  where: sql`r.status = ${TreatmentStatus.normal}`,
  time: sql`r.create_time`,
  timeKind: 'instant',
  owner: sql`s.user_id`,
  value,
  drill,
});

/** Refunds paid out (已退款), in the period they were paid (the row's last change). */
const refunds = (value: SQL, drillValue: SQL): Source => ({
  from: sql`clinic_refund r join crm_customer_project_deal_record dl on dl.deal_id = r.deal_id
    left join crm_customer c on c.customer_id = r.customer_id
    left join crm_store st on st.id = dl.store_id
    left join sys_dept d on d.dept_id = dl.dept_id
    left join crm_project pj on pj.project_id = dl.project_id
    left join crm_project_class pc on pc.class_id = pj.class_id`,
  where: sql`r.status = ${RefundStatus.paid}`,
  part: { shape: 'refunds', when: sql`true`, sum: drillValue },
  time: sql`r.update_time`,
  timeKind: 'instant',
  owner: sql`c.owner_user_id`,
  value,
  drill: { kind: 'refund', id: sql`r.refund_id`, name: sql`c.customer_name || ' · ' || dl.name`, value: drillValue },
  categories: splits(
    'clinicDept',
    'clinicShop',
    'clinicRegion',
    'clinicProject',
    'clinicProjectClass',
    'clinicDeptShop',
  ),
});

/**
 * Buying customers precounted per calendar unit (bi/summary, clinic_buyer_count): a period that is
 * one day, week, month, quarter or year (or whole ones of the bucket asked) reads its units' counts;
 * everyone's in all, by department or region, or each earner's (the owner split, within any scope).
 * Another period, a scope of users without the owner split, or another split counts the rows. The
 * region's rows carry the region itself where the detail reads the shop's address: `st` here is
 * that name (the region of a region is itself), so the split's SQL is the same text.
 */
const buyerSplits: Partial<Record<CategoryKey, number>> = { clinicDept: 1, clinicRegion: 2 };
const buyerCountSources = new Map<string, Source>();
/** The one-letter code each calendar unit's rows carry in clinic_buyer_count (the migration's hand-written block). */
const unitCode: Record<CalendarUnit, string> = { day: 'd', week: 'w', month: 'm', quarter: 'q', year: 'y' };
function buyerCountSource(split: number, unit: CalendarUnit): Source {
  const key = `${split}:${unit}`;
  let source = buyerCountSources.get(key);
  if (!source) {
    source = {
      from: sql`clinic_buyer_count r left join sys_dept d on d.dept_id = r.dept_id
        left join lateral (select case when r.region <> '无门店' then 0 end as id, r.region as shop_address) st on true`,
      where: sql`r.split = ${split} and r.unit = ${unitCode[unit]}`,
      time: sql`r.period_start`,
      timeKind: 'day',
      owner: sql`r.user_id`,
      value: sum(sql`r.customers`),
      drill: { kind: 'customer', id: sql`null::int`, name: sql`''`, value: sql`1` },
      categories: splits('clinicDept', 'clinicRegion'),
    };
    buyerCountSources.set(key, source);
  }
  return source;
}
function buyerCounts(ask: SummaryAsk): Source | undefined {
  const unit =
    ask.by === 'bucket' ? (ask.unit && bucketsWhole(ask.period, ask.unit) ? ask.unit : null) : wholeUnit(ask.period);
  if (!unit) return undefined;
  if (ask.by === 'owner') return buyerCountSource(3, unit);
  if (ask.users) return undefined;
  if (ask.by === 'category') {
    const split = ask.key && buyerSplits[ask.key];
    return split ? buyerCountSource(split, unit) : undefined;
  }
  return buyerCountSource(0, unit);
}

/**
 * The client splits precounted (bi/summary, clinic_client_split; issue 24, h-split): everyone's
 * buying customers (`customers`) and cash performance (`amount`) of a whole month, quarter or
 * year by new/returning, sex, age band and a choice field's value (客户来源), the keys as
 * `clientSplits` names them on the rows. A scope of users, another period (a day, a week, a range)
 * or a viewer from whom the split's customer column is hidden reads the rows; so does a
 * customer field that is no choice field (`customerFieldSummaryCategory` answers undefined).
 */
const clientSplitCodes: Partial<Record<CategoryKey, number>> = {
  clinicClientKind: 1,
  clinicClientSex: 2,
  clinicClientAge: 3,
  clinicClientSource: 4,
};
/** What each split reads of the customer (hidden from a viewer: the rows read null, so the rows are read). */
const clientSplitReads: Record<number, string[]> = { 1: [], 2: ['gender'], 3: ['birth_year'], 4: ['fields'] };
const clientSplitUnits: Partial<Record<CalendarUnit, string>> = { month: 'm', quarter: 'q', year: 'y' };
const clientSplitKey = () => ({ key: sql`r.value`, order: sql`r.ord` });
const clientSourceSplit = customerFieldSummaryCategory('客户来源');
const clientSplitSources = new Map<string, Source>();
function clientSplitSource(key: CategoryKey, split: number, unit: string, column: 'customers' | 'amount'): Source {
  const id = `${split}:${unit}:${column}`;
  let source = clientSplitSources.get(id);
  if (!source) {
    source = {
      from: sql`clinic_client_split r`,
      where: sql`r.split = ${split} and r.unit = ${unit}`,
      time: sql`r.period_start`,
      timeKind: 'day',
      owner: sql`null::int`,
      everyone: true,
      value: sum(sql`r.${sql.identifier(column)}`),
      drill: { kind: 'customer', id: sql`null::int`, name: sql`''`, value: sql`1` },
      categories: { [key]: split === 4 ? clientSourceSplit : clientSplitKey },
      reads: { table: 'crm_customer', columns: clientSplitReads[split]! },
    };
    clientSplitSources.set(id, source);
  }
  return source;
}
const clientSplitsOf =
  (column: 'customers' | 'amount'): SummaryOf =>
  (ask) => {
    if (ask.by !== 'category' || ask.users || !ask.key) return undefined;
    const split = clientSplitCodes[ask.key];
    const whole = wholeUnit(ask.period);
    const unit = whole && clientSplitUnits[whole];
    return split && unit ? clientSplitSource(ask.key, split, unit, column) : undefined;
  };

/**
 * Everyone's deals sold by the hour they were made × shop (bi/summary, clinic_deal_hour): no split,
 * a bucket, the shop or its region, over a period of whole hours (as the payment hours).
 */
const dealHourSource: Source = {
  from: sql`clinic_deal_hour r left join crm_store st on st.id = r.store_id`,
  time: sql`r.hour`,
  timeKind: 'instant',
  owner: sql`null::int`,
  value: sum(sql`r.deals`),
  drill: { kind: 'deal', id: sql`null::int`, name: sql`''`, value: sql`1` },
  categories: splits('clinicShop', 'clinicRegion'),
};
function dealHours(ask: SummaryAsk): Source | undefined {
  if (ask.users || ask.by === 'owner' || !wholeHours(ask.period)) return undefined;
  return ask.by !== 'category' || ask.key === 'clinicShop' || ask.key === 'clinicRegion' ? dealHourSource : undefined;
}

const clientBuyers = clientSplitsOf('customers');

export const clinicSources = {
  cashPerformance: performanceSum(PerformanceKind.cash, clientSplitsOf('amount')),
  consumptionPerformance: performanceSum(PerformanceKind.consumption),
  developerPerformance: performanceSum(PerformanceKind.developer),
  // Customers who paid something toward a sale (a refund's negative row buys nothing; a top-up counted
  // when paid, topUpPerformance 'paid', is money in the balance, not a purchase).
  buyingCustomers: {
    ...performance(
      PerformanceKind.cash,
      sql`count(distinct r.customer_id)`,
      { kind: 'customer', id: sql`r.customer_id`, name: sql`coalesce(c.customer_name, '')`, value: sql`1` },
      sql`r.amount > 0 and r.source_kind <> 'top_up'`,
    ),
    summary: (ask: SummaryAsk) => buyerCounts(ask) ?? clientBuyers(ask),
  },
  projectCost: {
    ...performance(PerformanceKind.consumption, sum(costShare), performanceDrill(costShare)),
    summary: costMonths(sql`h.cost`, costShare),
  },
  grossProfit: {
    ...performance(
      PerformanceKind.consumption,
      sum(sql`r.amount - ${costShare}`),
      performanceDrill(sql`r.amount - ${costShare}`),
    ),
    summary: costMonths(sql`(h.amount - h.cost)`, sql`r.amount - ${costShare}`),
  },
  // 营业额: money taken at the desk in cash methods (sales, top-ups, repayments) less refunds paid out in them.
  turnover: chargedPayments(() => sql`r.method in ${cashMethodList}`, sql`r.amount`),
  payCash: paidWith('cash'),
  payWechat: paidWith('wechat'),
  payAlipay: paidWith('alipay'),
  payCard: paidWith('card'),
  payPrincipal: paidWith('principal'),
  payGift: paidWith('gift'),
  topUpPrincipal: ledgerFlow(sql`r.cause = 'topUp'`, sql`r.principal_delta`),
  topUpGift: ledgerFlow(sql`r.cause in ('topUp', 'tierGift')`, sql`r.gift_delta`),
  principalUsed: ledgerFlow(spent, sql`-r.principal_delta`),
  giftUsed: ledgerFlow(spent, sql`-r.gift_delta`),
  principalOther: ledgerFlow(otherCauses, sql`r.principal_delta`),
  giftOther: ledgerFlow(otherCauses, sql`r.gift_delta`),
  principalOpening: balanceAt('opening', sql`clinic_balance_ledger`, sql`r.principal_delta`),
  principalClosing: balanceAt('closing', sql`clinic_balance_ledger`, sql`r.principal_delta`),
  giftOpening: balanceAt('opening', sql`clinic_balance_ledger`, sql`r.gift_delta`),
  giftClosing: balanceAt('closing', sql`clinic_balance_ledger`, sql`r.gift_delta`),
  balanceClosing: balanceAt('closing', sql`clinic_balance_ledger`, sql`r.principal_delta + r.gift_delta`),
  arrearsOpening: balanceAt('opening', sql`clinic_arrears`, sql`r.amount`),
  arrearsClosing: balanceAt('closing', sql`clinic_arrears`, sql`r.amount`),
  arrearsNew: arrearsFlow(ArrearsKind.new, sql`r.amount`),
  arrearsRepaid: arrearsFlow(ArrearsKind.repaid, sql`-r.amount`),
  arrearsWaived: arrearsFlow(ArrearsKind.waived, sql`-r.amount`),
  refundPaid: withDealDay(3, sql`r.value`, refunds(sum(sql`r.amount`), sql`r.amount`)),
  sessionsRefunded: withDealDay(3, sql`r.sessions`, refunds(sum(sql`r.sessions`), sql`r.sessions`)),
  // Paying customers (a positive cash row) by each of their tags.
  taggedBuyers: {
    from: sql`clinic_performance r join crm_customer_tag ct on ct.customer_id = r.customer_id
      join clinic_tag tg on tg.tag_id = ct.tag_id
      join crm_customer c on c.customer_id = r.customer_id`,
    where: sql`r.kind = ${PerformanceKind.cash} and r.amount > 0`,
    time: sql`r.business_day`,
    timeKind: 'day',
    owner: sql`r.user_id`,
    value: sql`count(distinct r.customer_id)`,
    drill: { kind: 'customer', id: sql`r.customer_id`, name: sql`c.customer_name`, value: sql`1` },
    categories: { clinicClientTag: () => ({ key: sql`tg.name`, order: sql`tg.sort` }) },
  },
  // Customers a partner shop sent (the customer's shop), by when they were entered.
  referredCustomers: {
    from: sql`crm_customer r left join crm_store st on st.id = r.shop_owner_id`,
    where: sql`r.shop_owner_id is not null`,
    time: sql`r.create_time`,
    timeKind: 'instant',
    owner: sql`r.owner_user_id`,
    value: countAll,
    drill: { kind: 'customer', id: sql`r.customer_id`, name: sql`r.customer_name`, value: sql`1` },
    categories: splits('clinicShop', 'clinicRegion'),
  },
  // Deals by shop from h-money's deal hours (the shop page's 成交项目数); the others from the deal day.
  dealsSold: { ...deals(countAll, sql`1`), summary: dealHours },
  sessionsSold: withDealDay(1, sql`r.sessions`, deals(sum(sql`r.sessions_bought`), sql`r.sessions_bought`)),
  salesMoney: withDealDay(1, sql`r.value`, deals(sum(sql`r.deal_value`), sql`r.deal_value`)),
  // What is left today of the deals sold in the period.
  sessionsLeft: withDealDay(1, sql`r.sessions_left`, deals(sum(sql`r.sessions_left`), sql`r.sessions_left`)),
  treatmentCount: withDealDay(2, sql`r.row_count`, treatments(countAll, sql`1`)),
  // One person in two roles of one 划扣 took part once.
  staffTreatments: staffWork(sql`count(distinct r.treatment_id)`, {
    kind: 'treatment',
    id: sql`r.treatment_id`,
    name: sql`c.customer_name || ' · ' || dl.name`,
    value: sql`1`,
  }),
  staffCustomers: staffWork(sql`count(distinct r.customer_id)`, {
    kind: 'customer',
    id: sql`r.customer_id`,
    name: sql`c.customer_name`,
    value: sql`1`,
  }),
  sessionsUsed: withDealDay(2, sql`r.sessions`, treatments(sum(sql`r.sessions`), sql`r.sessions`)),
  treatmentValue: withDealDay(2, sql`r.value`, treatments(sum(sql`r.value`), sql`r.value`)),
} satisfies Record<string, Source>;
