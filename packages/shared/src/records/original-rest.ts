import { z } from 'zod';
import { withAliases } from '../schemas/aliases.ts';
import { idField, idList, intEnum, optionalId, optionalInt, optionalText, pageFields } from '../schemas/fields.ts';
import { importJobSchema } from './excel.ts';
import { kindLabelSchema, sceneTypeSchema } from './original-calls.ts';
import { RecordMsg } from './schemas.ts';

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
  duplicateEmpty: '查询条件不能为空',
  duplicateNameShort: '查重的名称至少输入2个字',
  columnsShownRequired: '至少要显示两列',
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

/**
 * `<Kind>/queryList`: the original's 查重 (duplicate check) across every owner, for customers,
 * contacts and leads: a name contains the text (at least 2 characters), a phone equals it; any
 * condition matches. `types` (`crm_customer`) names the kind the path already names.
 */
const checkText = (label: string) => optionalText({ label, max: 50 });
const phones = { mobile: checkText('手机'), telephone: checkText('电话') };
function duplicateBody<N extends string>(names: Record<N, z.ZodType>) {
  const conditions = [...Object.keys(names), 'mobile', 'telephone'];
  return z
    .object({ ...pageFields, types: z.string().max(30).optional(), ...phones, ...names })
    .refine((b) => conditions.some((c) => (b as Record<string, unknown>)[c] !== ''), {
      error: CrmRestMsg.duplicateEmpty,
    })
    .refine((b) => Object.keys(names).every((n) => [...String((b as Record<string, unknown>)[n])].length !== 1), {
      error: CrmRestMsg.duplicateNameShort,
    });
}
export const customerDuplicateSchema = duplicateBody({ customerName: checkText('客户名称') });
export const contactsDuplicateSchema = duplicateBody({
  name: checkText('联系人'),
  customerName: checkText('客户名称'),
});
export const leadsDuplicateSchema = duplicateBody({ leadsName: checkText('线索名称') });

/** "a,b,c" (or an array) → its non-empty items, each checked by `item`. */
const commaList = <T extends z.ZodType>(item: T, msg: string) =>
  z.preprocess(
    (v) =>
      v === undefined || v === null ? [] : typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v,
    z.array(item, { error: msg }).max(500, { error: msg }),
  );
const columnKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, { error: RecordMsg.columnsInvalid });
const sceneId = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d{1,10}$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: RecordMsg.scenesInvalid }).int({ error: RecordMsg.scenesInvalid }),
);

/**
 * `field/queryFieldConfig {label}` / `field/fieldConfig {label, noHideIds, hideIds}`: the list's
 * columns (列设置) as the kind's `queryListHead` / `setListHead` keep them per user; a column's
 * id is its key (`customerName`, a custom field's name). At least two columns stay shown.
 */
export const fieldConfigQuerySchema = kindLabelSchema;
export const fieldConfigSchema = z
  .object({
    label: kindLabelSchema.shape.label,
    noHideIds: commaList(columnKey, RecordMsg.columnsInvalid),
    hideIds: commaList(columnKey, RecordMsg.columnsInvalid),
  })
  .refine((b) => b.noHideIds.length >= 2, { error: CrmRestMsg.columnsShownRequired });

/**
 * `scene/querySceneConfig {type}` / `scene/sceneConfig {type, noHideIds, hideIds}`: the user's
 * scene order and the scenes hidden from the picker (场景设置); system scenes by their negative ids.
 */
export const sceneConfigQuerySchema = sceneTypeSchema;
export const sceneConfigSchema = z.object({
  type: sceneTypeSchema.shape.type,
  noHideIds: commaList(sceneId, RecordMsg.scenesInvalid),
  hideIds: commaList(sceneId, RecordMsg.scenesInvalid),
});
