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
