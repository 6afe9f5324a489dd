import { z } from 'zod';
import { batchIdPattern } from '../fields/patterns.ts';
import {
  idField,
  idList,
  intEnum,
  intField,
  optionalId,
  optionalInt,
  optionalText,
  pageFields,
  requiredText,
  searchField,
} from '../schemas/fields.ts';
import { filterConditions, type ListFilter, sortFields } from '../schemas/list.ts';
import { timeInput } from '../time/field.ts';
import type { RecordKind } from './kind.ts';

/** Request schemas of the calls every record kind answers (packages/server/src/crm/records). */
export const RecordMsg = {
  notFound: '记录不存在',
  sceneNotFound: '场景不存在',
  sceneNameRequired: '请输入场景名称',
  sceneNameTaken: '场景名称已存在',
  systemScene: '系统场景不能修改或删除',
  filterInvalid: '筛选条件有误',
  memberRequired: '请选择团队成员',
  powerInvalid: '团队成员权限有误',
  carryInvalid: '同时转移的数据有误',
  categoryRequired: '请选择跟进方式',
  contentRequired: '请输入跟进内容',
  nextTimeInvalid: '下次联系时间格式有误',
  columnsInvalid: '列设置有误',
  idsRequired: '请选择记录',
  fieldUnknown: '提交的字段不存在',
  batchTaken: '重复提交，请刷新页面后重试',
  ownerRequired: '请选择负责人',
  batchRequired: '缺少表单批次号，请刷新页面后重试',
  scenesInvalid: '场景设置有误，请刷新后重试',
  sceneShownRequired: '至少要显示一个场景',
} as const;

// Zod-free, so the workbench's first load can read them without the schemas (first-load budget).
export { systemSceneIds, systemSceneOfId } from './scene-ids.ts';

/**
 * One advanced-filter entry as the list sends it (DECISIONS "CRM"):
 * `{field: {name, condition, value, formType, start, end}}`. `start`/`end` bound a range.
 */
const filterEntry = z.object(
  {
    name: z.string().max(50).optional(),
    condition: z.enum(filterConditions, { error: RecordMsg.filterInvalid }),
    value: z.unknown().optional(),
    formType: z.string().max(30).optional(),
    start: z.unknown().optional(),
    end: z.unknown().optional(),
  },
  { error: RecordMsg.filterInvalid },
);
const filterObject = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/), filterEntry, {
  error: RecordMsg.filterInvalid,
});

/** The filter object as the list builder's filters: a range becomes two bounds. */
export function filtersOf(data: z.infer<typeof filterObject> | undefined): ListFilter[] {
  const out: ListFilter[] = [];
  for (const [field, f] of Object.entries(data ?? {})) {
    if (f.start !== undefined && f.start !== '' && f.start !== null)
      out.push({ field, condition: 'egt', value: f.start });
    if (f.end !== undefined && f.end !== '' && f.end !== null) out.push({ field, condition: 'elt', value: f.end });
    if (f.start === undefined && f.end === undefined) out.push({ field, condition: f.condition, value: f.value });
  }
  return out;
}

/** `queryPageList`: `{page, limit, search, sceneId, sortField, order, data}`. */
export const recordListSchema = z.object({
  ...pageFields,
  ...sortFields,
  search: searchField,
  sceneId: optionalInt(RecordMsg.sceneNotFound),
  data: z.preprocess((v) => (v === '' || v === null ? undefined : v), filterObject.optional()),
});
export type RecordListInput = z.infer<typeof recordListSchema>;

export const crmRecordIdSchema = z.object({ id: idField(RecordMsg.notFound) });
/** A list of ids that must name at least one (records to act on, members to add). */
const someIds = (msg: string) => idList(msg).refine((ids) => ids.length > 0, { error: msg });

export const crmRecordIdsSchema = z.object({ ids: someIds(RecordMsg.idsRequired) });

/** Team members: power 1 read-only, 2 read-write. */
const power = intEnum([1, 2] as const, RecordMsg.powerInvalid, 1);
export const addMembersSchema = z.object({
  ids: someIds(RecordMsg.idsRequired),
  memberIds: someIds(RecordMsg.memberRequired),
  power,
});
export const updateMembersSchema = z.object({
  id: idField(RecordMsg.notFound),
  memberIds: someIds(RecordMsg.memberRequired),
  power,
});
export const deleteMembersSchema = z.object({
  ids: someIds(RecordMsg.idsRequired),
  memberIds: someIds(RecordMsg.memberRequired),
});

/** A follow-up record (DECISIONS "CRM"). */
export const followUpText = {
  category: { label: '跟进方式', max: 30 },
  content: { label: '跟进内容', max: 1000, multiline: true },
};
export const addFollowUpSchema = z.object({
  id: idField(RecordMsg.notFound),
  category: requiredText(followUpText.category, RecordMsg.categoryRequired),
  content: requiredText(followUpText.content, RecordMsg.contentRequired),
  // A time (`timeInput`), or a day alone: its start in the company's zone.
  nextTime: z.preprocess(
    (v) =>
      v === '' || v === null ? undefined : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} 00:00` : v,
    timeInput(RecordMsg.nextTimeInvalid).optional(),
  ),
  batchId: optionalText({ label: '附件批次', max: 40 }),
  contactsIds: idList(RecordMsg.notFound).optional(),
  businessIds: idList(RecordMsg.notFound).optional(),
});
export const followUpListSchema = z.object({ id: idField(RecordMsg.notFound), ...pageFields });

/** Saved scenes. */
export const sceneText = { name: { label: '场景名称', max: 50 } };
export const saveSceneSchema = z.object({
  sceneId: optionalId(RecordMsg.sceneNotFound),
  name: requiredText(sceneText.name, RecordMsg.sceneNameRequired),
  data: filterObject.default({}),
  isDefault: intEnum([0, 1] as const, RecordMsg.sceneNotFound, 0),
});
export const sceneIdSchema = z.object({ sceneId: intField(RecordMsg.sceneNotFound) });

/** The list's columns for one user: order, width, shown or hidden. */
export const setListHeadSchema = z.object({
  columns: z
    .array(
      z.object({
        key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, { error: RecordMsg.columnsInvalid }),
        width: z.number().int().min(40).max(1000).optional(),
        hidden: z.boolean().optional(),
      }),
      { error: RecordMsg.columnsInvalid },
    )
    .max(200, { error: RecordMsg.columnsInvalid }),
});

/**
 * Transfer (change the owner) of records: `transferType` 1 drops the old owner, 2 keeps them on
 * the team with `power` (1 read-only, 2 read-write), as the original's transfer dialog offers.
 */
/**
 * A kind's transfer body. `carry` names records of other kinds that follow to the new owner, only
 * those the kind's declaration lets follow (`transferCarry`: a customer's opportunities and
 * contracts); the original's transfer dialog names them by code (`changeType` "1,2,3", 1 the
 * contacts, which always follow a customer), read as `carry` when `carry` is absent.
 */
export function transferSchemaOf(kind: Pick<RecordKind, 'transferCarry'>) {
  // Made once per kind (issue 27): the route and `inputContracts` hold the same object.
  let made = transferSchemas.get(kind);
  if (!made) {
    made = makeTransferSchema(kind);
    transferSchemas.set(kind, made);
  }
  return made;
}
function makeTransferSchema(kind: Pick<RecordKind, 'transferCarry'>) {
  const carried = (kind.transferCarry ?? []).map((c) => c.key);
  const byCode = new Map((kind.transferCarry ?? []).map((c) => [c.changeType, c.key]));
  const fields = z.object({
    ids: someIds(RecordMsg.idsRequired),
    newOwnerUserId: idField(RecordMsg.ownerRequired),
    transferType: intEnum([1, 2] as const, RecordMsg.powerInvalid, 1),
    power: intEnum([1, 2] as const, RecordMsg.powerInvalid, 1),
    carry: z
      .array(
        z
          .string({ error: RecordMsg.carryInvalid })
          .refine((k) => carried.includes(k), { error: RecordMsg.carryInvalid }),
        { error: RecordMsg.carryInvalid },
      )
      .max(carried.length, { error: RecordMsg.carryInvalid })
      .default([]),
  });
  // Typed as our body: `changeType` is the original client's.
  return z.preprocess<unknown, typeof fields, z.input<typeof fields>>((body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !('changeType' in body)) return body;
    const { changeType, ...rest } = body as Record<string, unknown>;
    if (rest.carry !== undefined || typeof changeType !== 'string') return rest;
    const carry = changeType.split(',').flatMap((t) => byCode.get(t.trim()) ?? []);
    return { ...rest, carry };
  }, fields);
}
const transferSchemas = new WeakMap<Pick<RecordKind, 'transferCarry'>, ReturnType<typeof makeTransferSchema>>();
/** The transfer of a kind that carries nothing along. */
export const transferSchema = transferSchemaOf({});
export type TransferInput = z.infer<typeof transferSchema>;
/** A carried kind's key (`transferCarry` of the transferred kind). */
export type TransferCarry = string;

/** The custom values of a save: `[{fieldName, value}]` (crm-records §3 "field"). */
export const customFieldValues = z
  .array(
    z.object({
      fieldName: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, { error: RecordMsg.fieldUnknown }),
      value: z.unknown(),
    }),
    { error: RecordMsg.fieldUnknown },
  )
  .max(200, { error: RecordMsg.fieldUnknown })
  .default([]);

/** As a map by field name (the jsonb column's shape). */
export const customValuesOf = (field: { fieldName: string; value?: unknown }[]) =>
  Object.fromEntries(field.map((f) => [f.fieldName, f.value ?? null]));

/** The form's batch id: the record's attachments and the double-click guard. */
export const formBatchId = z
  .string({ error: RecordMsg.batchRequired })
  .regex(batchIdPattern, { error: RecordMsg.batchRequired });

/**
 * The generic save body of every kind (crm-records §3): `{entity, field}`, the entity checked by
 * the kind's own schema of its fixed fields, with `batchId` and the kind's id on update.
 */
export const recordSaveSchema = <E extends z.ZodRawShape>(entity: E) =>
  z.object({ entity: z.object({ ...entity, batchId: formBatchId }), field: customFieldValues });

/** Empty as a form sends a field it does not fill: null, blank text, an empty list. */
const isEmptyValue = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Field permissions on a kind's save schema (docs/api/fields.md): a field hidden from the user or
 * read-only is not required of them, which only the server knows. A kind's save schema wraps its
 * permission-dependent required fields in `requiredIfFillable` and names them in the server's
 * `SaveRecord.required`; fields with a default take `defaultOnCreate`.
 */

/**
 * A required field's rule with the requirement left to whoever knows the user's field access:
 * absent stays undefined (the stored value stays), empty is '' (refused there when the user may
 * fill it), anything else is checked by the field's own rule with its own message.
 */
export function requiredIfFillable<S extends z.ZodType>(rule: S) {
  return z
    .unknown()
    .transform((v, ctx): z.output<S> | '' | undefined => {
      if (isEmptyValue(v)) return '';
      const parsed = rule.safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? RecordMsg.fieldUnknown });
      return z.NEVER;
    })
    .optional();
}

/** A rule whose default applies only on create: absent or empty is undefined (the column's default, or the stored value). */
export function defaultOnCreate<S extends z.ZodType>(rule: S) {
  return z.preprocess((v) => (v === undefined || isEmptyValue(v) ? undefined : v), rule.optional());
}
