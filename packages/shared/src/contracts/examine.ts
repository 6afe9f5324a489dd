import { z } from 'zod';
import { conditionOps } from '../approval/conditions.ts';
import { autoReasons, logKinds, stepKinds, stepModes, stepOrigins, taskStatuses } from '../approval/types.ts';
import { fieldDefinitionSchema } from '../fields/field-types.ts';
import { apiTime, namedUserSchema, pageOf, personSchema } from './common.ts';
import { fileInfoSchema } from './files.ts';

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

/**
 * What the original client's approval views read of a row and of the detail (issue 20,
 * wire-wukong9.md "Parameter names"), beside our own fields: its names of the same facts, the
 * attachments split into files and images, and the linked records as named lists.
 */
export const originalFileSchema = fileInfoSchema.extend({ filePath: z.string() });
export const originalExamineFields = {
  createUser: z.object({ userId: z.number().int(), realname: z.string(), img: z.string() }),
  createtime: apiTime,
  examineStatus: z.number().int(),
  /** The list's title line: the approval's content. */
  causeTitle: z.string(),
  examineRecordId: z.number().int(),
  file: z.array(originalFileSchema),
  img: z.array(originalFileSchema),
  customerList: z.array(z.object({ customerId: z.number().int(), customerName: z.string() })),
  contactsList: z.array(z.object({ contactsId: z.number().int(), name: z.string() })),
  businessList: z.array(z.object({ businessId: z.number().int(), businessName: z.string() })),
  contractList: z.array(z.object({ contractId: z.number().int(), contractName: z.string(), name: z.string() })),
};
/** The row's actions as the original's list offers them: 1 yes, 0 no. */
const originalPermission = z.object({
  isChecked: z.union([z.literal(0), z.literal(1)]),
  isUpdate: z.union([z.literal(0), z.literal(1)]),
  isDelete: z.union([z.literal(0), z.literal(1)]),
});
export type ExamineListRow = z.infer<typeof examineListRowSchema>;
/** A row as the lists answer it: ours and the original's fields. */
export const examineRowSchema = examineListRowSchema.extend({
  ...originalExamineFields,
  permission: originalPermission,
});
export type ExamineWireRow = z.infer<typeof examineRowSchema>;

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
const examineOwnDetailSchema = z.object({
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
export type ExamineDetail = z.infer<typeof examineOwnDetailSchema>;
/** The detail as queryOaExamineInfo answers it: ours and the original's fields beside them. */
export const examineDetailSchema = examineOwnDetailSchema.extend({
  ...originalExamineFields,
  createUser: personSchema.nullable(),
  /** The original's names: the category's title and type. */
  category: z.string(),
  type: z.string(),
  /** The original's business-trip rows; our types keep their own blocks in `model`. */
  examineTravelList: z.array(z.record(z.string(), z.unknown())),
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
/** The original client's category list: flat, each with its group's name. */
export const categoryListResponse = z.array(categoryItemSchema.extend({ className: z.string() }));
export const examineSaveResponse = z.object({
  examineId: z.number().int(),
  recordId: z.number().int(),
  status: z.number().int(),
});
export type ExamineSaveResult = z.infer<typeof examineSaveResponse>;
export const examineStatusResponse = z.object({ status: z.number().int() });
export const commentResponse = z.object({ commentId: z.number().int() });
export const examinePageResponse = pageOf(examineRowSchema);

/**
 * An approval's flow by its record as the original client's flow views read it (examineType 1:
 * `steps[].userList`; 2: `steps[].examinUser`); statuses are the original's (0 not reached,
 * 1 approved, 2 rejected, 3 under way, 4 withdrawn, 5 submitted). `isCheck`/`isRecheck`: the
 * viewer may approve or reject / withdraw.
 */
const originalFlowUser = z.object({
  userId: z.number().int(),
  realname: z.string(),
  img: z.string(),
  examineStatus: z.number().int(),
  examineTime: apiTime.nullable(),
});
export const originalFlowResponse = z.object({
  examineType,
  isCheck: z.union([z.literal(0), z.literal(1)]),
  isRecheck: z.union([z.literal(0), z.literal(1)]),
  steps: z.array(
    z.object({
      stepId: z.number().int(),
      stepType,
      examineStatus: z.number().int(),
      examinUser: originalFlowUser.nullable(),
      userList: z.array(originalFlowUser),
    }),
  ),
});
/** The history as the original's CheckFlow reads it, oldest first. */
export const originalLogResponse = z.array(
  z.object({
    orderId: z.number().int(),
    examineStatus: z.number().int(),
    examineTime: apiTime.nullable(),
    remarks: z.string(),
    userId: z.number().int().nullable(),
    realname: z.string(),
    img: z.string(),
  }),
);
export const examineTypeResponse = z.object({ examineType });
export const usersByDeptResponse = z.array(usersByDeptSchema);
