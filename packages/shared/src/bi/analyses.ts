import type { BiMeasureKey } from './measures.ts';

/**
 * The analyses: each is one call of the original client's statistics module (its path kept) that
 * computes some measures over the request's period, split one way. A page of /bi shows one or
 * more of them, each as a chart with the table behind it; the export and the drill-down name the
 * analysis, so they read exactly what the page shows.
 */

import type { BiGroup } from './groups.ts';
import { rfmNamesEn, rfmNote } from './rfm.ts';

export { type BiGroup, biGroups, biPermission } from './groups.ts';

/**
 * How an analysis splits its figures: by period bucket (day/week/month, every bucket shown), by
 * owner (every user in the viewer's scope and filter, zeros included), or by a category the
 * analysis names (follow-up method, opportunity stage, product, …).
 */
export type Dimension = 'bucket' | 'owner' | 'category';
export type CategoryKey =
  | 'followUpMethod'
  | 'businessStage'
  | 'product'
  | 'productCategory'
  | 'customerIndustry'
  | 'customerLevel'
  | 'customerSource'
  | 'journalCategory'
  | 'examineCategory'
  // The clinic's splits: settlement (or treating) department, partner shop, its region (province
  // and city of the shop's address), project, project class, department × shop.
  | 'clinicDept'
  | 'clinicShop'
  | 'clinicRegion'
  | 'clinicProject'
  | 'clinicProjectClass'
  | 'clinicDeptShop'
  // Who bought (clientAnalyze): new or returning in the period, sex, age band, source.
  | 'clinicClientKind'
  | 'clinicClientSex'
  | 'clinicClientAge'
  | 'clinicClientSource'
  | 'clinicClientTag'
  // Visits (h-bi3): visit type, consultant, consultant × visit type.
  | 'clinicVisitType'
  | 'clinicConsultant'
  | 'clinicConsultantType'
  // RFM segments (h-rfm, rfm.ts): every segment listed, empty ones as 0.
  | 'clinicRfmSegment';
export type ChartKind = 'line' | 'bar' | 'pie' | 'funnel';

export type AnalysisDef = {
  group: BiGroup;
  title: string;
  titleEn: string;
  dimension: Dimension;
  measures: BiMeasureKey[];
  chart: ChartKind;
  category?: CategoryKey;
  /** Rows by each bucket's previous bucket and the same bucket last year (month-on-month, year-on-year). */
  compareRows?: boolean;
  /** Rows sorted by the first measure, largest first (rankings). */
  ranking?: boolean;
  /** The measures the chart draws when not all (the table always shows every one). */
  chartMeasures?: BiMeasureKey[];
  /** A line under the title saying how the figures are made (zh, en). */
  note?: [string, string];
  /** English names of the category's values (the Chinese ones are the rows' keys). */
  labelsEn?: Record<string, string>;
};

const a = (
  group: BiGroup,
  title: string,
  titleEn: string,
  dimension: Dimension,
  measures: BiMeasureKey[],
  chart: ChartKind,
  extra: Partial<AnalysisDef> = {},
): AnalysisDef => ({ group, title, titleEn, dimension, measures, chart, ...extra });

const rank = (title: string, titleEn: string, measure: BiMeasureKey) =>
  a('ranking', title, titleEn, 'owner', [measure], 'bar', { ranking: true });

export const analyses = {
  '/biCustomer/totalCustomerStats': a(
    'customer',
    '客户总量趋势',
    'Customers over time',
    'bucket',
    ['customerNew', 'customerDeal'],
    'bar',
  ),
  '/biCustomer/totalCustomerTable': a(
    'customer',
    '员工客户总量',
    'Customers by employee',
    'owner',
    ['customerNew', 'customerDeal', 'customerDealRate', 'contractMoney', 'receivablesMoney'],
    'bar',
  ),
  '/biCustomer/customerRecordStats': a(
    'customer',
    '跟进次数趋势',
    'Follow-ups over time',
    'bucket',
    ['followUpCount', 'followUpCustomers'],
    'line',
  ),
  '/biCustomer/customerRecordInfo': a(
    'customer',
    '员工跟进次数',
    'Follow-ups by employee',
    'owner',
    ['followUpCount', 'followUpCustomers'],
    'bar',
  ),
  '/biCustomer/customerRecodCategoryStats': a(
    'customer',
    '跟进方式',
    'Follow-up methods',
    'category',
    ['followUpCount'],
    'pie',
    { category: 'followUpMethod' },
  ),
  '/biCustomer/customerConversionStats': a(
    'customer',
    '客户转化趋势',
    'Conversion over time',
    'bucket',
    ['leadsNew', 'leadsConverted', 'leadsConversionRate', 'customerNew', 'customerDeal', 'customerDealRate'],
    'line',
  ),
  '/biCustomer/customerConversionInfo': a(
    'customer',
    '员工客户转化',
    'Conversion by employee',
    'owner',
    ['leadsNew', 'leadsConverted', 'leadsConversionRate', 'customerNew', 'customerDeal', 'customerDealRate'],
    'bar',
  ),
  '/biCustomer/poolStats': a(
    'customer',
    '公海客户趋势',
    'Customer pool over time',
    'bucket',
    ['poolEntered', 'poolTaken'],
    'line',
  ),
  '/biCustomer/poolTable': a(
    'customer',
    '员工公海客户',
    'Customer pool by employee',
    'owner',
    ['poolEntered', 'poolTaken'],
    'bar',
  ),
  '/biCustomer/employeeCycle': a(
    'customer',
    '成交周期趋势',
    'Days to deal over time',
    'bucket',
    ['dealCycle', 'cycleDeals'],
    'bar',
  ),
  '/biCustomer/employeeCycleInfo': a(
    'customer',
    '员工成交周期',
    'Days to deal by employee',
    'owner',
    ['dealCycle', 'cycleDeals'],
    'bar',
  ),
  '/biFunnel/sellFunnel': a(
    'business',
    '销售漏斗',
    'Sales funnel',
    'category',
    ['businessNew', 'businessMoney'],
    'funnel',
    { category: 'businessStage' },
  ),
  '/biFunnel/addBusinessAnalyze': a(
    'business',
    '新增商机',
    'New opportunities',
    'bucket',
    ['businessNew', 'businessMoney'],
    'bar',
  ),
  '/biFunnel/win': a(
    'business',
    '商机赢单',
    'Opportunities won',
    'bucket',
    ['businessNew', 'businessWon', 'businessLost', 'businessWinRate'],
    'line',
  ),
  '/biEmployee/contractNumStats': a('contract', '合同数量', 'Contracts', 'bucket', ['contractCount'], 'bar', {
    compareRows: true,
  }),
  '/biEmployee/contractMoneyStats': a('contract', '合同金额', 'Contract amount', 'bucket', ['contractMoney'], 'bar', {
    compareRows: true,
  }),
  '/biEmployee/receivablesMoneyStats': a('contract', '回款金额', 'Received', 'bucket', ['receivablesMoney'], 'bar', {
    compareRows: true,
  }),
  '/bi/moneyStatistics': a(
    'contract',
    '合同与回款金额',
    'Contracts and receivables',
    'bucket',
    ['contractMoney', 'receivablesMoney'],
    'line',
    { compareRows: true },
  ),
  '/biEmployee/totalContract': a(
    'contract',
    '合同汇总表',
    'Contract summary',
    'owner',
    ['contractCount', 'contractMoney', 'receivablesMoney'],
    'bar',
  ),
  '/biRanking/portrait': a(
    'portrait',
    '客户行业',
    'Customer industry',
    'category',
    ['customerNew', 'customerDeal'],
    'pie',
    { category: 'customerIndustry' },
  ),
  '/biRanking/portraitLevel': a(
    'portrait',
    '客户级别',
    'Customer level',
    'category',
    ['customerNew', 'customerDeal'],
    'pie',
    { category: 'customerLevel' },
  ),
  '/biRanking/portraitSource': a(
    'portrait',
    '客户来源',
    'Customer source',
    'category',
    ['customerNew', 'customerDeal'],
    'pie',
    { category: 'customerSource' },
  ),
  '/bi/productStatistics': a(
    'product',
    '产品销售情况',
    'Product sales',
    'category',
    ['productQuantity', 'productMoney'],
    'bar',
    { category: 'product' },
  ),
  '/biRanking/contractProductRanKing': a(
    'product',
    '产品分类销量',
    'Sales by product category',
    'category',
    ['productQuantity', 'productMoney'],
    'pie',
    { category: 'productCategory' },
  ),
  '/biRanking/contractRanKing': rank('合同金额排行', 'Contract amount ranking', 'contractMoney'),
  '/biRanking/receivablesRanKing': rank('回款金额排行', 'Receivables ranking', 'receivablesMoney'),
  '/biRanking/contractCountRanKing': rank('签约合同排行', 'Contracts signed ranking', 'contractCount'),
  '/biRanking/productCountRanKing': rank('产品销量排行', 'Quantity sold ranking', 'productQuantity'),
  '/biRanking/customerCountRanKing': rank('新增客户数排行', 'New customers ranking', 'customerNew'),
  '/biRanking/contactsCountRanKing': rank('新增联系人数排行', 'New contacts ranking', 'contactsNew'),
  '/biRanking/recordCountRanKing': rank('跟进次数排行', 'Follow-ups ranking', 'followUpCount'),
  '/biRanking/customerGenjinCountRanKing': rank('跟进客户数排行', 'Customers followed up ranking', 'followUpCustomers'),
  '/biWork/logStatistics': a('oa', '日志统计', 'Work logs', 'owner', ['journalCount'], 'bar'),
  '/biWork/examineStatistics': a('oa', '审批统计', 'Approvals', 'category', ['examineCount'], 'pie', {
    category: 'examineCategory',
  }),
  '/bi/taskCompleteStatistics': a(
    'achievement',
    '业绩目标完成情况',
    'Targets reached',
    'bucket',
    [
      'contractTarget',
      'contractMoney',
      'contractTargetRate',
      'receivablesTarget',
      'receivablesMoney',
      'receivablesTargetRate',
    ],
    'bar',
  ),
  // /workbench/achievementTable: my and my team's results against the targets, person by person.
  '/bi/achievementTable': a(
    'achievement',
    '员工业绩目标完成情况',
    'Targets by employee',
    'owner',
    [
      'contractTarget',
      'contractMoney',
      'contractTargetRate',
      'receivablesTarget',
      'receivablesMoney',
      'receivablesTargetRate',
    ],
    'bar',
  ),
  ...clinicAnalyses(),
} satisfies Record<string, AnalysisDef>;
export type AnalysisPath = keyof typeof analyses;
export const analysisPaths = Object.keys(analyses) as AnalysisPath[];
export const isAnalysisPath = (v: unknown): v is AnalysisPath => typeof v === 'string' && Object.hasOwn(analyses, v);

/**
 * The clinic's analyses (CLINIC.md "Statistics", issue 24): performance, partner shops, staff,
 * the performance reports and the data reports; the visit figures are visitAnalyses' below.
 */
function clinicAnalyses() {
  const performance: BiMeasureKey[] = [
    'cashPerformance',
    'consumptionPerformance',
    'developerPerformance',
    'buyingCustomers',
    'avgTicket',
  ];
  // Money on the chart's axis; counts and averages stay in the table.
  const moneyFlows = (list: BiMeasureKey[]) =>
    list.filter((k) => k.endsWith('Performance') || k === 'salesMoney' || k === 'treatmentValue');
  const byCategory = (group: BiGroup, title: string, titleEn: string, category: CategoryKey, list: BiMeasureKey[]) =>
    a(group, title, titleEn, 'category', list, 'bar', { category, chartMeasures: moneyFlows(list) });
  return {
    '/biClinic/performancePandect': a(
      'clinicPerformance',
      '业绩总览',
      'Performance overview',
      'bucket',
      [
        'cashPerformance',
        'consumptionPerformance',
        'turnover',
        'topUpPrincipal',
        'topUpGift',
        'refundPaid',
        'arrearsNew',
        'arrearsRepaid',
        'arrearsWaived',
        'buyingCustomers',
        'avgTicket',
      ],
      'line',
      { compareRows: true, chartMeasures: ['cashPerformance', 'consumptionPerformance', 'turnover'] },
    ),
    '/biClinic/departmentPerformance': byCategory(
      'clinicPerformance',
      '科室业绩',
      'Performance by department',
      'clinicDept',
      performance,
    ),
    '/biClinic/hotelAnalyze': byCategory('clinicStore', '门店分析', 'Partner shops', 'clinicShop', [
      'referredCustomers',
      'bookings',
      'arrivals',
      'arrivalRate',
      'dealRate',
      'dealsSold',
      'cashPerformance',
      'consumptionPerformance',
      'balanceClosing',
      'arrearsClosing',
    ]),
    ...clientAnalyses(),
    ...visitAnalyses(),
    '/biClinic/staffPerformanceAnalyze': a(
      'clinicStaff',
      '员工业绩',
      'Staff performance',
      'owner',
      performance,
      'bar',
      {
        chartMeasures: moneyFlows(performance),
      },
    ),
    '/biClinic/staffGrossAnalyze': a(
      'clinicStaff',
      '员工毛利',
      'Staff gross margin',
      'owner',
      ['consumptionPerformance', 'projectCost', 'grossProfit', 'grossMargin'],
      'bar',
      { chartMeasures: ['consumptionPerformance', 'grossProfit', 'grossMargin'] },
    ),
    // Staff work detail: the 划扣 each person took part in and what they earned by them.
    '/biClinic/staffWork': a(
      'clinicStaff',
      '员工工作明细',
      'Staff work',
      'owner',
      ['staffTreatments', 'staffCustomers', 'consumptionPerformance'],
      'bar',
      { chartMeasures: ['staffTreatments', 'staffCustomers'] },
    ),
    '/biClinic/department': byCategory('clinicReport', '科室业绩报表', 'By department', 'clinicDept', [
      'cashPerformance',
      'consumptionPerformance',
      'developerPerformance',
    ]),
    '/biClinic/region': byCategory('clinicReport', '地区业绩报表', 'By region', 'clinicRegion', [
      'cashPerformance',
      'consumptionPerformance',
      'buyingCustomers',
      'avgTicket',
    ]),
    '/biClinic/project': byCategory('clinicReport', '项目分类业绩报表', 'By project class', 'clinicProjectClass', [
      'cashPerformance',
      'consumptionPerformance',
    ]),
    '/biClinic/departmentHotel': byCategory(
      'clinicReport',
      '科室门店业绩报表',
      'By department and shop',
      'clinicDeptShop',
      ['cashPerformance', 'consumptionPerformance'],
    ),
    '/biClinic/cashSummary': a(
      'clinicData',
      '收款日报',
      'Daily cash summary',
      'bucket',
      [
        'turnover',
        'payCash',
        'payWechat',
        'payAlipay',
        'payCard',
        'payPrincipal',
        'payGift',
        'refundPaid',
        'arrearsNew',
        'arrearsRepaid',
      ],
      'bar',
      { chartMeasures: ['payCash', 'payWechat', 'payAlipay', 'payCard', 'payPrincipal', 'payGift'] },
    ),
    '/biClinic/deposits': a(
      'clinicData',
      '预存款报表',
      'Deposits',
      'owner',
      [
        'principalOpening',
        'topUpPrincipal',
        'principalUsed',
        'principalOther',
        'principalClosing',
        'giftOpening',
        'topUpGift',
        'giftUsed',
        'giftOther',
        'giftClosing',
      ],
      'bar',
      { chartMeasures: ['principalClosing', 'giftClosing'] },
    ),
    '/biClinic/arrears': a(
      'clinicData',
      '欠款报表',
      'Arrears',
      'owner',
      ['arrearsOpening', 'arrearsNew', 'arrearsRepaid', 'arrearsWaived', 'arrearsClosing'],
      'bar',
    ),
    '/biClinic/projectRanking': a(
      'clinicData',
      '项目排行',
      'Project ranking',
      'category',
      ['salesMoney', 'sessionsSold', 'sessionsUsed', 'sessionsRefunded', 'sessionsLeft'],
      'bar',
      { category: 'clinicProject', ranking: true, chartMeasures: ['salesMoney'] },
    ),
    '/biClinic/treatmentDetail': byCategory('clinicData', '划扣明细', 'Treatments', 'clinicProject', [
      'treatmentCount',
      'sessionsUsed',
      'treatmentValue',
    ]),
  } as const;
}

/**
 * The visit figures (CLINIC.md "Statistics"): the overview's bookings, arrivals and deals and its
 * visits by type; the consultant conversion table (per consultant, and per consultant × visit
 * type); and the data report queries departmentRes, Resourcesdetail, Personaldetails and
 * Performance: visits and performance side by side per department, customer source (资源: where
 * customers come from), person and day, each figure drilling into its rows.
 */
function visitAnalyses() {
  const conversion: BiMeasureKey[] = [
    'visitCount',
    'consultedVisits',
    'dealVisits',
    'dealRate',
    'visitDealMoney',
    'visitAvgDeal',
  ];
  const counts = { chartMeasures: ['visitCount', 'dealVisits'] as BiMeasureKey[] };
  return {
    '/biClinic/visitPandect': a(
      'clinicPerformance',
      '到院与成交',
      'Bookings, visits and deals',
      'bucket',
      ['bookings', 'arrivals', 'arrivalRate', 'visitCount', 'consultedVisits', 'dealVisits', 'dealRate'],
      'line',
      { compareRows: true, chartMeasures: ['bookings', 'arrivals', 'visitCount', 'dealVisits'] },
    ),
    '/biClinic/visitTypes': a(
      'clinicPerformance',
      '到店类型',
      'Visits by type',
      'category',
      ['visitCount', 'consultedVisits', 'dealVisits', 'dealRate', 'visitDealMoney'],
      'pie',
      { category: 'clinicVisitType' },
    ),
    '/biClinic/consultantConversion': a(
      'clinicStaff',
      '顾问转化表',
      'Consultant conversion',
      'category',
      conversion,
      'bar',
      { category: 'clinicConsultant', ...counts },
    ),
    '/biClinic/consultantVisitType': a(
      'clinicStaff',
      '顾问转化（按到店类型）',
      'Consultant conversion by visit type',
      'category',
      conversion,
      'bar',
      { category: 'clinicConsultantType', ...counts },
    ),
    '/biClinic/departmentRes': a(
      'clinicData',
      '科室数据明细',
      'Department results',
      'category',
      [
        'visitCount',
        'dealVisits',
        'dealRate',
        'cashPerformance',
        'consumptionPerformance',
        'developerPerformance',
        'buyingCustomers',
        'avgTicket',
      ],
      'bar',
      { category: 'clinicDept', chartMeasures: ['cashPerformance', 'consumptionPerformance'] },
    ),
    '/biClinic/Resourcesdetail': a(
      'clinicData',
      '资源明细',
      'Customer sources',
      'category',
      [
        'bookings',
        'arrivals',
        'arrivalRate',
        'visitCount',
        'dealVisits',
        'dealRate',
        'visitDealMoney',
        'cashPerformance',
      ],
      'bar',
      { category: 'clinicClientSource', chartMeasures: ['bookings', 'arrivals', 'dealVisits'] },
    ),
    '/biClinic/Personaldetails': a(
      'clinicData',
      '个人数据明细',
      'Personal results',
      'owner',
      [
        'visitCount',
        'dealVisits',
        'dealRate',
        'visitDealMoney',
        'cashPerformance',
        'consumptionPerformance',
        'developerPerformance',
        'staffTreatments',
      ],
      'bar',
      { chartMeasures: ['cashPerformance', 'consumptionPerformance', 'developerPerformance'] },
    ),
    '/biClinic/Performance': a(
      'clinicData',
      '业绩明细',
      'Performance by day',
      'bucket',
      [
        'cashPerformance',
        'consumptionPerformance',
        'developerPerformance',
        'refundPaid',
        'visitCount',
        'dealVisits',
        'dealRate',
        'visitDealMoney',
      ],
      'bar',
      { chartMeasures: ['cashPerformance', 'consumptionPerformance', 'developerPerformance'] },
    ),
  } as const;
}

/** clientAnalyze: the customers who paid toward a sale, and how much, by who they are. */
function clientAnalyses() {
  const who = (path: string, title: string, titleEn: string, category: CategoryKey) =>
    [
      `/biClinic/${path}`,
      a('clinicClient', title, titleEn, 'category', ['buyingCustomers', 'cashPerformance', 'avgTicket'], 'pie', {
        category,
      }),
    ] as const;
  return Object.fromEntries([
    // A customer with two tags is in both rows; the total counts them once (no money here, it would count twice).
    [
      '/biClinic/clientTag',
      a('clinicClient', '客户标签', 'By tag', 'category', ['taggedBuyers'], 'pie', { category: 'clinicClientTag' }),
    ],
    who('clientKind', '新老客户', 'New and returning', 'clinicClientKind'),
    who('clientSex', '客户性别', 'By sex', 'clinicClientSex'),
    who('clientAge', '客户年龄', 'By age', 'clinicClientAge'),
    who('clientSource', '客户来源', 'By source', 'clinicClientSource'),
    // RFM (h-rfm): the customers who paid or were treated in the period, by segment (rfm.ts).
    [
      '/biClinic/clientRfm',
      a(
        'clinicClient',
        'RFM客户分群',
        'RFM segments',
        'category',
        ['rfmCustomers', 'rfmOrders', 'rfmMoney', 'rfmAvgRecency'],
        'pie',
        { category: 'clinicRfmSegment', chartMeasures: ['rfmCustomers'], note: rfmNote, labelsEn: rfmNamesEn },
      ),
    ],
  ]) as Record<
    | '/biClinic/clientKind'
    | '/biClinic/clientSex'
    | '/biClinic/clientAge'
    | '/biClinic/clientSource'
    | '/biClinic/clientTag'
    | '/biClinic/clientRfm',
    AnalysisDef
  >;
}
