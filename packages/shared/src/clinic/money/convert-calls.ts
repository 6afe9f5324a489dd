import { z } from 'zod';
import { apiTime, pageOf } from '../../contracts/common.ts';
import { formBatchId } from '../../records/schemas.ts';
import {
  idField,
  intEnum,
  intWithDefault,
  optionalDay,
  optionalId,
  optionalInt,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from '../../schemas/fields.ts';
import { yuanField } from '../catalogue-yuan.ts';
import { MoneyMsg } from './messages.ts';
import { salesShareSchema } from './orders.ts';
import { refundRowSchema } from './refund-calls.ts';
import { DealKind, DealStatus } from './states.ts';

/**
 * Conversions (转换), repairs (返修), the closed-deal query (/crm/make), the doctor list and the
 * customer's developer (开发业绩): issue 22's deal-record calls after the cashier (docs/clinic-money.md
 * "Conversions and repairs"). Yuan text in, fen out.
 */
export const ConvertMsg = {
  dealRequired: '请选择成交项目',
  dealMissing: '成交项目不存在',
  dealClosed: '该成交项目{status}，不能转换',
  repairNoConvert: '返修项目不能转换',
  noClass: '该项目未设置转换类别，不能转换',
  targetRequired: '请选择要转换的项目',
  targetInvalid: '只能转换为同一转换类别中已启用的其他项目',
  arrearsOwed: '该成交项目有欠款，请还清后再转换',
  nothingLeft: MoneyMsg.sessionsShort,
  orderOfConversion: '转换或返修的订单不能修改，请作废后重新办理',
  batchTaken: '重复提交，请刷新后重试',
} as const;

export const RepairMsg = {
  dealRequired: '请选择要返修的成交项目',
  dealMissing: '成交项目不存在',
  notTreated: '该成交项目尚未治疗，不能返修',
  ofRepair: '返修项目不能再返修，请选择原成交项目',
  priceInvalid: '返修价格须为不小于0的金额，最多两位小数',
  priceTooHigh: '返修价格不能高于项目执行价',
  reasonRequired: '请填写返修原因',
  notRepair: '该成交项目不是返修项目，请使用剩余项目退费',
  batchTaken: '重复提交，请刷新后重试',
} as const;

export const DeveloperMsg = {
  customerRequired: '请选择顾客',
  userMissing: '开发人员不存在或已停用',
  rateInvalid: '开发业绩比例须为0到100的整数',
  rateWithoutUser: '请先选择开发人员',
} as const;

/** A conversion waiting for its difference order's charge, applied, or given up with the order. */
export const ConversionStatus = { pending: 1, done: 2, cancelled: 3 } as const;
export const conversionStatusNames: Record<number, string> = { 1: '待补差价', 2: '已转换', 3: '已取消' };

/** `findConvertByProjectId`: the projects a deal may convert into. */
export const convertTargetsSchema = z.object({ dealId: idField(ConvertMsg.dealRequired) });
export const dealConvertTargetSchema = z.object({
  projectId: z.number().int(),
  name: z.string(),
  sessions: z.number().int(),
  price: z.number().int(),
  salesPrice: z.number().int(),
  className: z.string(),
});
export type ConvertTarget = z.infer<typeof dealConvertTargetSchema>;
export const convertTargetsAnswerSchema = z.object({
  /** What the deal's free left sessions are worth (fen) and how much of it was paid in cash or principal. */
  sessions: z.number().int(),
  leftValue: z.number().int(),
  leftPaid: z.number().int(),
  targets: z.array(dealConvertTargetSchema),
});
export type ConvertTargets = z.infer<typeof convertTargetsAnswerSchema>;

/**
 * `dealProjectConvert`: the deal's free left sessions (or `sessions` of them) into `quantity`
 * packages of a project of the same conversion class, at `dealPrice` (default 执行价 × quantity).
 * The salespeople earn the difference's 现金业绩 when it is paid (default: the one converting).
 */
export const convertSchema = z.object({
  dealId: idField(ConvertMsg.dealRequired),
  sessions: optionalInt(MoneyMsg.sessionsInvalid, { min: 1, max: 9999 }),
  projectId: idField(ConvertMsg.targetRequired),
  quantity: intWithDefault('数量须为1到999的整数', 1, { min: 1, max: 999 }),
  dealPrice: yuanField('成交价须为不小于0的金额，最多两位小数').optional(),
  salespeople: z.array(salesShareSchema).max(10, { error: '销售人员最多10人' }).optional(),
  remark: optionalText({ label: '备注', max: 200, multiline: true }),
  batchId: formBatchId,
});
export type ConvertInput = z.infer<typeof convertSchema>;

export const convertAnswerSchema = z.object({
  conversionId: z.number().int(),
  status: z.number().int(),
  fromDealId: z.number().int(),
  sessions: z.number().int(),
  valueMoved: z.number().int(),
  targetValue: z.number().int(),
  toPay: z.number().int(),
  toPrincipal: z.number().int(),
  forfeited: z.number().int(),
  toDealId: z.number().int().nullable(),
  /** The unpaid order of a dearer target's difference (charged at the cashier). */
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
});
export type ConvertAnswer = z.infer<typeof convertAnswerSchema>;

/** `repair` (返修): a follow-up of a treated deal, free or at a reduced price (an unpaid order). */
export const repairSchema = z.object({
  dealId: idField(RepairMsg.dealRequired),
  /** Default: the original deal's project. */
  projectId: optionalId('项目不存在'),
  sessions: intWithDefault(MoneyMsg.sessionsInvalid, 1, { min: 1, max: 99 }),
  price: yuanField(RepairMsg.priceInvalid, 0),
  reason: requiredText({ label: '返修原因', max: 200, multiline: true }, RepairMsg.reasonRequired),
  salespeople: z.array(salesShareSchema).max(10, { error: '销售人员最多10人' }).optional(),
  batchId: formBatchId,
});
export type RepairInput = z.infer<typeof repairSchema>;

export const repairAnswerSchema = z.object({
  /** The 返修 deal (a free repair at once; a priced one when its order is charged). */
  dealId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  price: z.number().int(),
  sessions: z.number().int(),
});
export type RepairAnswer = z.infer<typeof repairAnswerSchema>;

/** `querySubordinateProjectPlus`: closed deals of the customers in the viewer's data scope. */
const makeFilters = {
  from: optionalDay('开始日期有误'),
  to: optionalDay('结束日期有误'),
  projectId: optionalId('项目不存在'),
  customerId: optionalId('客户不存在'),
  ownerUserId: optionalId('负责人不存在'),
  status: intEnum([0, ...Object.values(DealStatus)], '成交状态有误', 0),
  kind: intEnum([0, ...Object.values(DealKind)], '成交类型有误', 0),
  search: searchField,
};
export const makeQuerySchema = z.object({ ...pageFields, ...makeFilters });
export type MakeQueryInput = z.infer<typeof makeQuerySchema>;
/** `/clinic/make/excelExport` (h-money22): the same filters, every row. */
export const makeExportSchema = z.object(makeFilters);
export type MakeExportInput = z.infer<typeof makeExportSchema>;

export const makeRowSchema = z.object({
  dealId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  ownerUserId: z.number().int().nullable(),
  ownerName: z.string(),
  projectId: z.number().int(),
  name: z.string(),
  orderNumber: z.string().nullable(),
  sessionsBought: z.number().int(),
  sessionsUsed: z.number().int(),
  sessionsLeft: z.number().int(),
  dealValue: z.number().int(),
  paid: z.number().int(),
  arrears: z.number().int(),
  kind: z.number().int(),
  status: z.number().int(),
  expiresOn: z.string().nullable(),
  createTime: apiTime,
});
export type MakeRow = z.infer<typeof makeRowSchema>;

/** `queryDoctorList`: the enabled doctors of doctorManage whose user is active. */
export const doctorListSchema = z.object({ deptId: optionalId('科室不存在') });
export const doctorRowSchema = z.object({
  doctorId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  title: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  bookable: z.boolean(),
});
export type DoctorRow = z.infer<typeof doctorRowSchema>;

/** The customer's developer (开发人) and the percent of each charge's cash they earn (开发业绩). */
export const setDeveloperSchema = z.object({
  customerId: idField(DeveloperMsg.customerRequired),
  userId: optionalId(DeveloperMsg.userMissing),
  rate: intWithDefault(DeveloperMsg.rateInvalid, 0, { min: 0, max: 100 }),
});
export type SetDeveloperInput = z.infer<typeof setDeveloperSchema>;
export const developerAnswerSchema = z.object({ userId: z.number().int().nullable(), rate: z.number().int() });

export const convertContracts = {
  '/CrmCustomerProjectDealRecord/findConvertByProjectId': convertTargetsAnswerSchema,
  '/CrmCustomerProjectDealRecord/dealProjectConvert': convertAnswerSchema,
  '/CrmCustomerProjectDealRecord/repair': repairAnswerSchema,
  '/CrmCustomerProjectDealRecord/refundSurplusRepairProject': refundRowSchema,
  '/CrmCustomerProjectDealRecord/querySubordinateProjectPlus': pageOf(makeRowSchema),
  '/CrmCustomerProjectDealRecord/queryDoctorList': z.array(doctorRowSchema),
  '/clinic/account/setDeveloper': developerAnswerSchema,
};
