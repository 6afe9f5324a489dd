import { z } from 'zod';
import { ModuleCode } from '../records/kind.ts';
import { idField, idList, optionalId, pageFields } from './fields.ts';

/**
 * The original WuKong 9.0 client's office lists of a CRM record's detail page (issue 20):
 * `OaLog/queryLogRelation`, `OaExamine/queryExamineRelation` (and the task and event twins) send
 * `{page, limit, <kind>Ids: id}`, the record's id under its kind's name. Read as the kind's
 * module code and the id; exactly one kind must be named.
 */
export const RelationMsg = {
  recordRequired: '请指定关联的客户、联系人、商机或合同',
  recordInvalid: '关联记录有误',
  tooMany: '每类关联记录不能超过50个',
  taskRequired: '任务不存在',
} as const;

export const relationKeys = {
  leadsIds: ModuleCode.leads,
  customerIds: ModuleCode.customer,
  contactsIds: ModuleCode.contacts,
  businessIds: ModuleCode.business,
  contractIds: ModuleCode.contract,
} as const;
export type RelationKey = keyof typeof relationKeys;

export const relationListSchema = z
  .object({
    ...pageFields,
    leadsIds: optionalId(RelationMsg.recordInvalid),
    customerIds: optionalId(RelationMsg.recordInvalid),
    contactsIds: optionalId(RelationMsg.recordInvalid),
    businessIds: optionalId(RelationMsg.recordInvalid),
    contractIds: optionalId(RelationMsg.recordInvalid),
  })
  .transform((v, ctx) => {
    const named = (Object.keys(relationKeys) as RelationKey[]).filter((k) => v[k] !== undefined);
    if (named.length !== 1) {
      ctx.addIssue({ code: 'custom', message: RelationMsg.recordRequired });
      return z.NEVER;
    }
    const key = named[0]!;
    return { page: v.page, limit: v.limit, key, label: relationKeys[key], id: v[key]! };
  });
export type RelationListInput = z.infer<typeof relationListSchema>;

const linkedIds = () =>
  idList(RelationMsg.recordInvalid)
    .default([])
    .refine((ids) => ids.length <= 50, { error: RelationMsg.tooMany });

/**
 * `task/saveTaskRelation`: the CRM records a task is about, each kind as the original's comma
 * list (`,1,2,`); the lists sent replace the task's, an empty one clears that kind.
 */
export const taskRelationSaveSchema = z.object({
  taskId: idField(RelationMsg.taskRequired),
  customerIds: linkedIds(),
  contactsIds: linkedIds(),
  businessIds: linkedIds(),
  contractIds: linkedIds(),
});
export type TaskRelationSaveInput = z.infer<typeof taskRelationSaveSchema>;
