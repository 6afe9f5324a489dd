import { z } from 'zod';
import { type FieldDefinition, type FormType, fieldDefinitionSchema } from '../fields/field-types.ts';
import {
  idField,
  idList,
  intEnum,
  optionalId,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from '../schemas/fields.ts';
import { timeInput } from '../time/field.ts';

/** Every message a declaration call answers with (the web shows the same texts). */
export const DeclMsg = {
  taskNotFound: '申报任务不存在',
  submissionNotFound: '申报表不存在',
  titleRequired: '请输入申报表名称',
  deadlineRequired: '请选择截止时间',
  deadlineInvalid: '截止时间格式有误',
  deadlinePast: '截止时间须晚于现在',
  targetsRequired: '请选择填报的部门或人员',
  deptInvalid: '部门有误',
  userInvalid: '人员有误',
  fieldsRequired: '请至少设计一个字段',
  fieldsTooMany: '字段不能超过60个',
  fieldTypeNotAllowed: '申报表不支持字段类型：{name}',
  fieldsFixed: '已有人填报，不能再修改表单字段',
  noAssignees: '所选部门和人员中没有在职员工',
  notAssigned: '这份申报表没有下发给你',
  deadlinePassed: '已过截止时间，不能再提交',
  alreadySubmitted: '你已提交，等待审核；如需修改请先撤回',
  alreadyApproved: '申报表已审核通过，不能再修改',
  valuesInvalid: '填报内容格式有误',
  notSubmitted: '你还没有提交这份申报表',
  revokeAfterAudit: '申报表已审核，不能撤回',
  auditStatusInvalid: '请选择通过或驳回',
  reasonRequired: '请填写驳回原因',
  notWaiting: '这份申报表不在待审核状态',
  fieldNotFound: '字段不存在',
  cellUnchanged: '内容没有变化',
  cellNotAuditable: '只能更正已提交的申报表',
  notAuditor: '你不是这份申报表的审核人',
  statusInvalid: '状态有误',
} as const;

export const declText = {
  title: { label: '申报表名称', max: 100 },
  description: { label: '填报说明', max: 500, multiline: true },
  reason: { label: '审核意见', max: 200, multiline: true },
  batchId: { label: '提交批次', max: 40 },
} as const;

/**
 * The field types a declaration form may hold: plain values a person types or picks. Relations
 * (customers, people, files) would need their own reading rules on every list and export.
 */
export const declFormTypes: FormType[] = [
  'text',
  'textarea',
  'number',
  'floatnumber',
  'mobile',
  'email',
  'select',
  'checkbox',
  'date',
  'datetime',
];

/** A submission: 1 待审核, 2 已通过, 3 已驳回, 4 已撤回. */
export const DeclStatus = { waiting: 1, approved: 2, rejected: 3, revoked: 4 } as const;
export const declStatusNames: Record<number, string> = {
  0: '未提交',
  1: '待审核',
  2: '已通过',
  3: '已驳回',
  4: '已撤回',
};
export const DECL_FIELDS_MAX = 60;

const fieldsOk = (fields: FieldDefinition[]) => fields.find((f) => !declFormTypes.includes(f.formType));

/** Issue (or edit) a task: the form's fields (the field store), who fills it in, and by when. */
export const declTaskSaveSchema = z
  .object({
    taskId: optionalId(DeclMsg.taskNotFound),
    title: requiredText(declText.title, DeclMsg.titleRequired),
    description: optionalText(declText.description),
    deadline: z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      timeInput(DeclMsg.deadlineInvalid).optional(),
    ),
    deptIds: idList(DeclMsg.deptInvalid).default([]),
    userIds: idList(DeclMsg.userInvalid).default([]),
    fields: z.array(fieldDefinitionSchema, { error: DeclMsg.fieldsRequired }).default([]),
    /** Made by the form when it opens: a double click issues one task. */
    batchId: optionalText(declText.batchId),
  })
  .superRefine((t, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!t.deadline) return issue(DeclMsg.deadlineRequired);
    if (t.deptIds.length === 0 && t.userIds.length === 0) return issue(DeclMsg.targetsRequired);
    if (t.fields.length === 0) return issue(DeclMsg.fieldsRequired);
    if (t.fields.length > DECL_FIELDS_MAX) return issue(DeclMsg.fieldsTooMany);
    const bad = fieldsOk(t.fields);
    if (bad) issue(DeclMsg.fieldTypeNotAllowed.replace('{name}', bad.name));
  })
  .transform((t) => ({ ...t, deadline: t.deadline as Date }));
export type DeclTaskSaveInput = z.infer<typeof declTaskSaveSchema>;

export const declTaskIdSchema = z.object({ taskId: idField(DeclMsg.taskNotFound) });
export const declTaskListSchema = z.object({ ...pageFields, search: searchField });
export const declMyListSchema = z.object({ ...pageFields });

/** Fill in: the values by field key; they are checked against the task's fields on the server. */
export const declSubmitSchema = z.object({
  taskId: idField(DeclMsg.taskNotFound),
  values: z.record(z.string(), z.unknown(), { error: DeclMsg.valuesInvalid }).default({}),
});
export type DeclSubmitInput = z.infer<typeof declSubmitSchema>;

export const declSubmissionIdSchema = z.object({ submissionId: idField(DeclMsg.submissionNotFound) });

/** Approve (2) or reject (3, with the reason the filler reads). */
export const declAuditSchema = z
  .object({
    submissionId: idField(DeclMsg.submissionNotFound),
    status: intEnum([DeclStatus.approved, DeclStatus.rejected] as const, DeclMsg.auditStatusInvalid),
    reason: optionalText(declText.reason),
  })
  .superRefine((a, ctx) => {
    if (a.status === DeclStatus.rejected && a.reason === '')
      ctx.addIssue({ code: 'custom', message: DeclMsg.reasonRequired });
  });
export type DeclAuditInput = z.infer<typeof declAuditSchema>;

/** An auditor's correction of one cell; the value follows the field's own rule. */
export const declCellSchema = z.object({
  submissionId: idField(DeclMsg.submissionNotFound),
  fieldName: z.string({ error: DeclMsg.fieldNotFound }).regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, {
    error: DeclMsg.fieldNotFound,
  }),
  value: z.unknown(),
});
export type DeclCellInput = z.infer<typeof declCellSchema>;

/** The submissions of one task (webPageQueryForm and its export). */
export const declFormPageSchema = z.object({
  ...pageFields,
  taskId: idField(DeclMsg.taskNotFound),
  status: intEnum([1, 2, 3] as const, DeclMsg.statusInvalid).optional(),
  deptId: optionalId(DeclMsg.deptInvalid),
  search: searchField,
});
export type DeclFormPageInput = z.infer<typeof declFormPageSchema>;
