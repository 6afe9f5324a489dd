import { z } from 'zod';
import { richTextField } from '../editor/config.ts';
import { idField, idList, intEnum, optionalId, optionalText, pageFields, requiredText, searchField } from './fields.ts';

/**
 * Messages of planning documents (workbench › 策划方案, routes rich-list and rich-text,
 * docs/api/plans.md, docs/decisions.md "Planning documents").
 */
export const PlanDocMsg = {
  titleRequired: '请输入方案标题',
  contentRequired: '请输入方案内容',
  notFound: '策划方案不存在',
  sharedInvalid: '共享人员有误',
  tooManyShared: '共享人员不能超过100人',
  listTypeInvalid: '方案列表类型有误',
  authorOnly: '只有方案的作者可以修改或删除',
} as const;

export const planDocText = {
  title: { label: '方案标题', max: 100 },
  batchId: { label: '附件批次', max: 40 },
} as const;

export const PLAN_DOC_SHARED_MAX = 100;

/**
 * Write (no `planId`) or edit a planning document: a title, the rich-text body (sanitised by the
 * server) and the people it is shared with. `batchId` (client generated) holds its images and
 * attachments and makes a double submit answer the first document.
 */
export const planDocSaveSchema = z.object({
  planId: optionalId(PlanDocMsg.notFound),
  title: requiredText(planDocText.title, PlanDocMsg.titleRequired),
  content: richTextField(PlanDocMsg.contentRequired),
  sharedUserIds: idList(PlanDocMsg.sharedInvalid)
    .refine((ids) => new Set(ids).size <= PLAN_DOC_SHARED_MAX, { error: PlanDocMsg.tooManyShared })
    .default([]),
  batchId: optionalText(planDocText.batchId),
  removedFileIds: idList('附件有误').default([]),
});
export type PlanDocSaveInput = z.infer<typeof planDocSaveSchema>;

export const planDocIdSchema = z.object({ planId: idField(PlanDocMsg.notFound) });

/** 1 all I may read, 2 mine, 3 shared with me, 4 my subordinates' (by my role's data scope). */
export const planDocListTypes = [1, 2, 3, 4] as const;
export const planDocListSchema = z.object({
  ...pageFields,
  type: intEnum(planDocListTypes, PlanDocMsg.listTypeInvalid, 1),
  /** The title or the author's name. */
  search: searchField,
});
export type PlanDocListInput = z.infer<typeof planDocListSchema>;
