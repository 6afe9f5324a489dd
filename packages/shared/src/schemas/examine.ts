import { z } from 'zod';
import { fieldDefinitionSchema } from '../fields/field-types.ts';
import { idField, idList, optionalText, pageFields, requiredText } from './fields.ts';

/** Approval categories and their flow settings (manager › approval management). */
export const ExamineCategoryMsg = {
  titleRequired: '请输入审批类型名称',
  notFound: '审批类型不存在',
  systemFieldsLocked: '系统审批类型暂不支持编辑',
  systemNoDelete: '系统审批类型不能删除',
  stepUsersRequired: '请为或签/会签节点选择审批人',
  tooManySteps: '审批节点不能超过20个',
  iconRange: '图标编号须在1到20之间',
} as const;

export const flowStepSchema = z
  .object({
    stepType: z.coerce
      .number()
      .int()
      .refine((n) => [1, 2, 3, 4].includes(n), { error: '审批节点类型有误' }),
    userIds: idList('审批人有误').default([]),
  })
  .refine((s) => !(s.stepType === 2 || s.stepType === 3) || s.userIds.length > 0, {
    error: ExamineCategoryMsg.stepUsersRequired,
  })
  .transform((s) => ({
    stepType: s.stepType as 1 | 2 | 3 | 4,
    userIds: s.stepType === 2 || s.stepType === 3 ? s.userIds : [],
  }));

export const examineCategorySaveSchema = z.object({
  categoryId: idField(ExamineCategoryMsg.notFound).optional(),
  title: requiredText(ExamineCategoryMsg.titleRequired, 50),
  className: optionalText(50),
  icon: z.coerce
    .number({ error: ExamineCategoryMsg.iconRange })
    .int()
    .min(1, { error: ExamineCategoryMsg.iconRange })
    .max(20, { error: ExamineCategoryMsg.iconRange })
    .default(1),
  remarks: optionalText(200),
  status: z.coerce.number().int().min(0).max(1).default(1),
  examineType: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 2, { error: '审批流类型有误' })
    .default(2),
  steps: z.array(flowStepSchema).max(20, { error: ExamineCategoryMsg.tooManySteps }).default([]),
  examineUserIds: idList('审批人有误').default([]),
  ccUserIds: idList('抄送人有误').default([]),
  visibleUserIds: idList('可见范围有误').default([]),
  visibleDeptIds: idList('可见范围有误').default([]),
});
export type ExamineCategorySaveInput = z.infer<typeof examineCategorySaveSchema>;

export const categoryIdSchema = z.object({ categoryId: idField(ExamineCategoryMsg.notFound) });
export const categoryStatusSchema = categoryIdSchema.extend({ status: z.coerce.number().int().min(0).max(1) });
export const categoryListSchema = z.object({ ...pageFields, search: optionalText(50) });
export const categoryFieldsSchema = z.object({
  categoryId: idField(ExamineCategoryMsg.notFound),
  fields: z.array(fieldDefinitionSchema).max(60, { error: '字段不能超过60个' }),
});
export const categorySortSchema = z.object({ categoryIds: idList(ExamineCategoryMsg.notFound) });

/** Messages of approvals (spec: approvals §5, §8; DECISIONS). */
export const ExamineFormMsg = {
  contentRequired: '请输入审批内容',
  detailRequired: '请输入审批详情',
  approverRequired: '审批人不能为空',
  notFound: '审批不存在',
  categoryUnavailable: '该审批类型已停用或您无权使用',
  notEditable: '只有被拒绝、撤回或退回的审批可以修改',
  notDeletable: '审批中或已通过的审批不能删除',
  urgeTooOften: '一小时内只能催办一次',
  urgeState: '只有待审或审批中的审批可以催办',
  commentRequired: '请输入评论内容',
  tooManyLevels: '审批人最多设置20级',
} as const;

/** A comma list or array of ids, as the forms send approvers and copy recipients. */
const commaIds = idList('审批人有误');

const relationSchema = z
  .object({
    customerIds: idList('关联客户有误'),
    contactsIds: idList('关联联系人有误'),
    businessIds: idList('关联商机有误'),
    leadsIds: idList('关联线索有误'),
    contractIds: idList('关联合同有误'),
  })
  .partial()
  .default({});

/** The generic save (`setOaExamine`): create and update alike. */
export const oaExamineSaveSchema = z.object({
  oaExamine: z
    .object({
      categoryId: idField(ExamineCategoryMsg.notFound),
      examineId: idField(ExamineFormMsg.notFound).optional(),
      batchId: optionalText(40),
      content: optionalText(2000),
      detail: optionalText(2000),
    })
    .passthrough(),
  oaExamineRelation: relationSchema,
  field: z
    .array(z.object({ fieldName: z.string().optional(), fieldId: z.coerce.number().optional(), value: z.unknown() }))
    .default([]),
  checkUserId: commaIds.default([]).refine((ids) => ids.length <= 20, { error: ExamineFormMsg.tooManyLevels }),
  ccUserId: idList('抄送人有误').default([]),
});
export type OaExamineSaveInput = z.infer<typeof oaExamineSaveSchema>;

const optionalDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/, { error: '日期格式有误' })
    .optional(),
);

export const examineListSchema = z.object({
  ...pageFields,
  categoryId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(5).optional(),
  ),
  startTime: optionalDate,
  endTime: optionalDate,
  search: optionalText(50),
});
/** myOaExamine: status 1 waiting for me, 2 handled by me. */
export const myExamineListSchema = examineListSchema.extend({
  type: z.preprocess((v) => (v === '' || v === undefined ? 1 : v), z.coerce.number().int().min(1).max(2)),
});

export const examineIdSchema = z.object({ examineId: idField(ExamineFormMsg.notFound) });
export const recordIdSchema = z.object({ recordId: idField(ExamineFormMsg.notFound) });

/** auditExamine: 1 approve, 2 reject, 4 withdraw; remarks required to reject or withdraw. */
export const auditExamineSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  status: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 2 || n === 4, { error: '审批操作有误' }),
  remarks: optionalText(500),
  nextUserId: z.preprocess(
    (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
});
export const transferExamineSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  toUserId: idField('请选择转交人'),
  remarks: optionalText(500),
});
export const addApproverSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  userIds: idList('加签人员有误'),
  position: z.enum(['before', 'after'], { error: '加签方式有误' }),
  remarks: optionalText(500),
});
/** toStepId 0: back to the applicant. */
export const returnExamineSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  toStepId: z.coerce.number().int().min(0).default(0),
  remarks: optionalText(500),
});
export const commentSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  content: requiredText(ExamineFormMsg.commentRequired, 500),
});
/** Flow info: an OA category, or a CRM record (categoryType 1 contract, 2 receivable). */
export const flowInfoSchema = z.object({
  categoryId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  categoryType: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(2).optional()),
});
