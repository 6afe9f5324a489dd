import { z } from 'zod';
import { withAliases } from '../schemas/aliases.ts';
import { idField, idList, intEnum, optionalId, optionalInt, pageFields } from '../schemas/fields.ts';
import { importJobSchema } from './excel.ts';

/**
 * The last CRM calls of the original WuKong client (issue 20, docs/api.md "Aliases", CRM): a
 * follow-up deleted from its timeline, the to-do tabs of plans and of customers about to return
 * to the pool, and marking to-dos as followed.
 */
export const CrmRestMsg = {
  followUpNotFound: '跟进记录不存在',
  followUpNotYours: '只能删除自己写的跟进记录',
  remindTypeInvalid: '回款提醒分类有误',
  followIdsRequired: '请选择要标记为已跟进的记录',
  importChoiceInvalid: '导入选项有误',
} as const;

/** `CrmRecord/deleteFollowRecord {recordId}`: the original names a follow-up `recordId`. */
export const deleteFollowUpSchema = withAliases(z.object({ followId: idField(CrmRestMsg.followUpNotFound) }), {
  recordId: 'followId',
});

/** `CrmBackLog/setLeadsFollowup|setCustomerFollowup {ids: "1,2"}`: the chosen to-dos. */
export const markFollowedSchema = z.object({
  ids: idList(CrmRestMsg.followIdsRequired).refine((ids) => ids.length > 0, { error: CrmRestMsg.followIdsRequired }),
});

/**
 * `CrmBackLog/remindReceivables`: the plans of the contracts the viewer may list, by tab `type`:
 * 1 待回款 (the reminder day has come, the return day not passed, nothing received), 2 已回款,
 * 3 已逾期 (the return day passed, nothing received). `isSub` is not read: the data scope holds.
 */
export const remindPlanTabs = { due: 1, received: 2, overdue: 3 } as const;
export const remindPlansSchema = z.object({
  ...pageFields,
  type: intEnum([1, 2, 3] as const, CrmRestMsg.remindTypeInvalid, 1),
  isSub: optionalInt(CrmRestMsg.remindTypeInvalid),
});

/**
 * `<Kind>/uploadExcel` (multipart `file`, `repeatHandling`, `ownerUserId`): the original's import
 * upload, our import job underneath. The job imports as ours does (the importer owns the rows,
 * duplicates of unique fields are refused), so the two choices are read but not applied.
 */
export const originalImportFormSchema = z.object({
  repeatHandling: optionalInt(CrmRestMsg.importChoiceInvalid),
  ownerUserId: optionalId(CrmRestMsg.importChoiceInvalid),
});

/** `system/message/queryImportNum|queryImportInfo|downImportError {messageId}`: the upload's job. */
export const importMessageSchema = withAliases(z.object({ jobId: importJobSchema.shape.jobId }), {
  messageId: 'jobId',
});
