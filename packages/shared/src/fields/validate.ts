import { jsonHasControlChars } from '../schemas/fields.ts';
import { type FieldDefinition, textMaxOf } from './field-types.ts';
import { moneyRule, numberRule, numericPattern } from './numeric.ts';

/**
 * Value rules of the field types (spec: CRM records §5, approvals §5). Answers the message a
 * person sees, or null when the value is acceptable. Empty values pass the format checks; only
 * the required flag refuses them.
 */
export const FieldMsg = {
  number: '数字的整数部分须少于12位，小数部分须少于4位',
  floatnumber: '货币的整数部分须少于10位，小数部分须少于2位',
  mobile: '手机格式有误',
  email: '邮箱格式有误',
  details: '请完善明细',
  option: '选项不在可选范围内',
  tooLong: '{name}不能超过{max}个字符',
  required: '{name}不能为空',
  description: '描述不能超过200个字符',
  control: '{name}不能包含控制字符',
} as const;

// The digit bounds live with the input rules (numeric.ts), so inputs and checks agree.
const numberPattern = numericPattern(numberRule);
const moneyPattern = numericPattern(moneyRule);
const mobilePattern = /^(\+?\d{1,4}[- ]?)?\d{6,11}$/;
const emailPattern = /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,4}$/;
const expenseKeys = ['startAddress', 'endAddress', 'startTime', 'endTime', 'traffic', 'stay', 'diet', 'other'] as const;
const tripKeys = ['vehicle', 'trip', 'startAddress', 'endAddress', 'startTime', 'endTime', 'duration'] as const;

const fill = (t: string, v: Record<string, string | number>) => t.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k]));

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const rowsComplete = (rows: unknown, keys: readonly string[]) =>
  Array.isArray(rows) &&
  rows.every(
    (r) => typeof r === 'object' && r !== null && keys.every((k) => !isEmptyValue((r as Record<string, unknown>)[k])),
  );

const descriptionsOk = (rows: unknown) =>
  !Array.isArray(rows) || rows.every((r) => String((r as { description?: unknown })?.description ?? '').length <= 200);

export function validateFieldValue(
  field: Pick<FieldDefinition, 'name' | 'formType' | 'isNull' | 'options' | 'maxLength'>,
  value: unknown,
): string | null {
  if (isEmptyValue(value)) return field.isNull === 1 ? fill(FieldMsg.required, { name: field.name }) : null;
  // Line breaks only where the widget is multi-line; other control characters nowhere (NUL cannot even be stored).
  if (jsonHasControlChars(value, field.formType !== 'text')) return fill(FieldMsg.control, { name: field.name });
  const text = String(value);
  switch (field.formType) {
    case 'number':
      return numberPattern.test(text) ? null : FieldMsg.number;
    case 'floatnumber':
      return moneyPattern.test(text) ? null : FieldMsg.floatnumber;
    case 'mobile':
      return mobilePattern.test(text) ? null : FieldMsg.mobile;
    case 'email':
      return emailPattern.test(text) ? null : FieldMsg.email;
    case 'select':
      return field.options.includes(text) ? null : FieldMsg.option;
    case 'checkbox': {
      const chosen = Array.isArray(value) ? value.map(String) : text.split(',');
      return chosen.every((c) => field.options.includes(c)) ? null : FieldMsg.option;
    }
    case 'text':
    case 'textarea': {
      const max = textMaxOf(field);
      return text.length <= max ? null : fill(FieldMsg.tooLong, { name: field.name, max });
    }
    case 'examine_cause':
      if (!rowsComplete(value, expenseKeys)) return FieldMsg.details;
      return descriptionsOk(value) ? null : FieldMsg.description;
    case 'business_cause':
      if (!rowsComplete(value, tripKeys)) return FieldMsg.details;
      return descriptionsOk(value) ? null : FieldMsg.description;
    default:
      return null;
  }
}

/** Validate every field of a form; answers the first message, as the server's `msg`. */
export function firstFieldError(fields: FieldDefinition[], values: Record<string, unknown>): string | null {
  for (const f of fields) {
    const msg = validateFieldValue(f, values[f.fieldName ?? '']);
    if (msg) return msg;
  }
  return null;
}

/** Subtotal of an expense item: the sum of its four cost fields, in cents to avoid float drift. */
export function expenseSubtotal(item: { traffic?: unknown; stay?: unknown; diet?: unknown; other?: unknown }): number {
  const cents = [item.traffic, item.stay, item.diet, item.other].reduce<number>(
    (sum, v) => sum + Math.round((Number(v) || 0) * 100),
    0,
  );
  return cents / 100;
}
