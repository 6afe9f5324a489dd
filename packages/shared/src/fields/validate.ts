import { jsonHasControlChars } from '../schemas/fields.ts';
import { formatTime, parseTime } from '../time/clock.ts';
import {
  type BuiltinFormType,
  type FieldDefinition,
  isBuiltinFormType,
  isLinkFormType,
  textMaxOf,
} from './field-types.ts';
import { moneyRule, numberRule, numericPattern } from './numeric.ts';
import { batchIdPattern, emailPattern, mobilePattern } from './patterns.ts';

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
  /** Dates, people, departments, files, records: the value is not of the field's kind. */
  invalid: '{name}格式有误',
} as const;

// The digit bounds live with the input rules (numeric.ts), so inputs and checks agree.
const numberPattern = numericPattern(numberRule);
const moneyPattern = numericPattern(moneyRule);
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const expenseKeys = ['startAddress', 'endAddress', 'startTime', 'endTime', 'traffic', 'stay', 'diet', 'other'] as const;
const tripKeys = ['vehicle', 'trip', 'startAddress', 'endAddress', 'startTime', 'endTime', 'duration'] as const;
/** Most ids one people, department or relation field may hold. */
const MAX_IDS = 200;
const ADDRESS_MAX = 200;

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

/** A real calendar date (no 2026-02-30). */
function isCalendarDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

const isId = (v: unknown) =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) || (typeof v === 'string' && /^[1-9]\d{0,15}$/.test(v));

/** Ids as the forms send them: a comma list ("1,2"), one id, or an array of ids. */
function isIdList(value: unknown): boolean {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return items.length <= MAX_IDS && items.every(isId);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

type Field = Pick<FieldDefinition, 'name' | 'formType' | 'isNull' | 'options' | 'maxLength'>;
/** The rule of one type, for a non-empty value. */
type Rule = (value: unknown, field: Field) => string | null;

const pattern =
  (re: RegExp, msg: string): Rule =>
  (value) =>
    (typeof value === 'string' || typeof value === 'number') && re.test(String(value)) ? null : msg;
const invalid = (field: Field) => fill(FieldMsg.invalid, { name: field.name });
// Both text types hold textMaxOf (200 unless the field sets its own), as the forms' maxLength.
const textRule: Rule = (value, field) => {
  if (typeof value !== 'string' && typeof value !== 'number') return invalid(field);
  const max = textMaxOf(field);
  return String(value).length <= max ? null : fill(FieldMsg.tooLong, { name: field.name, max });
};
const dateRule =
  (re: RegExp): Rule =>
  (value, field) => {
    const m = typeof value === 'string' ? re.exec(value) : null;
    return m && isCalendarDate(m[1]!, m[2]!, m[3]!) ? null : invalid(field);
  };
const ids: Rule = (value, field) => (isIdList(value) ? null : invalid(field));
const oneId: Rule = (value, field) => (isId(value) ? null : invalid(field));

/**
 * The one table of value rules, keyed by the closed union: adding a type to `formTypes` does not
 * compile until it has a rule here (no silent default).
 */
export const fieldRules: Record<BuiltinFormType, Rule> = {
  text: textRule,
  textarea: textRule,
  number: pattern(numberPattern, FieldMsg.number),
  floatnumber: pattern(moneyPattern, FieldMsg.floatnumber),
  mobile: pattern(mobilePattern, FieldMsg.mobile),
  email: pattern(emailPattern, FieldMsg.email),
  select: (value, field) => (typeof value === 'string' && field.options.includes(value) ? null : FieldMsg.option),
  checkbox: (value, field) => {
    const chosen = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    return chosen.every((c) => typeof c === 'string' && field.options.includes(c)) ? null : FieldMsg.option;
  },
  date: dateRule(datePattern),
  // The forms' local `yyyy-MM-dd HH:mm:ss` (or `HH:mm`) in the company zone, or ISO with an offset.
  datetime: (value, field) => (typeof value === 'string' && parseTime(value.trim()) ? null : invalid(field)),
  // People and departments: comma-joined ids from the pickers.
  user: ids,
  structure: ids,
  // A file field holds the batch its uploads share.
  file: (value, field) => (typeof value === 'string' && batchIdPattern.test(value) ? null : invalid(field)),
  // Relations to CRM records: their ids.
  customer: ids,
  contacts: ids,
  business: ids,
  contract: ids,
  leads: ids,
  // CRM choices of one record.
  category: oneId,
  business_type: oneId,
  business_status: oneId,
  receivables_plan: oneId,
  // Product lines: rows naming a product each.
  product: (value, field) => {
    const rows = isPlainObject(value) && Array.isArray(value.product) ? value.product : value;
    return Array.isArray(rows) && rows.every((r) => isPlainObject(r) && isId(r.productId)) ? null : invalid(field);
  },
  // An address picked on the map: text parts of bounded length, coordinates as numbers.
  map_address: (value, field) =>
    isPlainObject(value) &&
    Object.values(value).every(
      (v) =>
        v === null ||
        (typeof v === 'string' && v.length <= ADDRESS_MAX) ||
        (typeof v === 'number' && Number.isFinite(v)),
    )
      ? null
      : invalid(field),
  examine_cause: (value) => {
    if (!rowsComplete(value, expenseKeys)) return FieldMsg.details;
    return descriptionsOk(value) ? null : FieldMsg.description;
  },
  business_cause: (value) => {
    if (!rowsComplete(value, tripKeys)) return FieldMsg.details;
    return descriptionsOk(value) ? null : FieldMsg.description;
  },
};

export function validateFieldValue(field: Field, value: unknown): string | null {
  if (isEmptyValue(value)) return field.isNull === 1 ? fill(FieldMsg.required, { name: field.name }) : null;
  // Line breaks only where the widget is multi-line; other control characters nowhere (NUL cannot even be stored).
  if (jsonHasControlChars(value, field.formType !== 'text')) return fill(FieldMsg.control, { name: field.name });
  // A link to a kind declared beside the built-in types holds its records' ids (the server
  // accepts such a field only for a kind it registers). Anything else unknown (old stored JSON)
  // is refused, never waved through.
  const rule = isBuiltinFormType(field.formType)
    ? fieldRules[field.formType]
    : isLinkFormType(field.formType)
      ? ids
      : undefined;
  return rule ? rule(value, field) : invalid(field);
}

/**
 * The values as stored: a datetime in the company's `yyyy-MM-dd HH:mm:ss`, whether it came as
 * local text or ISO (issue 20), so stored values compare, sort and show alike. Run after validation.
 */
export function normalizeFieldValues(
  fields: FieldDefinition[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...values };
  for (const f of fields) {
    const v = f.fieldName ? out[f.fieldName] : undefined;
    if (f.formType !== 'datetime' || typeof v !== 'string' || v.trim() === '') continue;
    const at = parseTime(v.trim());
    if (at) out[f.fieldName!] = formatTime(at);
  }
  return out;
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
