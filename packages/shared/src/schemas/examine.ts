import { z } from 'zod';
import { APPLICANT_DEPT, conditionOps, factNumber, numericOps, type StepCondition } from '../approval/conditions.ts';
import { fieldDefinitionSchema, isBuiltinFormType } from '../fields/field-types.ts';
import { withAliases } from './aliases.ts';
import {
  idField,
  idList,
  intEnum,
  intField,
  intWithDefault,
  nullableId,
  optionalDay,
  optionalId,
  optionalInt,
  optionalText,
  pageFields,
  requiredText,
  searchField,
  type TextRule,
} from './fields.ts';
import { sortFields } from './list.ts';

/** Approval categories and their flow settings (manager › approval management). */
export const ExamineCategoryMsg = {
  titleRequired: '请输入审批类型名称',
  notFound: '审批类型不存在',
  systemFieldsLocked: '系统审批类型暂不支持编辑',
  systemNoDelete: '系统审批类型不能删除',
  stepUsersRequired: '请为或签/会签节点选择审批人',
  tooManySteps: '审批节点不能超过20个',
  iconRange: '图标编号须在1到20之间',
  statusInvalid: '审批类型状态有误',
} as const;

/** The texts of a category, for the schema and the manager's form alike. */
export const categoryText = {
  title: { label: '审批类型名称', max: 50 },
  className: { label: '分组', max: 50 },
  remarks: { label: '说明', max: 200, multiline: true },
} as const satisfies Record<string, TextRule>;

/** A step's condition (conditional steps): a form fact, an operator, a value. */
export const StepConditionMsg = {
  factRequired: '请选择条件字段',
  opInvalid: '条件运算符有误',
  valueRequired: '请填写条件的值',
  numberRequired: '条件的值须为数字',
  deptRequired: '请选择部门',
} as const;

const conditionScalar = z.union([z.number(), z.string().trim().max(100, { error: StepConditionMsg.valueRequired })]);
export const stepConditionSchema = z
  .object({
    fact: z
      .string({ error: StepConditionMsg.factRequired })
      .trim()
      .min(1, { error: StepConditionMsg.factRequired })
      .max(50, { error: StepConditionMsg.factRequired }),
    op: z.enum(conditionOps, { error: StepConditionMsg.opInvalid }),
    value: z.union([conditionScalar, z.array(conditionScalar).max(200, { error: StepConditionMsg.valueRequired })], {
      error: StepConditionMsg.valueRequired,
    }),
  })
  .superRefine((c, ctx) => {
    const list = Array.isArray(c.value) ? c.value : [c.value];
    const blank = list.length === 0 || list.some((v) => String(v).trim() === '');
    if (blank) {
      ctx.addIssue({
        code: 'custom',
        message: c.fact === APPLICANT_DEPT ? StepConditionMsg.deptRequired : StepConditionMsg.valueRequired,
      });
      return;
    }
    if (numericOps.includes(c.op) && (Array.isArray(c.value) || factNumber(c.value) === null))
      ctx.addIssue({ code: 'custom', message: StepConditionMsg.numberRequired });
    if (c.fact === APPLICANT_DEPT && c.op !== 'in' && c.op !== 'notIn')
      ctx.addIssue({ code: 'custom', message: StepConditionMsg.opInvalid });
  })
  .transform((c): StepCondition => {
    if (numericOps.includes(c.op)) return { fact: c.fact, op: c.op, value: factNumber(c.value as string | number)! };
    if (c.fact === APPLICANT_DEPT)
      return { fact: c.fact, op: c.op, value: (Array.isArray(c.value) ? c.value : [c.value]).map(Number) };
    return c as StepCondition;
  });

export const flowStepSchema = z
  .object({
    stepType: intEnum([1, 2, 3, 4] as const, '审批节点类型有误'),
    userIds: idList('审批人有误').default([]),
    condition: stepConditionSchema.nullish(),
  })
  .refine((s) => !(s.stepType === 2 || s.stepType === 3) || s.userIds.length > 0, {
    error: ExamineCategoryMsg.stepUsersRequired,
  })
  .transform((s) => ({
    stepType: s.stepType as 1 | 2 | 3 | 4,
    userIds: s.stepType === 2 || s.stepType === 3 ? s.userIds : [],
    ...(s.condition ? { condition: s.condition } : {}),
  }));

export const examineCategorySaveSchema = z.object({
  categoryId: idField(ExamineCategoryMsg.notFound).optional(),
  title: requiredText(categoryText.title, ExamineCategoryMsg.titleRequired),
  className: optionalText(categoryText.className),
  icon: intWithDefault(ExamineCategoryMsg.iconRange, 1, { min: 1, max: 20 }),
  remarks: optionalText(categoryText.remarks),
  status: intWithDefault(ExamineCategoryMsg.statusInvalid, 1, { min: 0, max: 1 }),
  examineType: intEnum([1, 2] as const, '审批流类型有误', 2),
  steps: z.array(flowStepSchema).max(20, { error: ExamineCategoryMsg.tooManySteps }).default([]),
  examineUserIds: idList('审批人有误').default([]),
  ccUserIds: idList('抄送人有误').default([]),
  visibleUserIds: idList('可见范围有误').default([]),
  visibleDeptIds: idList('可见范围有误').default([]),
});
export type ExamineCategorySaveInput = z.infer<typeof examineCategorySaveSchema>;

export const categoryIdSchema = z.object({ categoryId: idField(ExamineCategoryMsg.notFound) });
export const categoryStatusSchema = categoryIdSchema.extend({
  status: intField(ExamineCategoryMsg.statusInvalid, { min: 0, max: 1 }),
});
export const categoryListSchema = z.object({ ...pageFields, ...sortFields, search: searchField });
export const categoryFieldsSchema = z.object({
  categoryId: idField(ExamineCategoryMsg.notFound),
  // An approval's fields are of the built-in types only (a link to a kind is a CRM field's).
  fields: z
    .array(fieldDefinitionSchema)
    .max(60, { error: '字段不能超过60个' })
    .refine((fields) => fields.every((f) => isBuiltinFormType(f.formType)), { error: '字段类型有误' }),
});
export const categorySortSchema = z.object({ categoryIds: idList(ExamineCategoryMsg.notFound) });

/** Messages of approvals (spec: approvals §5, §8; DECISIONS). */
export const ExamineFormMsg = {
  contentRequired: '请输入审批内容',
  detailRequired: '请输入审批详情',
  approverRequired: '审批人不能为空',
  /** A chosen-approver flow submitted with no approver at all (approvals §5 General, §8). */
  noApprover: '至少选择一个审批人',
  /** A type whose images are required, submitted without one (approvals §8). */
  imagesRequired: '请上传图片后再操作',
  notFound: '审批不存在',
  categoryUnavailable: '该审批类型已停用或您无权使用',
  notEditable: '只有被拒绝、撤回或退回的审批可以修改',
  notDeletable: '审批中或已通过的审批不能删除',
  urgeTooOften: '一小时内只能催办一次',
  urgeState: '只有待审或审批中的审批可以催办',
  commentRequired: '请输入评论内容',
  tooManyLevels: '审批人最多设置20级',
  fieldsInvalid: '表单字段有误',
  useOwnForm: '该审批类型请使用其专用表单提交',
} as const;

/**
 * The texts of an approval: one rule per field, used by the server's schema and by the forms
 * (the general approval's 审批内容 and 审批详情, the action dialogs' 审批意见, comments).
 */
export const examineText = {
  content: { label: '审批内容', max: 100 },
  detail: { label: '审批详情', max: 800, multiline: true },
  remarks: { label: '审批意见', max: 500, multiline: true },
  comment: { label: '评论内容', max: 500, multiline: true },
  batchId: { label: '附件批次', max: 40 },
} as const satisfies Record<string, TextRule>;

/** A comma list or array of ids, as the forms send approvers and copy recipients. */
const commaIds = idList('审批人有误');

/** Records linked to an approval by kind (the related-business block). */
export const relationSchema = z
  .object({
    customerIds: idList('关联客户有误'),
    contactsIds: idList('关联联系人有误'),
    businessIds: idList('关联商机有误'),
    leadsIds: idList('关联线索有误'),
    contractIds: idList('关联合同有误'),
  })
  .partial()
  .default({});

/** The answers of a designed form, by field name (or id). */
const fieldValueList = z
  .array(
    z.object({
      fieldName: z
        .string({ error: ExamineFormMsg.fieldsInvalid })
        .max(50, { error: ExamineFormMsg.fieldsInvalid })
        .optional(),
      fieldId: optionalId(ExamineFormMsg.fieldsInvalid),
      value: z.unknown(),
    }),
    { error: ExamineFormMsg.fieldsInvalid },
  )
  .max(100, { error: ExamineFormMsg.fieldsInvalid });

/** The generic save (`setOaExamine`): create and update alike. */
export const oaExamineSaveSchema = z.object({
  // The original client names 审批详情 `remark` (and a dedicated type's fixed fields are kept).
  oaExamine: withAliases(
    z
      .object({
        categoryId: idField(ExamineCategoryMsg.notFound),
        examineId: idField(ExamineFormMsg.notFound).optional(),
        batchId: optionalText(examineText.batchId),
        content: optionalText(examineText.content),
        detail: optionalText(examineText.detail),
      })
      .passthrough(),
    { remark: 'detail' },
  ),
  oaExamineRelation: relationSchema,
  /**
   * The original client's 费用明细 / 行程明细 rows (its `examine_cause` list), read by a
   * dedicated type's declared mapping (approval-forms/original.ts) as the type's lines.
   */
  oaExamineTravelList: z
    .array(z.record(z.string(), z.unknown()), { error: ExamineFormMsg.fieldsInvalid })
    .max(50, { error: '明细不能超过50条' })
    .default([]),
  /** Values of the category's fields; each is checked against its field's rule by the server. */
  field: fieldValueList.default([]),
  checkUserId: commaIds.default([]).refine((ids) => ids.length <= 20, { error: ExamineFormMsg.tooManyLevels }),
  ccUserId: idList('抄送人有误').default([]),
  /** Attachments removed while editing: they leave the approval only when this save succeeds. */
  removedFileIds: idList('附件有误').default([]),
});
export type OaExamineSaveInput = z.infer<typeof oaExamineSaveSchema>;

const optionalDate = optionalDay('日期格式有误');

const examineListFields = z.object({
  ...pageFields,
  ...sortFields,
  categoryId: optionalId(ExamineCategoryMsg.notFound),
  status: optionalInt('审批状态有误', { min: 0, max: 5 }),
  startTime: optionalDate,
  endTime: optionalDate,
  search: searchField,
});
/** 我发起的 and 抄送我的; the original client filters 我发起的 by state as `checkStatus`. */
export const examineListSchema = withAliases(examineListFields, { checkStatus: 'status' });

/**
 * myOaExamine: `type` 1 waiting for me, 2 handled by me, `status` the state filter. The original
 * client sends no `type` and names the tab `status` (1 待我审批 / 2 我已审批): a body without
 * `type` reads its `status` as the tab.
 */
const originalTab = (body: unknown) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (b.type !== undefined && b.type !== null && b.type !== '') return body;
  if (b.status === undefined || b.status === null || b.status === '') return body;
  const { status, ...rest } = b;
  return { ...rest, type: status };
};
export const myExamineListSchema = z.preprocess(
  originalTab,
  examineListFields.extend({ type: intEnum([1, 2] as const, '列表类型有误', 1) }),
);

export const examineIdSchema = z.object({ examineId: idField(ExamineFormMsg.notFound) });
/** `OaExamine/getField`: the approval to edit in the original client's form (`id` there too). */
export const examineFieldsSchema = withAliases(z.object({ examineId: idField(ExamineFormMsg.notFound) }), {
  id: 'examineId',
});
export const recordIdSchema = z.object({ recordId: idField(ExamineFormMsg.notFound) });

/** auditExamine: 1 approve, 2 reject, 4 withdraw; remarks required to reject or withdraw. */
export const auditExamineSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  status: intEnum([1, 2, 4] as const, '审批操作有误'),
  remarks: optionalText(examineText.remarks),
  /** Chosen-approver flows: the next approver; blank or 0 for none. */
  nextUserId: nullableId('下一审批人不存在').transform((v) => v ?? undefined),
});
export const transferExamineSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  toUserId: idField('请选择转交人'),
  remarks: optionalText(examineText.remarks),
});
export const addApproverSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  userIds: idList('加签人员有误'),
  position: z.enum(['before', 'after'], { error: '加签方式有误' }),
  remarks: optionalText(examineText.remarks),
});
/** toStepId 0: back to the applicant. */
export const returnExamineSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  toStepId: intWithDefault('退回节点有误', 0, { min: 0 }),
  remarks: optionalText(examineText.remarks),
});
export const commentSchema = z.object({
  recordId: idField(ExamineFormMsg.notFound),
  content: requiredText(examineText.comment, ExamineFormMsg.commentRequired),
});
/** Flow info: an OA category, or a reviewed CRM record (its kind's `review.categoryType`: 1 contract, 2 receivable). */
export const flowInfoSchema = z.object({
  categoryId: optionalId(ExamineCategoryMsg.notFound),
  id: optionalId(ExamineFormMsg.notFound),
  categoryType: optionalId('审批对象类型有误'),
  /**
   * The form as filled so far (live preview of conditional steps): the designed fields' answers,
   * and a dedicated type's form block. With either, each step answers whether it applies.
   */
  field: fieldValueList.optional(),
  form: z.unknown().optional(),
});
