import { z } from 'zod';

/**
 * The closed set of field types (formType) shared by CRM custom fields and approval-category
 * fields: one value rule, one input widget and one display per type.
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
export type FormType = (typeof formTypes)[number];

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

export const formTypesWithOptions: FormType[] = ['select', 'checkbox'];

export const fieldDefinitionSchema = z
  .object({
    fieldId: z.coerce.number().int().positive().optional(),
    /** Stable key of the value in the record's JSON. */
    fieldName: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, { error: '字段标识只能包含字母、数字和下划线' })
      .optional(),
    name: z.string().trim().min(1, { error: '请输入字段名称' }).max(30, { error: '字段名称不能超过30个字符' }),
    formType: z.enum(formTypes, { error: '字段类型有误' }),
    /** 1: required. */
    isNull: z.coerce.number().int().min(0).max(1).default(0),
    /** 1: unique among records of the kind. */
    isUnique: z.coerce.number().int().min(0).max(1).default(0),
    options: z.array(z.string().trim().min(1).max(50)).max(100).default([]),
    defaultValue: z.unknown().optional(),
    inputTips: z.string().max(100).default(''),
    maxLength: z.coerce.number().int().positive().max(10000).optional(),
  })
  .refine((f) => !formTypesWithOptions.includes(f.formType) || f.options.length > 0, {
    error: '请为选项类字段设置至少一个选项',
    path: ['options'],
  });
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;

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
