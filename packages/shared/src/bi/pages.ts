import type { AnalysisPath } from './analyses.ts';
import type { BiGroup } from './groups.ts';

// The page list apart from the analyses it names (types only from there): the web's /bi menu and
// routes need the pages' addresses, groups and names in the first load, not every analysis's
// definition (docs/architecture.md "First load").

/** The pages of /bi (the original's route names): which analyses each shows, under which group. */
export type BiPage = { path: string; group: BiGroup; title: string; titleEn: string; analyses: AnalysisPath[] };
const page = (path: string, group: BiGroup, title: string, titleEn: string, list: AnalysisPath[]): BiPage => ({
  path,
  group,
  title,
  titleEn,
  analyses: list,
});
/** /workbench/achievementTable (spec 2.3): the targets page of the workbench, on the same analyses. */
export const achievementTablePage: BiPage = {
  path: 'achievementTable',
  group: 'achievement',
  title: '业绩报表',
  titleEn: 'Performance report',
  analyses: ['/bi/taskCompleteStatistics', '/bi/achievementTable'],
};

export const biPages: BiPage[] = [
  page('customerTotal', 'customer', '客户总量分析', 'Customer totals', [
    '/biCustomer/totalCustomerStats',
    '/biCustomer/totalCustomerTable',
  ]),
  page('customerRecord', 'customer', '客户跟进次数分析', 'Follow-ups', [
    '/biCustomer/customerRecordStats',
    '/biCustomer/customerRecordInfo',
  ]),
  page('customerRecordmode', 'customer', '客户跟进方式分析', 'Follow-up methods', [
    '/biCustomer/customerRecodCategoryStats',
  ]),
  page('customerConversion', 'customer', '客户转化率分析', 'Conversion', [
    '/biCustomer/customerConversionStats',
    '/biCustomer/customerConversionInfo',
  ]),
  page('customerPool', 'customer', '公海客户分析', 'Customer pool', ['/biCustomer/poolStats', '/biCustomer/poolTable']),
  page('customerCycle', 'customer', '成交周期分析', 'Days to deal', [
    '/biCustomer/employeeCycle',
    '/biCustomer/employeeCycleInfo',
  ]),
  page('funnelstatistics', 'business', '销售漏斗', 'Sales funnel', ['/biFunnel/sellFunnel']),
  page('businessTrend', 'business', '新增商机分析', 'New opportunities', ['/biFunnel/addBusinessAnalyze']),
  page('businessWin', 'business', '商机转化率分析', 'Win rate', ['/biFunnel/win']),
  page('achievementCount', 'contract', '合同数量分析', 'Contracts', ['/biEmployee/contractNumStats']),
  page('achievementMoney', 'contract', '合同金额分析', 'Contract amount', ['/biEmployee/contractMoneyStats']),
  page('achievementBack', 'contract', '回款金额分析', 'Received', ['/biEmployee/receivablesMoneyStats']),
  page('achievementSummary', 'contract', '合同汇总表', 'Contract summary', [
    '/bi/moneyStatistics',
    '/biEmployee/totalContract',
  ]),
  page('portrayalIndustry/industry', 'portrait', '客户行业分析', 'Industry', ['/biRanking/portrait']),
  page('portrayalIndustry/level', 'portrait', '客户级别分析', 'Level', ['/biRanking/portraitLevel']),
  page('portrayalIndustry/source', 'portrait', '客户来源分析', 'Source', ['/biRanking/portraitSource']),
  page('productstatistics', 'product', '产品销售情况统计', 'Product sales', ['/bi/productStatistics']),
  page('productCategory', 'product', '产品分类销量分析', 'Product categories', ['/biRanking/contractProductRanKing']),
  page('rankingContract', 'ranking', '合同金额排行', 'Contract amount', ['/biRanking/contractRanKing']),
  page('rankingReceivables', 'ranking', '回款金额排行', 'Received', ['/biRanking/receivablesRanKing']),
  page('rankingSigning', 'ranking', '签约合同排行', 'Contracts signed', ['/biRanking/contractCountRanKing']),
  page('rankingProduct', 'ranking', '产品销量排行', 'Quantity sold', ['/biRanking/productCountRanKing']),
  page('rankingAddCustomer', 'ranking', '新增客户数排行', 'New customers', ['/biRanking/customerCountRanKing']),
  page('rankingAddContacts', 'ranking', '新增联系人数排行', 'New contacts', ['/biRanking/contactsCountRanKing']),
  page('rankingRecordNun', 'ranking', '跟进次数排行', 'Follow-ups', ['/biRanking/recordCountRanKing']),
  page('rankingRecordCustomer', 'ranking', '跟进客户数排行', 'Customers followed up', [
    '/biRanking/customerGenjinCountRanKing',
  ]),
  page('log', 'oa', '日志分析', 'Work logs', ['/biWork/logStatistics']),
  page('examine', 'oa', '审批分析', 'Approvals', ['/biWork/examineStatistics']),
  page('taskCompletestatistics', 'achievement', '业绩目标完成情况', 'Targets reached', [
    '/bi/taskCompleteStatistics',
    '/bi/achievementTable',
  ]),
  // The clinic's pages (spec 2.3 /bi: performance analysis, shops, staff, performance reports, data reports).
  page('performancePandect', 'clinicPerformance', '业绩总览', 'Performance overview', [
    '/biClinic/performancePandect',
    '/biClinic/visitPandect',
    '/biClinic/visitTypes',
  ]),
  page('departmentPerformance', 'clinicPerformance', '科室业绩', 'By department', ['/biClinic/departmentPerformance']),
  page('hotelAnalyze', 'clinicStore', '门店分析', 'Partner shops', ['/biClinic/hotelAnalyze']),
  page('clientAnalyze', 'clinicClient', '客户分析', 'Customers', [
    '/biClinic/clientKind',
    '/biClinic/clientSex',
    '/biClinic/clientAge',
    '/biClinic/clientSource',
    '/biClinic/clientTag',
    '/biClinic/clientRfm',
  ]),
  page('staffPerformanceAnalyze', 'clinicStaff', '员工业绩分析', 'Staff performance', [
    '/biClinic/staffPerformanceAnalyze',
  ]),
  page('staffGrossAnalyze', 'clinicStaff', '员工毛利分析', 'Staff gross margin', ['/biClinic/staffGrossAnalyze']),
  page('staffWork', 'clinicStaff', '员工工作明细', 'Staff work', ['/biClinic/staffWork']),
  page('department', 'clinicReport', '科室业绩报表', 'By department', ['/biClinic/department']),
  page('region', 'clinicReport', '地区业绩报表', 'By region', ['/biClinic/region']),
  page('project', 'clinicReport', '项目业绩报表', 'By project class', ['/biClinic/project']),
  page('departmentHotel', 'clinicReport', '科室门店业绩报表', 'By department and shop', ['/biClinic/departmentHotel']),
  page('cashSummary', 'clinicData', '收款日报', 'Daily cash summary', ['/biClinic/cashSummary']),
  page('deposits', 'clinicData', '预存款报表', 'Deposits', ['/biClinic/deposits']),
  page('arrears', 'clinicData', '欠款报表', 'Arrears', ['/biClinic/arrears']),
  page('projectRanking', 'clinicData', '项目排行', 'Project ranking', ['/biClinic/projectRanking']),
  page('treatmentDetail', 'clinicData', '划扣明细', 'Treatments', ['/biClinic/treatmentDetail']),
  // Visits (h-bi3): the consultant conversion table and the data report queries.
  page('consultantConversion', 'clinicStaff', '顾问转化表', 'Consultant conversion', [
    '/biClinic/consultantConversion',
    '/biClinic/consultantVisitType',
  ]),
  page('departmentRes', 'clinicData', '科室数据明细', 'Department results', ['/biClinic/departmentRes']),
  page('Resourcesdetail', 'clinicData', '资源明细', 'Customer sources', ['/biClinic/Resourcesdetail']),
  page('Personaldetails', 'clinicData', '个人数据明细', 'Personal results', ['/biClinic/Personaldetails']),
  page('Performance', 'clinicData', '业绩明细', 'Performance by day', ['/biClinic/Performance']),
];
