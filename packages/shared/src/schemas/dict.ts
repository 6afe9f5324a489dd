import { z } from 'zod';
import { idField, intEnum, intWithDefault, optionalId, requiredText, type TextRule } from './fields.ts';

/**
 * System dictionaries (manager › 系统字典): key/value lists the forms read. Two kinds: a
 * dictionary (`dict`) named by a code (`ownerShareholderType`, `post`, `taskType`), whose entries
 * are dictValue/dictName; a code list (`code`) named by a numeric code type (1020 planning
 * items), whose entries are codeNo/codeName.
 */
export const DictMsg = {
  typeNotFound: '字典不存在',
  itemNotFound: '字典项不存在',
  nameRequired: '请输入字典名称',
  codeRequired: '请输入字典编码',
  codeInvalid: '字典编码只能包含字母、数字和下划线，且以字母开头',
  codeTypeInvalid: '编码类型须为1到9999之间的数字',
  codeTaken: '字典编码已存在',
  builtinLocked: '系统字典不能删除或修改编码',
  valueRequired: '请输入字典值',
  itemNameRequired: '请输入显示名称',
  valueTaken: '该字典值已存在',
  kindInvalid: '字典类型有误',
} as const;

export const dictText = {
  name: { label: '字典名称', max: 50 },
  code: { label: '字典编码', max: 50 },
  value: { label: '字典值', max: 50 },
  itemName: { label: '显示名称', max: 100 },
} as const satisfies Record<string, TextRule>;

export const dictKinds = ['dict', 'code'] as const;
export type DictKind = (typeof dictKinds)[number];

export const dictTypeSaveSchema = z
  .object({
    typeId: optionalId(DictMsg.typeNotFound),
    kind: z.enum(dictKinds, { error: DictMsg.kindInvalid }),
    code: requiredText(dictText.code, DictMsg.codeRequired),
    name: requiredText(dictText.name, DictMsg.nameRequired),
  })
  .superRefine((t, ctx) => {
    if (t.kind === 'dict' && !/^[A-Za-z][A-Za-z0-9_]*$/.test(t.code))
      ctx.addIssue({ code: 'custom', path: ['code'], message: DictMsg.codeInvalid });
    if (t.kind === 'code' && !/^[1-9][0-9]{0,3}$/.test(t.code))
      ctx.addIssue({ code: 'custom', path: ['code'], message: DictMsg.codeTypeInvalid });
  });
export type DictTypeSaveInput = z.infer<typeof dictTypeSaveSchema>;

export const dictTypeIdSchema = z.object({ typeId: idField(DictMsg.typeNotFound) });
export const dictItemSaveSchema = z.object({
  typeId: idField(DictMsg.typeNotFound),
  itemId: optionalId(DictMsg.itemNotFound),
  value: requiredText(dictText.value, DictMsg.valueRequired),
  name: requiredText(dictText.itemName, DictMsg.itemNameRequired),
  sort: intWithDefault('排序有误', 0, { min: 0, max: 9999 }),
});
export type DictItemSaveInput = z.infer<typeof dictItemSaveSchema>;
export const dictItemIdSchema = z.object({ itemId: idField(DictMsg.itemNotFound) });

/** The approval forms' lookups (approvals.md 7). */
export const dictLookupSchema = z.object({ dictCode: requiredText(dictText.code, DictMsg.codeRequired) });
export const codeLookupSchema = z.object({
  codeType: intWithDefault(DictMsg.codeTypeInvalid, 0, { min: 1, max: 9999 }),
});
/** Position transfer: 1 departments, 2 posts, 3 leaders. */
export const adjustOptionsSchema = z.object({ type: intEnum([1, 2, 3] as const, '选项类型有误') });
