import { z } from 'zod';

/**
 * Field helpers that accept both JSON and form-encoded bodies (where every value is a string
 * and an empty input arrives as ""). Each takes the message a person sees when it fails. Every
 * number and text of a request schema goes through them: ids and integers are a JSON number or a
 * string of decimal digits within the database's integer range (never a boolean, an array or an
 * object, which a plain coercion would turn into 1 or 2); texts are strings (or numbers) within
 * their field's length, without control characters.
 */

/** The largest id and integer the database stores (PostgreSQL `integer`). */
export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;
/** Most ids one call may name: bounds the parameters of one SQL statement. */
export const ID_LIST_MAX = 5000;

export const NumberMsg = {
  pageInvalid: '页码有误',
  limitInvalid: '每页条数须在1到1000之间',
  tooManyIds: '一次最多选择5000项',
  pageTypeInvalid: '列表类型有误',
} as const;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const DECIMAL = /^[-+]?\d+(\.\d+)?$/;

/**
 * A number, or a string of decimal digits (as forms send it), as a number; anything else is
 * answered unchanged so the number schema refuses it. `true`, `[2]`, `"1e3"`, `"0x10"` are not numbers.
 */
export function numberOf(v: unknown): unknown {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && DECIMAL.test(v.trim())) return Number(v.trim());
  return v;
}

export type IntRange = { min?: number; max?: number };

const integer = (msg: string, { min = INT_MIN, max = INT_MAX }: IntRange = {}) =>
  z.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });

/** A required integer in [min, max] (the database's range by default); blank is missing. */
export const intField = (msg: string, range?: IntRange) =>
  z.preprocess((v) => (isBlank(v) ? undefined : numberOf(v)), integer(msg, range));

/** An optional integer: absent or blank is undefined. */
export const optionalInt = (msg: string, range?: IntRange) =>
  z.preprocess((v) => (isBlank(v) ? undefined : numberOf(v)), integer(msg, range).optional());

/** An integer that takes `fallback` when absent or blank. */
export const intWithDefault = (msg: string, fallback: number, range?: IntRange) =>
  z.preprocess((v) => (isBlank(v) ? fallback : numberOf(v)), integer(msg, range));

const ID_RANGE: IntRange = { min: 1, max: INT_MAX };

/** A required id: 1 … 2147483647. */
export const idField = (msg: string) => intField(msg, ID_RANGE);

export const optionalId = (msg: string) => optionalInt(msg, ID_RANGE);

/** A nullable id: "" / null / 0 clear it. */
export const nullableId = (msg: string) =>
  z.preprocess((v) => (isBlank(v) || v === 0 || v === '0' ? null : numberOf(v)), integer(msg, ID_RANGE).nullable());

/** "1,2,3", [1,2,3], ["1","2"] or 1 → [1,2,3]; blank is []; nested arrays and objects are refused. */
export const idList = (msg: string) =>
  z.preprocess(
    (v) => {
      if (isBlank(v)) return [];
      if (typeof v === 'string') return v.split(',').filter((s) => s.trim() !== '');
      if (typeof v === 'number') return [v];
      return v;
    },
    z
      .array(z.preprocess(numberOf, integer(msg, ID_RANGE)), { error: msg })
      .max(ID_LIST_MAX, { error: NumberMsg.tooManyIds }),
  );

/** One of a fixed set of integers; `fallback` when absent or blank, otherwise required. */
export const intEnum = <T extends readonly number[]>(values: T, msg: string, fallback?: T[number]) =>
  z
    .preprocess((v) => (isBlank(v) ? fallback : numberOf(v)), z.number({ error: msg }))
    .refine((n) => values.includes(n as T[number]), { error: msg }) as unknown as z.ZodType<T[number]>;

export const boolish = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean(),
);

export const pageFields = {
  page: intWithDefault(NumberMsg.pageInvalid, 1, { min: 1 }),
  limit: intWithDefault(NumberMsg.limitInvalid, 15, { min: 1, max: 1000 }),
  /**
   * The original client's `pageType`: 0 asks for the whole list as a plain array (read by the
   * route layer of every page answer), anything else for a page.
   */
  pageType: optionalInt(NumberMsg.pageTypeInvalid, { min: 0 }),
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a calendar day `YYYY-MM-DD` (years 1900–9999) that exists. */
export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** An optional day filter: absent or blank is undefined. */
export const optionalDay = (msg: string) =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z
      .string({ error: msg })
      .refine((v) => isDay(v), { error: msg })
      .optional(),
  );

/**
 * A text field's rule, shared by the schema and the form that edits it: its name as people see
 * it (in the messages), its longest length, and whether it may hold line breaks and tabs.
 */
export type TextRule = { label: string; max: number; multiline?: boolean };

export const TextMsg = {
  tooLong: '{label}不能超过{max}个字符',
  control: '{label}不能包含控制字符',
  invalid: '{label}格式有误',
} as const;

const fill = (template: string, rule: TextRule) =>
  template.replace('{label}', rule.label).replace('{max}', String(rule.max));

const TAB = 9;
const LF = 10;
const CR = 13;

/**
 * Whether a text holds a control character (C0 or DEL) the rule does not allow: a multi-line
 * field keeps tab, line feed and carriage return; NUL is refused everywhere (PostgreSQL cannot store it).
 */
export function hasControlChars(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c !== 0x7f) continue;
    if (multiline && (c === TAB || c === LF || c === CR)) continue;
    return true;
  }
  return false;
}

/** Whether any text in a JSON value (strings and keys, at any depth) holds a control character. */
export function jsonHasControlChars(value: unknown, multiline = true): boolean {
  if (typeof value === 'string') return hasControlChars(value, multiline);
  if (Array.isArray(value)) return value.some((v) => jsonHasControlChars(v, multiline));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([k, v]) => hasControlChars(k, multiline) || jsonHasControlChars(v, multiline));
  return false;
}

/** The message for a (trimmed) text that breaks its rule, or null: the same check for forms and server. */
export function textIssue(rule: TextRule, text: string): string | null {
  if (hasControlChars(text, rule.multiline)) return fill(TextMsg.control, rule);
  if (text.length > rule.max) return fill(TextMsg.tooLong, rule);
  return null;
}

const asText = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);

const ruledString = (rule: TextRule) =>
  z.string({ error: fill(TextMsg.invalid, rule) }).superRefine((text, ctx) => {
    const msg = textIssue(rule, text);
    if (msg) ctx.addIssue({ code: 'custom', message: msg });
  });

/** A required text: trimmed, not empty (`requiredMsg`), within its rule. */
export const requiredText = (rule: TextRule, requiredMsg: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : asText(v)),
    z
      .string({ error: fill(TextMsg.invalid, rule) })
      .min(1, { error: requiredMsg })
      .pipe(ruledString(rule)),
  );

/** An optional text: absent or null is "", otherwise trimmed and within its rule. */
export const optionalText = (rule: TextRule) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : asText(v)), ruledString(rule));

/** The search box of the lists. */
export const searchField = optionalText({ label: '搜索内容', max: 50 });

/** The input of a call that reads nothing: a body naming any field is refused (parseInput). */
export const emptyBody = z.object({});
