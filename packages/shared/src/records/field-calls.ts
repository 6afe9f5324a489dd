import { z } from 'zod';
import { apiTime } from '../contracts/common.ts';
import { fieldDefinitionSchema } from '../fields/field-types.ts';
import { batchIdPattern } from '../fields/patterns.ts';
import { idField, intEnum, optionalId } from '../schemas/fields.ts';

/**
 * The field calls of the CRM kinds (spec crm-records §5, §7 "Dynamic form", shell 7.7): the
 * definitions of a kind (`field/queryField`), the designer's list and save, the uniqueness check,
 * and the field permissions of a role for a kind.
 */
export const CrmFieldMsg = {
  labelUnknown: '该模块不支持自定义字段',
  /** Spec crm-records §5 / §8: what the form shows when the check itself fails. */
  verifyFailed: '验证出错',
  tooMany: '字段不能超过100个',
  roleRequired: '请选择角色',
  authLevelInvalid: '字段权限有误',
  fieldUnknown: '字段不存在',
  /** The kind's name field shows in pickers and titles: it cannot be hidden. */
  nameNotHidden: '{name}是名称字段，不能隐藏',
  /** A field whose access comes from role permissions (the ID image). */
  byPermission: '{name}的权限在角色权限中设置',
  readOnly: '{name}为只读字段，不能修改',
  /** Marking a field unique whose stored values already repeat (the database could not enforce it). */
  uniqueHasDuplicates: '{name}已有重复的值“{value}”，请先修改重复的记录再设为唯一',
} as const;

const labelField = z.coerce
  .number({ error: CrmFieldMsg.labelUnknown })
  .int({ error: CrmFieldMsg.labelUnknown })
  .min(1, { error: CrmFieldMsg.labelUnknown })
  .max(32767, { error: CrmFieldMsg.labelUnknown });

/** `field/queryField`: the kind by its module code; with `id` the record's values come along. */
export const queryFieldSchema = z.object({ label: labelField, id: optionalId('记录不存在') });

/** `field/save`: the designer's whole list for a kind, in order. */
export const crmFieldSaveSchema = z.object({
  label: labelField,
  fields: z.array(fieldDefinitionSchema).max(100, { error: CrmFieldMsg.tooMany }),
});

/** `field/verify` (spec §5): the field, the value, and on update the record's batch id. */
export const fieldVerifySchema = z.object({
  fieldId: idField(CrmFieldMsg.verifyFailed),
  value: z.unknown().optional(),
  batchId: z
    .string()
    .regex(batchIdPattern, { error: CrmFieldMsg.verifyFailed })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/**
 * A role's access to a field: 1 hidden, 2 read-only, 3 editable (the default, never stored).
 * A user's access is the most permissive over their roles.
 */
export const FieldAuthLevel = { hidden: 1, readOnly: 2, edit: 3 } as const;
export type FieldAuthLevel = (typeof FieldAuthLevel)[keyof typeof FieldAuthLevel];

export const fieldAuthQuerySchema = z.object({ roleId: idField(CrmFieldMsg.roleRequired), label: labelField });
export const fieldAuthSaveSchema = fieldAuthQuerySchema.extend({
  fields: z
    .array(
      z.object({
        fieldName: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, { error: CrmFieldMsg.fieldUnknown }),
        authLevel: intEnum([1, 2, 3] as const, CrmFieldMsg.authLevelInvalid),
      }),
    )
    .max(300, { error: CrmFieldMsg.tooMany }),
});

// Answers (docs/api/fields.md).

/** A stored definition: always with its id, its stable name and whether it is fixed (1) or custom (0). */
export const crmFieldSchema = fieldDefinitionSchema.safeExtend({
  fieldId: z.number().int(),
  fieldName: z.string(),
  fieldType: z.union([z.literal(0), z.literal(1)]),
});
export type CrmField = z.infer<typeof crmFieldSchema>;

/** `field/queryField`: each definition with the caller's access to it and, with `id`, the record's value. */
export const queryFieldResponse = z.array(
  crmFieldSchema.safeExtend({
    /** The caller's access; 1 (hidden) only reaches the designer, which lists every field. */
    authLevel: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    /** The options under the original WuKong client's name (its forms read `setting`). */
    setting: z.array(z.string()),
    defaultValue: z.unknown(),
    value: z.unknown().optional(),
  }),
);
export const crmFieldsResponse = z.array(crmFieldSchema);
export const fieldKindListResponse = z.array(
  z.object({
    label: z.number().int(),
    key: z.string(),
    /** `crm_<key>`: the original client's name of the kind. */
    types: z.string(),
    name: z.string(),
    nameEn: z.string(),
    /** The last change of the kind's fields; null before the first. */
    updateTime: apiTime.nullable(),
  }),
);
export const fieldAuthResponse = z.array(
  z.object({
    fieldName: z.string(),
    name: z.string(),
    formType: z.string(),
    fieldType: z.union([z.literal(0), z.literal(1)]),
    authLevel: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    /** Set by role permissions (the ID image), not by this table. */
    byPermission: z.boolean(),
  }),
);
