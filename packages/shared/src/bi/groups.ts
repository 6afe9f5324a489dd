/**
 * Kept apart from the analyses: the permission tree (in the first page load) needs the groups'
 * names, not the analyses' definitions.
 */

/** The `bi` permission groups (the original's menu `subType`s): `bi:<group>:read`. */
export const biGroups = {
  customer: ['员工客户分析', 'Customer analysis'],
  business: ['销售漏斗分析', 'Sales funnel'],
  contract: ['员工业绩分析', 'Employee performance'],
  portrait: ['客户画像分析', 'Customer portrait'],
  product: ['产品分析', 'Product analysis'],
  ranking: ['排行榜', 'Rankings'],
  oa: ['办公分析', 'Office analysis'],
  achievement: ['业绩目标完成情况', 'Targets reached'],
  // The clinic's pages (spec 2.3 /bi, issue 24): performance, partner shops, staff, reports.
  clinicPerformance: ['业绩分析', 'Clinic performance'],
  clinicStore: ['门店分析', 'Partner shops'],
  clinicClient: ['客户分析', 'Clinic customers'],
  clinicStaff: ['员工分析', 'Staff performance'],
  clinicReport: ['业绩报表', 'Performance reports'],
  clinicData: ['数据报表', 'Clinic data reports'],
} as const;
export type BiGroup = keyof typeof biGroups;
export const biPermission = (group: BiGroup) => `bi:${group}:read`;
