import {
  type FieldDefinition,
  type FormType,
  fieldDefinitionSchema,
  formTypesWithOptions,
  validateFieldValue,
} from '@crm/shared';

/**
 * A field being designed; `uid` keeps React's identity while fields move. `fieldType` 1 marks a
 * CRM kind's fixed field (the server refuses removing or retyping it).
 */
export type DraftField = FieldDefinition & { uid: string; fieldType?: 0 | 1 };

let seq = 0;
const uid = () => `f${Date.now().toString(36)}${(seq++).toString(36)}`;

export const toDraft = (f: FieldDefinition & { fieldType?: 0 | 1 }): DraftField => ({ ...f, uid: uid() });

export function newField(formType: FormType, name: string, option = (n: number) => `选项${n}`): DraftField {
  return {
    uid: uid(),
    name,
    formType,
    isNull: 0,
    isUnique: 0,
    options: formTypesWithOptions.includes(formType) ? [option(1), option(2)] : [],
    inputTips: '',
  };
}

/** Types whose default value the designer offers (the others start empty). */
export const typesWithDefault: FormType[] = [
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
];

/** What is sent: the definition without the designer's uid; blank options and defaults dropped. */
export function toDefinition({ uid: _, fieldType: __, ...f }: DraftField): FieldDefinition {
  const options = formTypesWithOptions.includes(f.formType) ? f.options.map((o) => o.trim()).filter(Boolean) : [];
  const blank = f.defaultValue === undefined || f.defaultValue === null || f.defaultValue === '';
  return { ...f, options, defaultValue: blank || !typesWithDefault.includes(f.formType) ? undefined : f.defaultValue };
}

/**
 * The first problem of a field list, with the message the server would give: the shared
 * definition schema, duplicate names (`<name>已存在`) and a default value its own rule refuses.
 */
export function firstProblem(fields: DraftField[]): { index: number; message: string } | null {
  const seen = new Set<string>();
  for (const [index, d] of fields.entries()) {
    const f = toDefinition(d);
    const parsed = fieldDefinitionSchema.safeParse(f);
    if (!parsed.success) return { index, message: parsed.error.issues[0]?.message ?? '' };
    const name = f.name.trim();
    if (seen.has(name)) return { index, message: `${name}已存在` };
    seen.add(name);
    if (f.defaultValue !== undefined) {
      const msg = validateFieldValue({ ...f, isNull: 0 }, f.defaultValue);
      if (msg) return { index, message: `${name}：${msg}` };
    }
  }
  return null;
}

export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
