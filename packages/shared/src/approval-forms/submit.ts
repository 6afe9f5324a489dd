import { z } from 'zod';
import { ExamineFormMsg, examineText, relationSchema } from '../schemas/examine.ts';
import { idField, idList, optionalId, optionalText } from '../schemas/fields.ts';
import type { ExamineFormDefinition } from './definitions.ts';

/**
 * The submit call of a dedicated type: `oaExamine` (category, examineId when editing, batchId,
 * content), the approvers and copy recipients, and the type's block under its `modelKey`. The
 * category defaults to the type's system category.
 */
export function examineFormSubmitSchema(d: ExamineFormDefinition) {
  // Made once per type (issue 27): the route and `inputContracts` hold the same object.
  let made = submitSchemas.get(d);
  if (!made) {
    made = makeSubmitSchema(d);
    submitSchemas.set(d, made);
  }
  return made;
}
const makeSubmitSchema = (d: ExamineFormDefinition) =>
  z.object({
    oaExamine: z.object({
      categoryId: optionalId('审批类型不存在'),
      examineId: idField(ExamineFormMsg.notFound).optional(),
      batchId: optionalText(examineText.batchId),
      content: d.content ?? optionalText(examineText.content),
      ...d.wrapper?.(),
    }),
    [d.modelKey]: d.model(),
    oaExamineRelation: relationSchema,
    checkUserId: idList('审批人有误')
      .default([])
      .refine((ids) => ids.length <= 20, { error: ExamineFormMsg.tooManyLevels }),
    ccUserId: idList('抄送人有误').default([]),
    removedFileIds: idList('附件有误').default([]),
  });
const submitSchemas = new WeakMap<ExamineFormDefinition, ReturnType<typeof makeSubmitSchema>>();
export type ExamineFormSubmitInput = {
  oaExamine: { categoryId?: number; examineId?: number; batchId: string; content: string } & Record<string, unknown>;
  checkUserId: number[];
  ccUserId: number[];
  removedFileIds: number[];
  oaExamineRelation: Record<string, number[] | undefined>;
} & Record<string, unknown>;

/** A detail loader's answer: the approval's content and batch, the type's block, its images. */
export const examineFormDetailSchema = z.object({
  examineId: z.number().int(),
  content: z.string(),
  batchId: z.string(),
  model: z.unknown(),
  /** The type's own fields of the approval (definition `wrapper`: the additional order's task). */
  oaExamine: z.record(z.string(), z.unknown()).default({}),
  imgs: z.array(z.object({ fileId: z.number().int(), name: z.string(), url: z.string(), filePath: z.string() })),
});
export type ExamineFormDetail = z.infer<typeof examineFormDetailSchema>;

export const leaveTypeListResponse = z.array(z.object({ id: z.number().int(), name: z.string() }));
export const leaveBalanceResponse = z.array(
  z.object({ leaveType: z.number().int(), name: z.string(), used: z.number(), allowance: z.number().nullable() }),
);
/** Yearly allowance in days per leave type id; a type left out has none. */
export const leaveAllowanceSchema = z.object({
  allowances: z
    .array(
      z.object({
        leaveType: z.coerce.number({ error: '请假类型有误' }).int({ error: '请假类型有误' }).min(1).max(8),
        days: z.coerce
          .number({ error: '额度须为0到366之间的数字' })
          .min(0, { error: '额度须为0到366之间的数字' })
          .max(366, { error: '额度须为0到366之间的数字' }),
      }),
    )
    .max(8),
});
export const leaveAllowanceResponse = leaveAllowanceSchema.shape.allowances;

export const bankLabelSchema = z.object({
  id: z.number().int(),
  payee: z.string(),
  bankCard: z.string(),
  bankOfDeposit: z.string(),
});
export const bankLabelListResponse = z.array(bankLabelSchema);
export const bankLabelSavedResponse = z.object({ id: z.number().int(), msg: z.string() });
export const labelIdSchema = z.object({ labelId: idField('收款标签不存在') });
/** The current user's staff data the HR forms fill in. */
export const staffInfoResponse = z.object({
  userId: z.number().int(),
  realName: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  post: z.string(),
  idCard: z.string(),
});
