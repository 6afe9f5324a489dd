import { z } from 'zod';
import { apiTime, pageOf } from '../contracts/common.ts';
import { fileInfoSchema } from '../contracts/files.ts';
import {
  idField,
  idList,
  intEnum,
  intField,
  isDay,
  optionalId,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from '../schemas/fields.ts';
import { checkStatuses } from './states.ts';

export * from './permissions.ts';
export * from './states.ts';

/** Supervision (/workbench/check, issue 25, docs/workbench-supervision.md): messages people read. */
export const CheckMsg = {
  templateNotFound: '检查模板不存在',
  templateNameRequired: '请输入模板名称',
  templateNameTaken: '模板名称已存在',
  itemsRequired: '请至少添加一个检查项',
  tooManyItems: '检查项不能超过200个',
  sectionRequired: '请输入检查项所属分区',
  itemTitleRequired: '请输入检查项内容',
  maxScoreInvalid: '满分须为1到100的整数',
  planNotFound: '检查计划不存在',
  targetTypeInvalid: '请选择检查对象类型',
  storeRequired: '请选择门店',
  deptRequired: '请选择部门',
  storeNotFound: '门店不存在',
  deptNotFound: '部门不存在',
  inspectorRequired: '请选择检查人',
  inspectorInactive: '检查人不存在或已停用',
  plannedDateInvalid: '请选择计划日期',
  batchRequired: '缺少提交批次',
  notInspector: '只有指派的检查人可以执行检查',
  resultNotFound: '检查项不存在',
  scoreInvalid: '请输入得分',
  passedRequired: '请选择是否合格',
  statusInvalid: '检查状态有误',
  dateInvalid: '日期格式有误',
  periodInvalid: '结束日期不能早于开始日期',
  rectifyInvalid: '整改安排有误',
  ownerInvalid: '整改负责人有误',
  deadlineInvalid: '请选择整改期限',
  photoFlagInvalid: '是否需要拍照有误',
  photoInvalid: '照片有误',
} as const;

/** Messages that name the item or a count. */
export const checkMsgOf = {
  scoreAbove: (max: number) => `得分须为0到${max}之间的整数`,
  photoRequired: (title: string) => `“${title}”需要拍照`,
  unrecorded: (n: number) => `还有${n}项未检查`,
  rectifyMissing: (title: string) => `请为不合格项“${title}”指定整改负责人和期限`,
};

export const CHECK_ITEMS_MAX = 200;
export const CHECK_SCORE_MAX = 100;
/** 1 a partner shop (CRM 门店), 2 a department or store of the organisation. */
export const checkTargetTypes = [1, 2] as const;
export const checkTargetNames: Record<number, string> = { 1: '门店', 2: '部门' };

export const checkText = {
  templateName: { label: '模板名称', max: 50 },
  remark: { label: '备注', max: 500, multiline: true },
  section: { label: '分区', max: 50 },
  itemTitle: { label: '检查项', max: 100 },
  note: { label: '检查说明', max: 500, multiline: true },
  summary: { label: '检查总结', max: 1000, multiline: true },
  batchId: { label: '批次', max: 40 },
} as const;

/** true/false as JSON, text or 1/0 (a form post), with the field's own message. */
const flag = (msg: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === 1 ? true : v === 'false' || v === 0 ? false : v),
    z.boolean({ error: msg }),
  );

const day = (msg: string) => z.string({ error: msg }).refine(isDay, { error: msg });

export const checkItemDraftSchema = z.object({
  section: requiredText(checkText.section, CheckMsg.sectionRequired),
  title: requiredText(checkText.itemTitle, CheckMsg.itemTitleRequired),
  maxScore: intField(CheckMsg.maxScoreInvalid, { min: 1, max: CHECK_SCORE_MAX }),
  photoRequired: flag(CheckMsg.photoFlagInvalid).default(false),
});
export type CheckItemDraft = z.infer<typeof checkItemDraftSchema>;

/** Create (no `templateId`) or edit a checklist template: its items in order, each naming its section. */
export const checkTemplateSaveSchema = z.object({
  templateId: optionalId(CheckMsg.templateNotFound),
  name: requiredText(checkText.templateName, CheckMsg.templateNameRequired),
  remark: optionalText(checkText.remark),
  items: z
    .array(checkItemDraftSchema, { error: CheckMsg.itemsRequired })
    .min(1, { error: CheckMsg.itemsRequired })
    .max(CHECK_ITEMS_MAX, { error: CheckMsg.tooManyItems }),
});
export type CheckTemplateSaveInput = z.infer<typeof checkTemplateSaveSchema>;

export const checkTemplateIdSchema = z.object({ templateId: idField(CheckMsg.templateNotFound) });
export const checkTemplateListSchema = z.object({ ...pageFields, search: searchField });
export type CheckTemplateListInput = z.infer<typeof checkTemplateListSchema>;

/**
 * Create (no `planId`, with the form's `batchId`: a double submit answers the first plan) or edit
 * a plan still 待检查. The template's items are copied into the plan when it is created.
 */
export const checkPlanSaveSchema = z
  .object({
    planId: optionalId(CheckMsg.planNotFound),
    templateId: idField(CheckMsg.templateNotFound),
    targetType: intEnum(checkTargetTypes, CheckMsg.targetTypeInvalid),
    storeId: optionalId(CheckMsg.storeNotFound),
    deptId: optionalId(CheckMsg.deptNotFound),
    inspectorId: idField(CheckMsg.inspectorRequired),
    plannedDate: day(CheckMsg.plannedDateInvalid),
    remark: optionalText(checkText.remark),
    batchId: optionalText(checkText.batchId),
  })
  .superRefine((p, ctx) => {
    if (p.targetType === 1 && !p.storeId) ctx.addIssue({ code: 'custom', message: CheckMsg.storeRequired });
    if (p.targetType === 2 && !p.deptId) ctx.addIssue({ code: 'custom', message: CheckMsg.deptRequired });
    if (!p.planId && !p.batchId) ctx.addIssue({ code: 'custom', message: CheckMsg.batchRequired });
  });
export type CheckPlanSaveInput = z.infer<typeof checkPlanSaveSchema>;

export const checkPlanIdSchema = z.object({ planId: idField(CheckMsg.planNotFound) });

/** 1 every plan I may read, 2 the plans I inspect. */
export const checkPlanListSchema = z.object({
  ...pageFields,
  type: intEnum([1, 2] as const, CheckMsg.statusInvalid, 1),
  status: intEnum(checkStatuses, CheckMsg.statusInvalid).optional(),
  targetType: intEnum(checkTargetTypes, CheckMsg.targetTypeInvalid).optional(),
  /** The target's or the template's name. */
  search: searchField,
});
export type CheckPlanListInput = z.infer<typeof checkPlanListSchema>;

/** The inspector records one item: its score, pass or fail, a note and the photos of its batch. */
export const checkRecordSchema = z.object({
  planId: idField(CheckMsg.planNotFound),
  resultId: idField(CheckMsg.resultNotFound),
  score: intField(CheckMsg.scoreInvalid, { min: 0, max: CHECK_SCORE_MAX }),
  passed: flag(CheckMsg.passedRequired),
  note: optionalText(checkText.note),
  /** The item's photos are uploaded in this batch (made by the page per item). */
  batchId: optionalText(checkText.batchId),
  removedFileIds: idList(CheckMsg.photoInvalid).default([]),
});
export type CheckRecordInput = z.infer<typeof checkRecordSchema>;

/** Each failed item's rectification: who does it and by which day (a task on the existing tasks). */
export const checkRectifySchema = z.object({
  resultId: idField(CheckMsg.resultNotFound),
  ownerUserId: idField(CheckMsg.ownerInvalid),
  deadline: day(CheckMsg.deadlineInvalid),
});
export const checkSubmitSchema = z.object({
  planId: idField(CheckMsg.planNotFound),
  summary: optionalText(checkText.summary),
  rectifications: z
    .array(checkRectifySchema, { error: CheckMsg.rectifyInvalid })
    .max(CHECK_ITEMS_MAX, { error: CheckMsg.rectifyInvalid })
    .default([]),
});
export type CheckSubmitInput = z.infer<typeof checkSubmitSchema>;

/** Inspections submitted from `startDate` to `endDate` (days, inclusive), per shop and department. */
export const checkSummarySchema = z
  .object({
    startDate: day(CheckMsg.dateInvalid),
    endDate: day(CheckMsg.dateInvalid),
    targetType: intEnum(checkTargetTypes, CheckMsg.targetTypeInvalid).optional(),
  })
  .refine((p) => p.endDate >= p.startDate, { error: CheckMsg.periodInvalid });
export type CheckSummaryInput = z.infer<typeof checkSummarySchema>;

// Answers.

export const checkTemplateItemSchema = z.object({
  itemId: z.number().int(),
  section: z.string(),
  title: z.string(),
  maxScore: z.number().int(),
  photoRequired: z.boolean(),
});
export const checkTemplateRowSchema = z.object({
  templateId: z.number().int(),
  name: z.string(),
  remark: z.string(),
  itemCount: z.number().int(),
  totalScore: z.number().int(),
  creatorName: z.string(),
  updateTime: apiTime,
});
export type CheckTemplateRow = z.infer<typeof checkTemplateRowSchema>;
export const checkTemplateDetailSchema = checkTemplateRowSchema.extend({ items: z.array(checkTemplateItemSchema) });
export type CheckTemplateDetail = z.infer<typeof checkTemplateDetailSchema>;

export const checkPlanRowSchema = z.object({
  planId: z.number().int(),
  templateName: z.string(),
  targetType: z.number().int(),
  targetId: z.number().int(),
  targetName: z.string(),
  inspectorId: z.number().int(),
  inspectorName: z.string(),
  /** `yyyy-MM-dd`. */
  plannedDate: z.string(),
  status: z.number().int(),
  totalScore: z.number().int().nullable(),
  maxScore: z.number().int(),
  failedCount: z.number().int(),
  /** Rectification tasks not yet done. */
  openTasks: z.number().int(),
  createUserId: z.number().int(),
  creatorName: z.string(),
  createTime: apiTime,
  submitTime: apiTime.nullable(),
});
export type CheckPlanRow = z.infer<typeof checkPlanRowSchema>;

export const checkTaskLinkSchema = z.object({
  taskId: z.number().int(),
  ownerName: z.string(),
  /** 1 open, 2 done, 3 archived (the task's own). */
  status: z.number().int(),
  dueTime: apiTime.nullable(),
});
export const checkResultSchema = z.object({
  resultId: z.number().int(),
  section: z.string(),
  title: z.string(),
  maxScore: z.number().int(),
  photoRequired: z.boolean(),
  score: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  note: z.string(),
  batchId: z.string(),
  photos: z.array(fileInfoSchema),
  task: checkTaskLinkSchema.nullable(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;
export const checkPlanDetailSchema = checkPlanRowSchema.extend({
  templateId: z.number().int(),
  remark: z.string(),
  summary: z.string(),
  results: z.array(checkResultSchema),
  permitted: z.object({ edit: z.boolean(), cancel: z.boolean(), inspect: z.boolean() }),
});
export type CheckPlanDetail = z.infer<typeof checkPlanDetailSchema>;

export const checkSummaryRowSchema = z.object({
  targetType: z.number().int(),
  targetId: z.number().int(),
  targetName: z.string(),
  inspections: z.number().int(),
  /** The inspections' average score as a percent of their full marks, one decimal. */
  averageRate: z.number(),
  averageScore: z.number(),
  failedItems: z.number().int(),
  openRectifications: z.number().int(),
});
export type CheckSummaryRow = z.infer<typeof checkSummaryRowSchema>;
export const checkSummaryResponse = z.object({ list: z.array(checkSummaryRowSchema) });

export const checkContracts = {
  '/OaCheck/queryTemplateList': pageOf(checkTemplateRowSchema),
  '/OaCheck/queryTemplate': checkTemplateDetailSchema,
  '/OaCheck/saveTemplate': z.object({ templateId: z.number().int() }),
  '/OaCheck/deleteTemplate': z.null(),
  '/OaCheck/queryPlanList': pageOf(checkPlanRowSchema),
  '/OaCheck/queryPlan': checkPlanDetailSchema,
  '/OaCheck/savePlan': z.object({ planId: z.number().int() }),
  '/OaCheck/cancelPlan': z.null(),
  '/OaCheck/startPlan': z.null(),
  '/OaCheck/recordItem': z.null(),
  '/OaCheck/submitPlan': z.object({ totalScore: z.number().int(), taskIds: z.array(z.number().int()) }),
  '/OaCheck/summary': checkSummaryResponse,
};
