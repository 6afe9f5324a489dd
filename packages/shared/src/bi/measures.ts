/**
 * The statistics' measures, defined once: what each figure is called, its unit, how it adds up
 * and which records a click on it opens. The server computes each in SQL (packages/server/src/bi/
 * sources.ts holds one source per measure; a test fails when one is missing) and the web formats
 * and labels it from here, so a chart, its table, its export and its drill-down agree.
 */
export type MeasureUnit = 'money' | 'count' | 'percent';
/** What a click opens: a CRM record kind (its detail), an approval, a work log. */
export type DrillKind =
  | 'customer'
  | 'leads'
  | 'contacts'
  | 'business'
  | 'contract'
  | 'receivables'
  | 'followUp'
  | 'journal'
  | 'examine'
  // The clinic's records (issue 24's clinic pages).
  | 'performance'
  | 'order'
  | 'deal'
  | 'treatment'
  | 'ledger'
  | 'arrears'
  | 'refund'
  // Appointments and visits (issue 23).
  | 'appointment'
  | 'visit';

export type MeasureDef = {
  name: string;
  nameEn: string;
  unit: MeasureUnit;
  /**
   * `count` of rows, `countDistinct` of a record, `sum` of an amount, `ratio`: numerator over
   * denominator (two other measures) in percent, or `average`: the same quotient as a plain number
   * with one decimal (days per deal); both computed from the parts' sums, never averaged again.
   */
  aggregate: 'count' | 'countDistinct' | 'sum' | 'ratio' | 'average';
  ratio?: [string, string];
  /** The records a figure is made of; a ratio or a target opens none. */
  drill: DrillKind | null;
};

const m = (
  name: string,
  nameEn: string,
  unit: MeasureUnit,
  aggregate: MeasureDef['aggregate'],
  drill: DrillKind | null,
  ratio?: [string, string],
): MeasureDef => ({ name, nameEn, unit, aggregate, drill, ...(ratio ? { ratio } : {}) });

export const measures = {
  customerNew: m('新增客户数', 'New customers', 'count', 'count', 'customer'),
  customerDeal: m('成交客户数', 'Customers won', 'count', 'count', 'customer'),
  customerDealRate: m('客户成交率', 'Customer win rate', 'percent', 'ratio', null, ['customerDeal', 'customerNew']),
  followUpCount: m('跟进次数', 'Follow-ups', 'count', 'count', 'followUp'),
  followUpCustomers: m('跟进客户数', 'Customers followed up', 'count', 'countDistinct', 'customer'),
  leadsNew: m('新增线索数', 'New leads', 'count', 'count', 'leads'),
  leadsConverted: m('转化线索数', 'Leads converted', 'count', 'count', 'leads'),
  leadsConversionRate: m('线索转化率', 'Lead conversion rate', 'percent', 'ratio', null, [
    'leadsConverted',
    'leadsNew',
  ]),
  contactsNew: m('新增联系人数', 'New contacts', 'count', 'count', 'contacts'),
  poolEntered: m('进入公海客户数', 'Customers into the pool', 'count', 'count', 'customer'),
  poolTaken: m('公海领取/分配客户数', 'Customers taken from the pool', 'count', 'count', 'customer'),
  businessNew: m('新增商机数', 'New opportunities', 'count', 'count', 'business'),
  businessMoney: m('商机金额', 'Opportunity amount', 'money', 'sum', 'business'),
  businessWon: m('赢单商机数', 'Opportunities won', 'count', 'count', 'business'),
  businessLost: m('输单商机数', 'Opportunities lost', 'count', 'count', 'business'),
  businessWinRate: m('赢单率', 'Win rate', 'percent', 'ratio', null, ['businessWon', 'businessNew']),
  cycleDays: m('成交总天数', 'Days to deal, summed', 'count', 'sum', 'contract'),
  cycleDeals: m('成交合同数', 'Deals', 'count', 'count', 'contract'),
  dealCycle: m('平均成交周期(天)', 'Average days to deal', 'count', 'average', null, ['cycleDays', 'cycleDeals']),
  contractCount: m('合同数', 'Contracts', 'count', 'count', 'contract'),
  contractMoney: m('合同金额', 'Contract amount', 'money', 'sum', 'contract'),
  receivablesMoney: m('回款金额', 'Received', 'money', 'sum', 'receivables'),
  productQuantity: m('产品销量', 'Quantity sold', 'count', 'sum', 'contract'),
  productMoney: m('产品销售额', 'Product sales', 'money', 'sum', 'contract'),
  contractTarget: m('合同金额目标', 'Contract target', 'money', 'sum', null),
  contractTargetRate: m('合同目标完成率', 'Contract target reached', 'percent', 'ratio', null, [
    'contractMoney',
    'contractTarget',
  ]),
  receivablesTarget: m('回款金额目标', 'Receivables target', 'money', 'sum', null),
  receivablesTargetRate: m('回款目标完成率', 'Receivables target reached', 'percent', 'ratio', null, [
    'receivablesMoney',
    'receivablesTarget',
  ]),
  journalCount: m('日志数', 'Work logs', 'count', 'count', 'journal'),
  examineCount: m('审批数', 'Approvals', 'count', 'count', 'examine'),
  ...clinicMeasures(),
} satisfies Record<string, MeasureDef>;
export type BiMeasureKey = keyof typeof measures;
export const measureKeys = Object.keys(measures) as BiMeasureKey[];

/**
 * The clinic's measures (CLINIC.md "Statistics"), read from the money path's rows: performance
 * (net of refunds and undos, which post negative rows), payments, the balance and arrears
 * ledgers, deal records, treatments and refunds. Opening and closing figures are balances at the
 * period's edges (every ledger row before its first day, up to its last day).
 */
function clinicMeasures() {
  return {
    cashPerformance: m('现金业绩', 'Cash performance', 'money', 'sum', 'performance'),
    consumptionPerformance: m('消耗业绩', 'Consumption performance', 'money', 'sum', 'performance'),
    developerPerformance: m('开发业绩', 'Developer performance', 'money', 'sum', 'performance'),
    turnover: m('营业额', 'Turnover', 'money', 'sum', 'order'),
    buyingCustomers: m('消费客户数', 'Paying customers', 'count', 'countDistinct', 'customer'),
    taggedBuyers: m('消费客户数(按标签)', 'Paying customers by tag', 'count', 'countDistinct', 'customer'),
    avgTicket: m('客单价', 'Average per customer', 'money', 'average', null, ['cashPerformance', 'buyingCustomers']),
    topUpPrincipal: m('充值本金', 'Top-ups (principal)', 'money', 'sum', 'ledger'),
    topUpGift: m('充值赠金', 'Top-ups (gift)', 'money', 'sum', 'ledger'),
    refundPaid: m('退款金额', 'Refunds', 'money', 'sum', 'refund'),
    arrearsOpening: m('期初欠款', 'Arrears at start', 'money', 'sum', 'customer'),
    arrearsNew: m('新增欠款', 'New arrears', 'money', 'sum', 'arrears'),
    arrearsRepaid: m('还款金额', 'Arrears repaid', 'money', 'sum', 'arrears'),
    arrearsWaived: m('免除欠款', 'Arrears waived', 'money', 'sum', 'arrears'),
    arrearsClosing: m('期末欠款', 'Arrears at end', 'money', 'sum', 'customer'),
    principalOpening: m('期初本金', 'Principal at start', 'money', 'sum', 'customer'),
    principalUsed: m('消费本金', 'Principal spent', 'money', 'sum', 'ledger'),
    principalOther: m('其他变动本金', 'Principal: refunds, conversions, adjustments', 'money', 'sum', 'ledger'),
    principalClosing: m('期末本金', 'Principal at end', 'money', 'sum', 'customer'),
    giftOpening: m('期初赠金', 'Gift at start', 'money', 'sum', 'customer'),
    giftUsed: m('消费赠金', 'Gift spent', 'money', 'sum', 'ledger'),
    giftOther: m('其他变动赠金', 'Gift: refunds, conversions, adjustments', 'money', 'sum', 'ledger'),
    giftClosing: m('期末赠金', 'Gift at end', 'money', 'sum', 'customer'),
    balanceClosing: m('存款余额', 'Balances held', 'money', 'sum', 'customer'),
    payCash: m('现金', 'Cash', 'money', 'sum', 'order'),
    payWechat: m('微信', 'WeChat', 'money', 'sum', 'order'),
    payAlipay: m('支付宝', 'Alipay', 'money', 'sum', 'order'),
    payCard: m('银行卡', 'Bank card', 'money', 'sum', 'order'),
    payPrincipal: m('本金余额支付', 'Paid from principal', 'money', 'sum', 'order'),
    payGift: m('赠金余额支付', 'Paid from gift', 'money', 'sum', 'order'),
    referredCustomers: m('引流客户数', 'Customers referred', 'count', 'count', 'customer'),
    dealsSold: m('成交项目数', 'Deals', 'count', 'count', 'deal'),
    sessionsSold: m('售出次数', 'Sessions sold', 'count', 'sum', 'deal'),
    salesMoney: m('成交金额', 'Sold for', 'money', 'sum', 'deal'),
    sessionsUsed: m('消耗次数', 'Sessions used', 'count', 'sum', 'treatment'),
    treatmentCount: m('划扣笔数', 'Treatments', 'count', 'count', 'treatment'),
    treatmentValue: m('划扣金额', 'Value used', 'money', 'sum', 'treatment'),
    sessionsRefunded: m('退款次数', 'Sessions refunded', 'count', 'sum', 'refund'),
    sessionsLeft: m('剩余次数', 'Sessions left', 'count', 'sum', 'deal'),
    staffTreatments: m('参与划扣次数', 'Treatments taken part in', 'count', 'count', 'treatment'),
    staffCustomers: m('服务客户数', 'Customers served', 'count', 'countDistinct', 'customer'),
    projectCost: m('项目成本', 'Project cost', 'money', 'sum', 'performance'),
    grossProfit: m('毛利', 'Gross profit', 'money', 'sum', 'performance'),
    grossMargin: m('毛利率', 'Gross margin', 'percent', 'ratio', null, ['grossProfit', 'consumptionPerformance']),
    ...visitMeasures(),
    ...rfmMeasures(),
  } as const;
}

/**
 * Appointments and visits (CLINIC.md "Statistics"): bookings not cancelled and those that arrived
 * (到院率 = arrived ÷ booked, by the booked time); visits by arrival, consulted (the consult saved:
 * deal or no deal) and with a deal (a charged sale opened in the visit holds a line that counts as
 * a deal), 成交率 = deal visits ÷ consulted visits, and what those visits bought.
 */
function visitMeasures() {
  return {
    bookings: m('预约数', 'Bookings', 'count', 'count', 'appointment'),
    arrivals: m('到院数', 'Bookings arrived', 'count', 'count', 'appointment'),
    arrivalRate: m('到院率', 'Arrival rate', 'percent', 'ratio', null, ['arrivals', 'bookings']),
    visitCount: m('到店人次', 'Visits', 'count', 'count', 'visit'),
    consultedVisits: m('面诊人次', 'Visits consulted', 'count', 'count', 'visit'),
    dealVisits: m('成交人次', 'Visits with a deal', 'count', 'count', 'visit'),
    dealRate: m('成交率', 'Deal rate', 'percent', 'ratio', null, ['dealVisits', 'consultedVisits']),
    visitDealMoney: m('到店成交金额', 'Sold in visits', 'money', 'sum', 'visit'),
    visitAvgDeal: m('平均成交额', 'Average per deal visit', 'money', 'average', null, ['visitDealMoney', 'dealVisits']),
  } as const;
}

/**
 * RFM segments (clientAnalyze, rfm.ts): the customers of a segment, their paid sale orders, what
 * those took (cash and principal) and, on average, how many days before the period's end they
 * last paid or were treated.
 */
function rfmMeasures() {
  return {
    rfmCustomers: m('客户数', 'Customers', 'count', 'count', 'customer'),
    rfmOrders: m('消费次数', 'Paid orders', 'count', 'sum', 'customer'),
    rfmMoney: m('消费金额', 'Paid', 'money', 'sum', 'customer'),
    rfmRecencyDays: m('距最近消费天数合计', 'Days since last visit, summed', 'count', 'sum', 'customer'),
    rfmAvgRecency: m('平均距最近消费天数', 'Average days since last visit', 'count', 'average', null, [
      'rfmRecencyDays',
      'rfmCustomers',
    ]),
  } as const;
}

/** The measures a ratio needs computed (itself excluded); others need only themselves. */
export const baseMeasuresOf = (key: BiMeasureKey): BiMeasureKey[] => {
  const def: MeasureDef = measures[key];
  return def.ratio ? (def.ratio as BiMeasureKey[]) : [key];
};

/** A ratio's value from its parts' sums, percent with one decimal; 0 over nothing is 0. */
export function ratioValue(numerator: number, denominator: number): number {
  return denominator ? Math.round((numerator / denominator) * 1000) / 10 : 0;
}

/** A derived measure's value from its parts' sums: a ratio in percent, an average as is (one decimal). */
export function derivedValue(key: BiMeasureKey, numerator: number, denominator: number): number {
  if (measures[key].aggregate === 'ratio') return ratioValue(numerator, denominator);
  // An average of money (客单价) keeps the fen; other averages (days) one decimal.
  const scale = measures[key].unit === 'money' ? 100 : 10;
  return denominator ? Math.round((numerator / denominator) * scale) / scale : 0;
}

/** Money as the pages and sheets show it: ¥ with thousands separators and two decimals. */
export const formatMoney = (v: number): string =>
  `¥${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** A percentage with one decimal (`12.5%`); null (no base) is "—". */
export const formatPercent = (v: number | null): string => (v === null ? '—' : `${v.toFixed(1)}%`);
/** Any measure's value as text by its unit. */
export const formatMeasure = (key: BiMeasureKey, v: number): string => {
  const unit = measures[key].unit;
  return unit === 'money' ? formatMoney(v) : unit === 'percent' ? formatPercent(v) : v.toLocaleString('en-US');
};
