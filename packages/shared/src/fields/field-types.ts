import { z } from 'zod';
import {
  intWithDefault,
  jsonHasControlChars,
  optionalId,
  optionalInt,
  optionalText,
  requiredText,
  type TextRule,
} from '../schemas/fields.ts';

/**
 * The built-in field types (formType) shared by CRM custom fields and approval-category fields:
 * one value rule, one input widget and one display per type. Beside them a field may link to any
 * record kind declaring `link` (`LinkFormType`): the set of types is open to kinds.
 */
export const formTypes = [
  'text',
  'number',
  'floatnumber',
  'mobile',
  'email',
  'textarea',
  'select',
  'checkbox',
  'date',
  'datetime',
  'user',
  'structure',
  'file',
  'contacts',
  'customer',
  'contract',
  'business',
  'leads',
  'category',
  'business_type',
  'business_status',
  'product',
  'map_address',
  'receivables_plan',
  'examine_cause',
  'business_cause',
] as const;
export type BuiltinFormType = (typeof formTypes)[number];
declare const linkFormTypeBrand: unique symbol;
/**
 * A field linking to a record kind that is not among the built-in types (issue 27): the kind's
 * `link.formType`, a lower-case name. Its value is the linked records' ids; which names are real
 * links is the server's to say (the kinds it registers), the widgets' the declarations'.
 */
export type LinkFormType = string & { readonly [linkFormTypeBrand]: true };
export type FormType = BuiltinFormType | LinkFormType;

export const isBuiltinFormType = (t: string): t is BuiltinFormType => (formTypes as readonly string[]).includes(t);
/** A name that may be a kind's link type: lower-case, not a built-in type. */
export const isLinkFormType = (t: string): t is LinkFormType =>
  !isBuiltinFormType(t) && /^[a-z][a-z0-9_]{0,29}$/.test(t);
/** A declaration's `link.formType` as a field's type (a built-in name stays itself). */
export const linkTypeOf = (t: string): FormType => t as FormType;
// A string as the answers' reference describes it (docs/api/reference.md), typed as a link.
const linkFormTypeSchema = z
  .string()
  .refine(isLinkFormType, { error: '字段类型有误' }) as unknown as z.ZodType<LinkFormType>;
const formTypeSchema = z.union([z.enum(formTypes), linkFormTypeSchema], { error: '字段类型有误' });

/** Types an administrator can add in the field designer of an approval category. */
export const designerFormTypes: FormType[] = [
  'text',
  'textarea',
  'number',
  'floatnumber',
  'mobile',
  'email',
  'select',
  'checkbox',
  'date',
  'datetime',
  'user',
  'structure',
  'file',
  'customer',
  'contacts',
  'business',
  'contract',
  'examine_cause',
  'business_cause',
];

/** Types an administrator can add to a CRM kind (the approval-only expense and trip tables aside). */
export const crmDesignerFormTypes: FormType[] = designerFormTypes.filter(
  (t) => t !== 'examine_cause' && t !== 'business_cause',
);

export const formTypesWithOptions: FormType[] = ['select', 'checkbox'];

/** The texts of a field definition, for the schema and the field designer alike. */
export const fieldText = {
  name: { label: '字段名称', max: 30 },
  option: { label: '选项', max: 50 },
  inputTips: { label: '提示文字', max: 100 },
} as const satisfies Record<string, TextRule>;

export const FieldDefinitionMsg = {
  fieldName: '字段标识只能包含字母、数字和下划线',
  nameRequired: '请输入字段名称',
  optionRequired: '选项不能为空',
  tooManyOptions: '选项不能超过100个',
  optionsRequired: '请为选项类字段设置至少一个选项',
  maxLength: '字数上限须在1到10000之间',
  flag: '字段设置有误',
  defaultValue: '默认值不能包含控制字符',
} as const;

/** Refusals of saving a kind's whole field set ({name} is the field's name). */
export const FieldSetMsg = {
  duplicate: '{name}已存在',
  fixedNoDelete: '{name}是系统字段，不能删除',
  fixedNoRetype: '{name}是系统字段，不能修改字段类型',
} as const;

export const fieldDefinitionSchema = z
  .object({
    fieldId: optionalId(FieldDefinitionMsg.flag),
    /** Stable key of the value in the record's JSON. */
    fieldName: z
      .string({ error: FieldDefinitionMsg.fieldName })
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, { error: FieldDefinitionMsg.fieldName })
      .optional(),
    name: requiredText(fieldText.name, FieldDefinitionMsg.nameRequired),
    formType: formTypeSchema,
    /** 1: required. */
    isNull: intWithDefault(FieldDefinitionMsg.flag, 0, { min: 0, max: 1 }),
    /** 1: unique among records of the kind. */
    isUnique: intWithDefault(FieldDefinitionMsg.flag, 0, { min: 0, max: 1 }),
    options: z
      .array(requiredText(fieldText.option, FieldDefinitionMsg.optionRequired), { error: FieldDefinitionMsg.flag })
      .max(100, { error: FieldDefinitionMsg.tooManyOptions })
      .default([]),
    defaultValue: z
      .unknown()
      .refine((v) => !jsonHasControlChars(v), { error: FieldDefinitionMsg.defaultValue })
      .optional(),
    inputTips: optionalText(fieldText.inputTips),
    maxLength: optionalInt(FieldDefinitionMsg.maxLength, { min: 1, max: 10000 }),
  })
  .refine((f) => !formTypesWithOptions.includes(f.formType) || f.options.length > 0, {
    error: FieldDefinitionMsg.optionsRequired,
    path: ['options'],
  });
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;

/** The longest value of a text or textarea field: its own limit, else 200 (spec: textarea maxlength 200). */
export const textMaxOf = (field: Pick<FieldDefinition, 'maxLength'>) => field.maxLength ?? 200;

/** Rows of the expense-item widget (examine_cause). */
export type ExpenseItem = {
  startAddress: string;
  endAddress: string;
  startTime: string;
  endTime: string;
  traffic: number | string;
  stay: number | string;
  diet: number | string;
  other: number | string;
  description?: string;
  batchId?: string;
};

/** Rows of the trip-item widget (business_cause). */
export type TripItem = {
  vehicle: string;
  trip: string;
  startAddress: string;
  endAddress: string;
  startTime: string;
  endTime: string;
  duration: number | string;
  description?: string;
};

export const tripVehicles = ['飞机', '火车', '汽车', '其他'] as const;
export const tripKinds = ['单程', '往返'] as const;
