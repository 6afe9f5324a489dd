import { z } from 'zod';
import { withAliases } from './aliases.ts';
import { categoryText, ExamineCategoryMsg, flowStepSchema } from './examine.ts';
import { idField, idList, intEnum, optionalText, pageFields, requiredText } from './fields.ts';

/**
 * The original WuKong 9.0 client's CRM review-flow settings (`examine/queryAllExamine`,
 * `saveExamine`, `updateStatus`; issue 20) over our approval categories of the contract and
 * receivable reviews (system types `crm_contract`, `crm_receivables`): its `categoryType` 1 / 2
 * names the category, its `examineId` answers as the category's id.
 */
export const ReviewFlowMsg = {
  typeInvalid: '审批流程类型有误',
  notFound: '审批流程不存在',
  statusInvalid: '审批流程状态有误',
} as const;

/** 1 contracts, 2 receivables: the category type of each. */
export const reviewFlowTypes = { 1: 'crm_contract', 2: 'crm_receivables' } as const;

export const reviewFlowListSchema = z.object({ ...pageFields });

export const reviewFlowSaveSchema = z.object({
  /** The flow edited; the category is the one of `categoryType` either way. */
  examineId: idField(ReviewFlowMsg.notFound).optional(),
  categoryType: intEnum([1, 2] as const, ReviewFlowMsg.typeInvalid),
  name: requiredText(categoryText.title, ExamineCategoryMsg.titleRequired),
  remarks: optionalText(categoryText.remarks),
  examineType: intEnum([1, 2] as const, '审批流类型有误', 2),
  userIds: idList('可见范围有误').default([]),
  deptIds: idList('可见范围有误').default([]),
  // Each step names its people `checkUserId` there.
  step: z
    .array(withAliases(flowStepSchema, { checkUserId: 'userIds' }))
    .max(20, { error: ExamineCategoryMsg.tooManySteps })
    .default([]),
});
export type ReviewFlowSaveInput = z.infer<typeof reviewFlowSaveSchema>;

/** `status` 1 enable, 0 disable, 2 (or none: the original's default) delete, which a review flow refuses. */
export const reviewFlowStatusSchema = z.object({
  examineId: idField(ReviewFlowMsg.notFound),
  status: intEnum([0, 1, 2] as const, ReviewFlowMsg.statusInvalid, 2),
});
