import { z } from 'zod';
import { conditionOps } from '../approval/conditions.ts';
import { autoReasons, logKinds, stepKinds, stepModes, stepOrigins, taskStatuses } from '../approval/types.ts';
import { fieldDefinitionSchema } from '../fields/field-types.ts';
import { apiTime, namedUserSchema, pageOf, personSchema } from './common.ts';

/** Answers of approval categories and approvals (docs/api/examine.md). */

/** 1: fixed steps; 2: the applicant chooses the approvers. */
const examineType = z.union([z.literal(1), z.literal(2)]);
const stepType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
const stepCondition = z.object({
  fact: z.string(),
  op: z.enum(conditionOps),
  value: z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))]),
  /** For display: the field's name (a designed field, a dedicated type's fact) and department names. */
  factLabel: z.string().optional(),
  valueLabels: z.array(z.string()).optional(),
});
/**
 * A step; `condition` when it applies only on a condition of the form, `applies` in a preview
 * computed with the form's values (false: the step will be skipped).
 */
const flowSteps = z.array(
  z.object({
    stepType,
    userList: z.array(namedUserSchema),
    condition: stepCondition.optional(),
    applies: z.boolean().optional(),
  }),
);

/** A category as the admin pages read it, with the names of the people it refers to. */
export const adminCategorySchema = z.object({
  categoryId: z.number().int(),
  title: z.string(),
  className: z.string(),
  icon: z.number().int(),
  /** `general` (普通审批), `custom` (an administrator's fields), or a dedicated form's type. */
  type: z.string(),
  isSystem: z.boolean(),
  remarks: z.string(),
  status: z.number().int(),
  sort: z.number().int(),
  examineType,
  steps: flowSteps,
  examineUsers: z.array(namedUserSchema),
  ccUsers: z.array(namedUserSchema),
  visibleUsers: z.array(namedUserSchema),
  visibleDeptIds: z.array(z.number().int()),
  fields: z.array(fieldDefinitionSchema),
  createTime: apiTime,
  updateTime: apiTime,
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** A category of the applicant's type picker. */
export const categoryItemSchema = adminCategorySchema.pick({
  categoryId: true,
  title: true,
  icon: true,
  remarks: true,
  type: true,
  examineType: true,
  fields: true,
});
export type CategoryItem = z.infer<typeof categoryItemSchema>;
export const categoryGroupSchema = z.object({ className: z.string(), list: z.array(categoryItemSchema) });
export type CategoryGroup = z.infer<typeof categoryGroupSchema>;

/** The flow preview (spec 3.4): examineType, examineSteps with stepType and userList, the preset approver. */
export const flowPreviewSchema = z.object({
  examineType,
  examineSteps: flowSteps,
  examineUser: z.number().int().nullable(),
  examineUserName: z.string(),
});
export type FlowInfo = z.infer<typeof flowPreviewSchema>;

/** The category's preset approvers and copy recipients. */
export const presetsSchema = z.object({ examineUsers: z.array(namedUserSchema), ccUsers: z.array(namedUserSchema) });
export type Presets = z.infer<typeof presetsSchema>;

/** A row of the approval lists (我发起的, 待我审批, 我已审批, 抄送我的). */
export const examineListRowSchema = z.object({
  examineId: z.number().int(),
  recordId: z.number().int(),
  categoryId: z.number().int(),
  categoryTitle: z.string(),
  icon: z.number().int(),
  content: z.string(),
  status: z.number().int(),
  /** First submission (the history keeps every submission). */
  createTime: apiTime,
  updateTime: apiTime,
  /** Latest submission: moves when the applicant resubmits. */
  submitTime: apiTime,
  createUserId: z.number().int(),
  createUserName: z.string(),
  createUserImg: z.string(),
  /** Names of the people who must act now, joined by 、. */
  currentApprovers: z.string(),
  urgedTime: apiTime.nullable(),
  /** Copied-to-me tab: whether I opened it; null elsewhere. */
  read: z.boolean().nullable(),
});
export type ExamineListRow = z.infer<typeof examineListRowSchema>;

/** The tab counts of the approval center. */
export const examineCountsSchema = z.object({
  initiate: z.number().int(),
  waiting: z.number().int(),
  handled: z.number().int(),
  copied: z.number().int(),
  copiedUnread: z.number().int(),
});
export type ExamineCounts = z.infer<typeof examineCountsSchema>;

export const flowTaskSchema = z.object({
  seq: z.number().int(),
  user: personSchema.nullable(),
  status: z.enum(taskStatuses),
  reason: z.enum(autoReasons).nullable(),
  remarks: z.string().nullable(),
  from: personSchema.nullable(),
  superseded: z.boolean(),
});
export type FlowTask = z.infer<typeof flowTaskSchema>;

/** A step of the current round's timeline with its tasks. */
export const timelineStepSchema = z.object({
  stepId: z.number().int(),
  kind: z.enum(stepKinds),
  mode: z.enum(stepModes),
  origin: z.enum(stepOrigins),
  isCurrent: z.boolean(),
  /** A conditional step whose condition does not hold on this submission's form: skipped. */
  skipped: z.boolean(),
  /** The people the step names (或签/会签, chosen or added), known before it starts. */
  users: z.array(personSchema),
  tasks: z.array(flowTaskSchema),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

export const historyEntrySchema = z.object({
  seq: z.number().int(),
  round: z.number().int(),
  stepId: z.number().int().nullable(),
  kind: z.enum(logKinds),
  user: personSchema.nullable(),
  reason: z.enum(autoReasons).nullable(),
  remarks: z.string().nullable(),
  targets: z.array(z.string()),
  status: z.number().int().nullable(),
  time: apiTime.nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** What the viewer may do (permittedActions); the detail drawer shows exactly these. */
export const examinePermittedSchema = z.object({
  approve: z.boolean(),
  reject: z.boolean(),
  transfer: z.boolean(),
  addApprover: z.boolean(),
  returnTo: z.boolean(),
  withdraw: z.boolean(),
  edit: z.boolean(),
  urge: z.boolean(),
  delete: z.boolean(),
  comment: z.boolean(),
  chooseNext: z.boolean(),
});

/** One approval with its form, flow, history, comments and the viewer's actions. */
export const examineDetailSchema = z.object({
  examineId: z.number().int(),
  recordId: z.number().int(),
  categoryId: z.number().int(),
  categoryTitle: z.string(),
  categoryType: z.string(),
  examineType,
  icon: z.number().int(),
  fields: z.array(fieldDefinitionSchema),
  content: z.string(),
  detail: z.string(),
  batchId: z.string(),
  values: z.record(z.string(), z.unknown()),
  /** A dedicated type's block, as its detail loader answers it; null for custom categories. */
  model: z.unknown().default(null),
  /** A dedicated type's own fields of the approval (the additional order's task); {} otherwise. */
  oaExamine: z.record(z.string(), z.unknown()).optional(),
  relation: z.record(z.string(), z.array(z.number().int())),
  status: z.number().int(),
  round: z.number().int(),
  createTime: apiTime,
  /** Latest submission (createTime is the first). */
  submitTime: apiTime,
  updateTime: apiTime,
  createUser: personSchema.nullable(),
  checkUsers: z.array(personSchema),
  ccUsers: z.array(personSchema.extend({ read: z.boolean() })),
  flow: z.array(timelineStepSchema),
  currentStepId: z.number().int().nullable(),
  returnableSteps: z.array(z.number().int()),
  history: z.array(historyEntrySchema),
  comments: z.array(
    z.object({ commentId: z.number().int(), user: personSchema.nullable(), content: z.string(), createTime: apiTime }),
  ),
  permitted: examinePermittedSchema,
});
export type ExamineDetail = z.infer<typeof examineDetailSchema>;

/** A task of the process with the approver's name (queryExamineRecordList). */
export const examineRecordTaskSchema = z.object({
  seq: z.number().int(),
  round: z.number().int(),
  stepId: z.number().int(),
  userId: z.number().int(),
  realname: z.string(),
  status: z.enum(taskStatuses),
  reason: z.enum(autoReasons).optional(),
  remarks: z.string().optional(),
  fromUserId: z.number().int().optional(),
  superseded: z.boolean(),
});

/** Active users grouped by department, as the approver, copy and handover pickers list them. */
export const usersByDeptSchema = z.object({
  deptName: z.string(),
  userList: z.array(
    z.object({ userId: z.number().int(), realName: z.string(), realname: z.string(), img: z.string() }),
  ),
});

export const categoryPageResponse = pageOf(adminCategorySchema);
export const categoryIdResponse = z.object({ categoryId: z.number().int() });
export const categoryFieldsResponse = z.array(fieldDefinitionSchema);
export const categoryGroupsResponse = z.array(categoryGroupSchema);
export const examineSaveResponse = z.object({
  examineId: z.number().int(),
  recordId: z.number().int(),
  status: z.number().int(),
});
export type ExamineSaveResult = z.infer<typeof examineSaveResponse>;
export const examineStatusResponse = z.object({ status: z.number().int() });
export const commentResponse = z.object({ commentId: z.number().int() });
export const examinePageResponse = pageOf(examineListRowSchema);
export const examineStepsResponse = z.object({
  status: z.number().int(),
  currentStepId: z.number().int().nullable(),
  steps: z.array(timelineStepSchema),
});
export const examineTasksResponse = z.array(examineRecordTaskSchema);
export const examineHistoryResponse = z.array(historyEntrySchema);
export const examineTypeResponse = z.object({ examineType });
export const usersByDeptResponse = z.array(usersByDeptSchema);
