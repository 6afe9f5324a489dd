import { z } from 'zod';
import { apiTime, noData, pageOf } from '../contracts/common.ts';
import { fieldDefinitionSchema } from '../fields/field-types.ts';

const int = z.number().int();
const values = z.record(z.string(), z.unknown());

/** A task as the managers' and auditors' lists show it; the counts are within the viewer's data scope. */
export const declTaskRowSchema = z.object({
  taskId: int,
  title: z.string(),
  description: z.string(),
  deadline: apiTime,
  overdue: z.boolean(),
  assignedCount: int,
  submittedCount: int,
  waitCount: int,
  createUserId: int,
  createUserName: z.string(),
  createTime: apiTime,
});
export type DeclTaskRow = z.infer<typeof declTaskRowSchema>;

/** `GET task/queryTaskById`: the form to fill or audit, and the viewer's own submission if any. */
export const declTaskDetailSchema = declTaskRowSchema.extend({
  fields: z.array(fieldDefinitionSchema),
  depts: z.array(z.object({ deptId: int, name: z.string() })),
  users: z.array(z.object({ userId: int, realname: z.string() })),
  /** The task has submissions: its fields can no longer change. */
  fieldsFixed: z.boolean(),
  canAudit: z.boolean(),
  mine: z
    .object({
      submissionId: int,
      status: int,
      values,
      auditReason: z.string(),
      submitTime: apiTime,
    })
    .nullable(),
});
export type DeclTaskDetail = z.infer<typeof declTaskDetailSchema>;

/** 我的填报: a task issued to me and where I am in it (0 未提交 … 4 已撤回). */
export const declMyRowSchema = z.object({
  taskId: int,
  title: z.string(),
  deadline: apiTime,
  overdue: z.boolean(),
  myStatus: int,
  submissionId: int.nullable(),
  auditReason: z.string(),
  submitTime: apiTime.nullable(),
  createUserName: z.string(),
});
export type DeclMyRow = z.infer<typeof declMyRowSchema>;

/** A submission in a task's table: the values by field key, who audited it, how many cells were corrected. */
export const declFormRowSchema = z.object({
  submissionId: int,
  taskId: int,
  userId: int,
  realname: z.string(),
  deptName: z.string(),
  status: int,
  values,
  submitTime: apiTime,
  auditUserName: z.string(),
  auditTime: apiTime.nullable(),
  auditReason: z.string(),
  corrections: int,
});
export type DeclFormRow = z.infer<typeof declFormRowSchema>;

/** One logged correction of a cell: who, when, old → new (as the form shows values). */
export const declCellLogSchema = z.object({
  logId: int,
  fieldName: z.string(),
  fieldLabel: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  userName: z.string(),
  createTime: apiTime,
});
export type DeclCellLog = z.infer<typeof declCellLogSchema>;

export const declFormDetailSchema = declFormRowSchema.extend({ logs: z.array(declCellLogSchema) });
export type DeclFormDetail = z.infer<typeof declFormDetailSchema>;

/** Counts of assignees: submitted = waiting + approved + rejected; overdue = not submitted by the deadline. */
const counts = {
  assigned: int,
  submitted: int,
  waiting: int,
  approved: int,
  rejected: int,
  overdue: int,
};
export const declDeptCountSchema = z.object({ deptId: int, deptName: z.string(), ...counts });
export type DeclDeptCount = z.infer<typeof declDeptCountSchema>;
export const declStatsSchema = z.object({ ...counts, depts: z.array(declDeptCountSchema) });
export type DeclStats = z.infer<typeof declStatsSchema>;

/** An assignee of a task with their state (0 未提交 … 4 已撤回). */
export const declAssigneeSchema = z.object({
  userId: int,
  realname: z.string(),
  deptName: z.string(),
  state: int,
  overdue: z.boolean(),
  submissionId: int.nullable(),
  submitTime: apiTime.nullable(),
});
export type DeclAssignee = z.infer<typeof declAssigneeSchema>;

const P = '/api/declaration';

/** Every declaration call's answer (docs/workbench-declarations.md). */
export const declarationContracts = {
  [`${P}/saveTask`]: z.object({ taskId: int }),
  [`${P}/queryTaskList`]: pageOf(declTaskRowSchema),
  [`${P}/removeById`]: noData,
  '/task/queryTaskById': declTaskDetailSchema,
  [`${P}/queryMyDeclarationForm`]: pageOf(declMyRowSchema),
  [`${P}/submitForm`]: z.object({ submissionId: int }),
  [`${P}/appletRevoke`]: noData,
  [`${P}/queryWaitAuditFormTaskList`]: pageOf(declTaskRowSchema),
  [`${P}/auditForm`]: noData,
  [`${P}/updateCell`]: noData,
  [`${P}/webPageQueryForm`]: pageOf(declFormRowSchema),
  [`${P}/queryFormById`]: declFormDetailSchema,
  [`${P}/statistical`]: declStatsSchema,
  [`${P}/taskCreateUserByTaskId`]: z.array(declAssigneeSchema),
  '/api/DeclarationFromDept/queryDeptTypeByOne': z.array(declDeptCountSchema),
} as const;
