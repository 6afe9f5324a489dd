import type { BiMeasureKey } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { zoneSql } from '../core/times.ts';
import { clinicSources } from './clinic-sources.ts';
import { customerFieldAbsentCategory, customerFieldCategory, customerFieldSummaryCategory } from './customer-field.ts';
import { rfmSources } from './rfm-sources.ts';
import type { Source } from './source-types.ts';
import { visitSources } from './visit-sources.ts';

/**
 * Where each measure's rows live (the SQL side of packages/shared/src/bi/measures.ts): the rows
 * over alias `r`, the column that places a row in time and the one that names its owner (the data
 * scope and the owner split apply to it), the aggregate, and what a drill-down lists. Every
 * figure, its export and its drill-down are built from these by query.ts, never by hand.
 */
export type { CategorySql, Source } from './source-types.ts';

const approved = 1; // CheckStatus.approved: only approved contracts and receivables count.

// One function per split for every customer measure, so both measures' splits resolve to the same
// category and share one scan (query.ts keys a split by its category's identity).
/** Every customer is 未填写 when the field does not exist: the day and month counts give that split too. */
const absentFieldSplits = {
  customerIndustry: customerFieldAbsentCategory('客户行业'),
  customerLevel: customerFieldAbsentCategory('客户级别'),
  customerSource: customerFieldAbsentCategory('客户来源'),
};
/** A choice field's split from the field summary. */
const summaryFieldSplits = {
  customerIndustry: customerFieldSummaryCategory('客户行业'),
  customerLevel: customerFieldSummaryCategory('客户级别'),
  customerSource: customerFieldSummaryCategory('客户来源'),
};

/**
 * The customers' summaries (bi/summary/customer-tables.ts) under the detail's aliases: per day or
 * month × owner, how many customers and how many dealt (`count`: which of the two a measure sums).
 */
const customerCounts = (count: 'customers' | 'dealt', from: SQL, time: SQL, shape: string) => ({
  categories: absentFieldSplits,
  from,
  part: { shape, when: sql`r.${sql.raw(count)} > 0`, sum: sql`r.${sql.raw(count)}` },
  time,
  timeKind: 'day' as const,
  owner: sql`r.owner_user_id`,
  value: sql`coalesce(sum(r.${sql.raw(count)}), 0)`,
  drill: { kind: 'customer' as const, id: sql`null::int`, name: sql`''`, value: sql`1` },
  reads: { table: 'crm_customer', columns: ['create_time', 'owner_user_id', 'deal_status'] },
});

/** New customers (`when`: those dealt; `count`: the summaries' column): both in one scan of the period's customers (`part`). */
const customers = (when: SQL, count: 'customers' | 'dealt'): Source => ({
  from: sql`crm_customer r`,
  part: { shape: 'customers', when, sum: sql`1` },
  time: sql`r.create_time`,
  timeKind: 'instant',
  owner: sql`r.owner_user_id`,
  value: sql`count(*)`,
  drill: { kind: 'customer', id: sql`r.customer_id`, name: sql`r.customer_name`, value: sql`1` },
  categories: {
    customerIndustry: customerFieldCategory('客户行业'),
    customerLevel: customerFieldCategory('客户级别'),
    customerSource: customerFieldCategory('客户来源'),
  },
  summary: [
    // By none, a bucket or the owner: the company day's counts, or the month's for whole months.
    {
      ...customerCounts(count, sql`crm_customer_day r`, sql`r.day`, 'customerDays'),
      summary: { ...customerCounts(count, sql`crm_customer_month r`, sql`r.month`, 'customerMonths'), grain: 'month' },
    },
    // The portraits over whole months: one field's rows of the field summary.
    {
      ...customerCounts(count, sql`crm_customer_field_month r`, sql`r.month`, 'customerFieldMonths'),
      grain: 'month',
      categoriesOnly: true,
      categories: summaryFieldSplits,
      reads: { table: 'crm_customer', columns: ['create_time', 'owner_user_id', 'deal_status', 'fields'] },
    },
  ],
});

/**
 * Customer follow-ups: the count and the customers followed up, in one scan (`part`). The customer
 * is a left join only the drill-down's name reads: a figure reads no column of it, so the planner
 * drops the join and a figure reads the follow-ups' time index alone (a follow-up goes with its
 * customer, records/remove.ts, so no follow-up lacks one).
 */
const followUps = (value: SQL, drill: Source['drill'], distinct?: SQL): Source => ({
  from: sql`crm_follow_record r left join crm_customer c on c.customer_id = r.record_id`,
  where: sql`r.label = 2`,
  part: { shape: 'followUps', when: sql`true`, sum: sql`1`, distinct },
  time: sql`r.create_time`,
  timeKind: 'instant',
  owner: sql`r.create_user_id`,
  value,
  drill,
  categories: { followUpMethod: () => ({ key: sql`r.category` }) },
});

/**
 * The follow-ups' day summaries (bi/summary/tables.ts, issue 24 at full size): the company's day ×
 * author (× method), so `r.day` is already a day of the company's zone. `sum` is the column a
 * measure adds up: the follow-ups, or those that are a customer's first of a calendar unit.
 */
const followUpDays = (
  sum: SQL,
  drill: Source['drill'],
  { byMethod = false, months = false }: { byMethod?: boolean; months?: boolean } = {},
): Source => ({
  from: sql.raw(`crm_follow_${byMethod ? '' : 'user_'}${months ? 'month' : 'day'} r`),
  part: { shape: `followUp${byMethod ? 'Method' : ''}${months ? 'Months' : 'Days'}`, when: sql`true`, sum },
  time: months ? sql`r.month` : sql`r.day`,
  timeKind: 'day',
  owner: sql`r.user_id`,
  value: sql`coalesce(sum(${sum}), 0)`,
  drill,
  categories: byMethod ? { followUpMethod: () => ({ key: sql`r.category` }) } : undefined,
  grain: months ? 'month' : undefined,
});
const followUpDrill: Source['drill'] = {
  kind: 'followUp',
  id: sql`r.follow_id`,
  name: sql`coalesce(c.customer_name, '') || '：' || left(r.content, 50)`,
  value: sql`1`,
};
const followedCustomerDrill: Source['drill'] = {
  kind: 'customer',
  id: sql`r.record_id`,
  name: sql`coalesce(c.customer_name, '')`,
  // A customer counts once however often it was followed up (drill.ts keeps the largest, 1).
  value: sql`1`,
};

/** A pool move, credited to the owner who lost (entered) or got (taken) the customer. */
const poolMoves = (actions: SQL, ownerSide: 'before' | 'after'): Source => ({
  from: sql`crm_action_record r left join crm_customer c on c.customer_id = r.record_id`,
  where: sql`r.label = 2 and r.action in ${actions}`,
  time: sql`r.create_time`,
  timeKind: 'instant',
  owner: sql`(r.changes->0->>${ownerSide})::int`,
  value: sql`count(*)`,
  drill: { kind: 'customer', id: sql`r.record_id`, name: sql`coalesce(c.customer_name, '')`, value: sql`1` },
});

const businesses = (value: SQL, where?: SQL): Source => ({
  from: sql`crm_business r left join crm_business_status s on s.status_id = r.status_id`,
  where,
  time: sql`r.create_time`,
  timeKind: 'instant',
  owner: sql`r.owner_user_id`,
  value,
  drill: {
    kind: 'business',
    id: sql`r.business_id`,
    name: sql`r.business_name`,
    value: value === countAll ? sql`1` : sql`coalesce(r.money, 0)`,
  },
  categories: {
    // The stages in their order, then how the ended ones ended.
    businessStage: () => ({
      key: sql`case r.is_end when 1 then '赢单' when 2 then '输单' when 3 then '无效' else coalesce(s.name, '未设置阶段') end`,
      order: sql`case r.is_end when 0 then coalesce(s.order_num, 0) else 1000 + r.is_end end`,
    }),
  },
});
const countAll = sql`count(*)`;

/**
 * The contracts' summaries (bi/summary/tables.ts: approved contracts by order day, or month, ×
 * current owner): `summed` is the column a measure adds up (deals, cycle days, money). The
 * contract columns they condense are listed (`reads`): a viewer from whom the amount is hidden
 * reads the rows (where it sums to 0).
 */
const contractSummary = (summed: SQL, drill: Source['drill']): Source => {
  const level = (months: boolean): Source => ({
    from: sql.raw(`crm_contract_${months ? 'month' : 'day'} r`),
    part: { shape: months ? 'contractMonths' : 'contractDays', when: sql`true`, sum: summed },
    time: months ? sql`r.month` : sql`r.order_date`,
    timeKind: 'day',
    owner: sql`r.owner_user_id`,
    value: sql`coalesce(sum(${summed}), 0)`,
    drill,
    grain: months ? 'month' : undefined,
    reads: { table: 'crm_contract', columns: ['check_status', 'order_date', 'owner_user_id', 'money', 'customer_id'] },
  });
  // The days; the months for a period of whole months (a year: 12 rows per owner, not 365).
  return { ...level(false), summary: level(true) };
};

/** A contract row as a drill-down opens it (the contract sources and their summaries). */
const contractDrill = (value: SQL): Source['drill'] => ({
  kind: 'contract',
  id: sql`r.contract_id`,
  name: sql`r.name`,
  value,
});

/** Approved contracts: their count and money in one scan (`part`). */
const contracts = (value: SQL, drillValue: SQL, summed: SQL): Source => {
  const drill = contractDrill(drillValue);
  return {
    from: sql`crm_contract r`,
    where: sql`r.check_status = ${approved}`,
    part: { shape: 'contracts', when: sql`true`, sum: drillValue },
    time: sql`r.order_date`,
    timeKind: 'day',
    owner: sql`r.owner_user_id`,
    value,
    drill,
    // Counted by order day × current owner (h-contract): a transfer or an approval moves the row.
    summary: contractSummary(summed, drill),
  };
};

/**
 * The receivables' summaries (approved receivables by return day, or month, × current owner): how
 * many, and their money (a receivable without an amount adds 0, as `coalesce(sum(r.money), 0)`).
 */
const receivablesSummary = (drill: Source['drill']): Source => {
  const level = (months: boolean): Source => ({
    from: sql.raw(`crm_receivables_${months ? 'month' : 'day'} r`),
    time: months ? sql`r.month` : sql`r.return_date`,
    timeKind: 'day',
    owner: sql`r.owner_user_id`,
    value: sql`coalesce(sum(r.money), 0)`,
    drill,
    grain: months ? 'month' : undefined,
    reads: { table: 'crm_receivables', columns: ['check_status', 'return_time', 'owner_user_id', 'money'] },
  });
  return { ...level(false), summary: level(true) };
};

const productCategories = {
  product: () => ({ key: sql`p.name` }),
  productCategory: () => ({ key: sql`coalesce(pc.name, '未分类')` }),
};

/** Products on approved contracts, in the contract's period and owner's name. */
const productLines = (value: SQL, drillValue: SQL, summed: SQL): Source => ({
  from: sql`crm_product_line l join crm_contract r on r.contract_id = l.record_id
    join crm_product p on p.product_id = l.product_id
    left join crm_product_category pc on pc.category_id = p.category_id`,
  where: sql`l.label = 6 and r.check_status = ${approved}`,
  // Quantity and money in one scan.
  part: { shape: 'productLines', when: sql`true`, sum: drillValue },
  time: sql`r.order_date`,
  timeKind: 'day',
  owner: sql`r.owner_user_id`,
  value,
  drill: contractDrill(drillValue),
  categories: productCategories,
  // By order day × owner × product (bi/summary/tables.ts): the product and its category joined as above.
  summary: {
    from: sql`crm_product_line_day r join crm_product p on p.product_id = r.product_id
      left join crm_product_category pc on pc.category_id = p.category_id`,
    part: { shape: 'productLineDays', when: sql`true`, sum: summed },
    time: sql`r.order_date`,
    timeKind: 'day',
    owner: sql`r.owner_user_id`,
    value: sql`coalesce(sum(${summed}), 0)`,
    drill: contractDrill(drillValue),
    categories: productCategories,
  },
});

/** Targets are not rows but twelve months per user or department: see targets.ts. */
export const targetMeasures = { contractTarget: 1, receivablesTarget: 2 } as const;
export type TargetMeasure = keyof typeof targetMeasures;
export const isTargetMeasure = (k: string): k is TargetMeasure => Object.hasOwn(targetMeasures, k);

type RowMeasure = Exclude<
  BiMeasureKey,
  TargetMeasure | `${string}Rate` | 'dealCycle' | 'avgTicket' | 'grossMargin' | 'visitAvgDeal' | 'rfmAvgRecency'
>;

/**
 * Days from a customer's creation (the company's day) to an approved contract's order day, per
 * contract, in the contract's period and owner's name (the sales cycle).
 */
const dealCycle = (value: SQL, drillValue: SQL, summed: SQL): Source => ({
  from: sql`crm_contract r join crm_customer c on c.customer_id = r.customer_id`,
  where: sql`r.check_status = ${approved}`,
  // The days and the deals in one scan.
  part: { shape: 'dealCycle', when: sql`true`, sum: drillValue },
  time: sql`r.order_date`,
  timeKind: 'day',
  owner: sql`r.owner_user_id`,
  value,
  drill: contractDrill(drillValue),
  // Deals and their days by order day × owner (bi/summary/tables.ts).
  summary: contractSummary(summed, contractDrill(drillValue)),
});
const cycleDaysOf = sql`greatest(r.order_date - (c.create_time at time zone ${zoneSql()})::date, 0)`;

export const sources: Record<RowMeasure, Source> = {
  customerNew: customers(sql`true`, 'customers'),
  customerDeal: customers(sql`r.deal_status = 1`, 'dealt'),
  followUpCount: {
    ...followUps(countAll, followUpDrill),
    // Days by method, days, months by method, months: the last that holds the grouping and period.
    summary: {
      ...followUpDays(sql`r.follow_count`, followUpDrill, { byMethod: true }),
      summary: {
        ...followUpDays(sql`r.follow_count`, followUpDrill),
        summary: {
          ...followUpDays(sql`r.follow_count`, followUpDrill, { byMethod: true, months: true }),
          summary: followUpDays(sql`r.follow_count`, followUpDrill, { months: true }),
        },
      },
    },
  },
  followUpCustomers: {
    ...followUps(sql`count(distinct r.record_id)`, followedCustomerDrill, sql`r.record_id`),
    // A customer's first follow-up of the unit, among everyone's or the author's own.
    // (By month too when the unit is a month or longer.)
    calendar: (unit, among) => {
      const firsts = sql`r.${sql.identifier(`${among === 'everyone' ? 'first' : 'own'}_${unit}`)}`;
      const months = unit === 'month' || unit === 'quarter' || unit === 'year';
      return {
        ...followUpDays(firsts, followedCustomerDrill),
        summary: months ? followUpDays(firsts, followedCustomerDrill, { months: true }) : undefined,
      };
    },
  },
  leadsNew: {
    from: sql`crm_leads r`,
    time: sql`r.create_time`,
    timeKind: 'instant',
    owner: sql`r.owner_user_id`,
    value: countAll,
    drill: { kind: 'leads', id: sql`r.leads_id`, name: sql`r.name`, value: sql`1` },
  },
  leadsConverted: {
    from: sql`crm_leads r`,
    where: sql`r.is_transform`,
    time: sql`r.transform_time`,
    timeKind: 'instant',
    owner: sql`r.owner_user_id`,
    value: countAll,
    drill: { kind: 'leads', id: sql`r.leads_id`, name: sql`r.name`, value: sql`1` },
  },
  contactsNew: {
    from: sql`crm_contacts r`,
    time: sql`r.create_time`,
    timeKind: 'instant',
    owner: sql`r.owner_user_id`,
    value: countAll,
    drill: { kind: 'contacts', id: sql`r.contacts_id`, name: sql`r.name`, value: sql`1` },
  },
  poolEntered: poolMoves(sql`('putInPool')`, 'before'),
  poolTaken: poolMoves(sql`('receive', 'distribute')`, 'after'),
  businessNew: businesses(countAll),
  businessMoney: businesses(sql`coalesce(sum(r.money), 0)`),
  businessWon: businesses(countAll, sql`r.is_end = 1`),
  businessLost: businesses(countAll, sql`r.is_end = 2`),
  cycleDays: dealCycle(sql`coalesce(sum(${cycleDaysOf}), 0)`, cycleDaysOf, sql`r.cycle_days`),
  cycleDeals: dealCycle(countAll, sql`1`, sql`r.deals`),
  contractCount: contracts(countAll, sql`1`, sql`r.deals`),
  contractMoney: contracts(sql`coalesce(sum(r.money), 0)`, sql`r.money`, sql`r.money`),
  receivablesMoney: (() => {
    const drill: Source['drill'] = {
      kind: 'receivables',
      id: sql`r.receivables_id`,
      name: sql`coalesce(r.number, '')`,
      value: sql`coalesce(r.money, 0)`,
    };
    return {
      from: sql`crm_receivables r`,
      where: sql`r.check_status = ${approved}`,
      time: sql`r.return_time`,
      timeKind: 'day',
      owner: sql`r.owner_user_id`,
      value: sql`coalesce(sum(r.money), 0)`,
      drill,
      // By return day (or month) × current owner (h-contract, bi/summary/tables.ts).
      summary: receivablesSummary(drill),
    } satisfies Source;
  })(),
  productQuantity: productLines(sql`coalesce(sum(l.num), 0)`, sql`l.num`, sql`r.num`),
  productMoney: productLines(sql`coalesce(sum(l.subtotal), 0)`, sql`l.subtotal`, sql`r.subtotal`),
  journalCount: {
    from: sql`oa_log r`,
    where: sql`not r.is_deleted`,
    time: sql`r.create_time`,
    timeKind: 'instant',
    owner: sql`r.create_user_id`,
    value: countAll,
    drill: {
      kind: 'journal',
      id: sql`r.log_id`,
      name: sql`case r.category_id when 1 then '日报' when 2 then '周报' else '月报' end`,
      value: sql`1`,
    },
    categories: {
      journalCategory: () => ({
        key: sql`case r.category_id when 1 then '日报' when 2 then '周报' else '月报' end`,
        order: sql`r.category_id`,
      }),
    },
  },
  examineCount: {
    from: sql`oa_examine r join oa_examine_category c on c.category_id = r.category_id`,
    where: sql`not r.is_deleted`,
    time: sql`r.submit_time`,
    timeKind: 'instant',
    owner: sql`r.create_user_id`,
    value: countAll,
    drill: { kind: 'examine', id: sql`r.examine_id`, name: sql`c.title`, value: sql`1` },
    categories: { examineCategory: () => ({ key: sql`c.title`, order: sql`c.category_id` }) },
  },
  ...clinicSources,
  ...visitSources,
  ...rfmSources,
};
