import { z } from 'zod';
import { agencyStatuses, agencyTypeCodes } from '../agency/rules.ts';
import { optionalTimeInput } from '../time/field.ts';
import { idField, idList, intEnum, optionalText, pageFields, requiredText, searchField } from './fields.ts';

/** Messages of agency tasks (workbench › 回访任务, docs/api/agency.md). */
export const AgencyMsg = {
  notFound: '回访任务不存在',
  customersRequired: '请选择客户',
  tooManyCustomers: '一次最多分配100个客户',
  userRequired: '请选择执行人',
  typeInvalid: '任务类型有误',
  contentRequired: '请输入任务内容',
  deadlineInvalid: '截止时间格式有误',
  resultRequired: '请输入回访结果',
  statusInvalid: '任务状态有误',
  listTypeInvalid: '列表类型有误',
  assigneeOnly: '只有任务的执行人可以操作',
  assignerOnly: '只有任务的分配人可以撤销',
  notWaiting: '任务已不是待接受状态',
  notAccepted: '请先接受任务',
  notLive: '任务已完成或已撤销',
} as const;

export const agencyText = {
  content: { label: '任务内容', max: 500, multiline: true },
  result: { label: '回访结果', max: 1000, multiline: true },
  batchId: { label: '提交批次', max: 40 },
} as const;

export const AGENCY_CUSTOMERS_MAX = 100;

const deadline = optionalTimeInput(AgencyMsg.deadlineInvalid);

/**
 * `saveList`: one task per customer for one advisor, in one transaction. `batchId` is generated
 * when the form opens: the same form sent twice answers the first tasks.
 */
export const agencySaveListSchema = z.object({
  customerIds: idList(AgencyMsg.customersRequired)
    .refine((ids) => ids.length > 0, { error: AgencyMsg.customersRequired })
    .refine((ids) => new Set(ids).size <= AGENCY_CUSTOMERS_MAX, { error: AgencyMsg.tooManyCustomers }),
  userId: idField(AgencyMsg.userRequired),
  typeCode: intEnum(agencyTypeCodes, AgencyMsg.typeInvalid),
  content: requiredText(agencyText.content, AgencyMsg.contentRequired),
  deadline: deadline.default(null),
  batchId: optionalText(agencyText.batchId),
});
export type AgencySaveListInput = z.infer<typeof agencySaveListSchema>;

export const agencyIdSchema = z.object({ agencyId: idField(AgencyMsg.notFound) });

/** `markById`: set or clear the advisor's mark (absent: toggle). */
export const agencyMarkSchema = z.object({
  agencyId: idField(AgencyMsg.notFound),
  marked: z
    .preprocess(
      (v) => (v === 'true' || v === 1 ? true : v === 'false' || v === 0 ? false : v),
      z.boolean({ error: '标记有误' }),
    )
    .optional(),
});

export const agencyCompleteSchema = z.object({
  agencyId: idField(AgencyMsg.notFound),
  result: requiredText(agencyText.result, AgencyMsg.resultRequired),
});

/** The list's views: 1 handed to me, 2 handed out by me. */
export const agencyListTypes = [1, 2] as const;
export const agencyFindPageSchema = z.object({
  ...pageFields,
  type: intEnum(agencyListTypes, AgencyMsg.listTypeInvalid, 1),
  status: intEnum([0, ...agencyStatuses] as const, AgencyMsg.statusInvalid, 0),
  typeCode: intEnum([0, ...agencyTypeCodes] as const, AgencyMsg.typeInvalid, 0),
  /** Only marked tasks. */
  marked: z.preprocess((v) => v === true || v === 'true' || v === 1 || v === '1', z.boolean()).default(false),
  search: searchField,
});
export type AgencyFindPageInput = z.infer<typeof agencyFindPageSchema>;
