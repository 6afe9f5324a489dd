import { z } from 'zod';
import { isDay, numberOf, optionalText, requiredText } from '../../schemas/fields.ts';
import { yuanField } from '../catalogue-yuan.ts';

/**
 * The fields a settings kind is declared with (docs/adding-a-settings-page.md). One declaration
 * gives the server its save schema and columns and the web its form widget and table column, so a
 * settings page is a list of these, never a hand-written form.
 */

type Base = {
  /** The API name of the value, and the Drizzle property of the kind's table that stores it. */
  key: string;
  label: string;
  labelEn: string;
  required?: boolean;
  /** Shown as a column of the list (singletons have no list). */
  column?: boolean;
  /** A hint under the form field, in both languages (declarations.test.ts checks both are there). */
  help?: string;
  helpEn?: string;
};

export type SettingsOption = { value: string; label: string; labelEn: string };

/** A reference to another record by id; the list answers its name beside it (`<key>Name`). */
export const refSources = ['user', 'dept', 'role', 'project', 'projectClass', 'setMeal'] as const;
export type RefSource = (typeof refSources)[number];

export type SettingsField =
  | (Base & { widget: 'text'; max: number; multiline?: boolean })
  | (Base & { widget: 'number'; min: number; max: number })
  /**
   * Yuan text in a save ("1280.50", like the catalogue's and the orders' calls), whole fen in the
   * answers, numeric(12,2) in the database (docs/clinic-money.md: one money convention).
   */
  | (Base & { widget: 'money' })
  /** An integer percent 0–100. */
  | (Base & { widget: 'percent' })
  | (Base & { widget: 'switch'; default: boolean })
  | (Base & { widget: 'select'; options: SettingsOption[]; multiple?: boolean; default?: string | string[] })
  | (Base & { widget: 'ref'; source: RefSource })
  /** Two days, `key` the first and `endKey` the last; either may be open. */
  | (Base & { widget: 'dateRange'; endKey: string; endLabel: string });

export type SettingsWidget = SettingsField['widget'];

/** A sub-table of a record (a set meal's items): its own rows, saved with the record in one transaction. */
export type SettingsItems = {
  key: string;
  label: string;
  labelEn: string;
  fields: SettingsField[];
  min: number;
  max: number;
  /** An item field no two rows may share (a project listed twice), with the refusal. */
  distinct?: { key: string; msg: string };
  /** A rule of one row (a recharge gift names a project or a set meal): the refusal, or null. */
  rowCheck?: (row: Record<string, unknown>) => string | null;
};

export const SettingsFieldMsg = {
  required: (label: string) => `请填写${label}`,
  choose: (label: string) => `请选择${label}`,
  invalid: (label: string) => `${label}有误`,
  range: (label: string, min: number, max: number) => `${label}须在${min}到${max}之间`,
  money: (label: string) => `${label}须为0到9999999999.99元之间的金额`,
  dayOrder: (from: string, to: string) => `${from}不能晚于${to}`,
  itemsCount: (label: string, min: number, max: number) =>
    min > 0 ? `${label}须有${min}到${max}项` : `${label}最多${max}项`,
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const intIn = (msg: string, min: number, max: number) =>
  z.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });

/** Optional values (a blank input) come out as null: the database column is nullable. */
const maybe = <T extends z.ZodType>(required: boolean, missing: string, inner: T) =>
  z.preprocess(
    (v) => (blank(v) ? (required ? undefined : null) : v),
    required
      ? z
          .any()
          .refine((v) => v !== undefined, { error: missing })
          .pipe(inner)
      : inner.nullable(),
  );

const day = (msg: string) => z.string({ error: msg }).refine(isDay, { error: msg });

const truthy = (v: unknown) =>
  v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v;

/** The zod schema of one field's input value. */
export function fieldSchema(f: SettingsField): Record<string, z.ZodType> {
  const required = f.required ?? false;
  switch (f.widget) {
    case 'text': {
      const rule = { label: f.label, max: f.max, multiline: f.multiline };
      return { [f.key]: required ? requiredText(rule, SettingsFieldMsg.required(f.label)) : optionalText(rule) };
    }
    case 'number':
      return {
        [f.key]: maybe(
          required,
          SettingsFieldMsg.required(f.label),
          z.preprocess(numberOf, intIn(SettingsFieldMsg.range(f.label, f.min, f.max), f.min, f.max)),
        ),
      };
    case 'percent':
      return {
        [f.key]: maybe(
          required,
          SettingsFieldMsg.required(f.label),
          z.preprocess(numberOf, intIn(SettingsFieldMsg.range(f.label, 0, 100), 0, 100)),
        ),
      };
    case 'money':
      return {
        [f.key]: maybe(required, SettingsFieldMsg.required(f.label), yuanField(SettingsFieldMsg.money(f.label))),
      };
    case 'switch':
      return {
        [f.key]: z.preprocess(
          (v) => (blank(v) ? f.default : truthy(v)),
          z.boolean({ error: SettingsFieldMsg.invalid(f.label) }),
        ),
      };
    case 'select': {
      const values = f.options.map((o) => o.value) as [string, ...string[]];
      const one = z.enum(values, { error: SettingsFieldMsg.invalid(f.label) });
      if (f.multiple)
        return {
          [f.key]: z.preprocess(
            (v) => (blank(v) ? (f.default ?? []) : typeof v === 'string' ? v.split(',') : v),
            z
              .array(one, { error: SettingsFieldMsg.invalid(f.label) })
              .max(values.length, { error: SettingsFieldMsg.invalid(f.label) })
              .transform((list) => [...new Set(list)])
              .refine((list) => !required || list.length > 0, { error: SettingsFieldMsg.choose(f.label) }),
          ),
        };
      return {
        [f.key]: z.preprocess((v) => (blank(v) ? f.default : v), required ? one : one.nullable().default(null)),
      };
    }
    case 'ref':
      return {
        [f.key]: maybe(
          required,
          SettingsFieldMsg.choose(f.label),
          z.preprocess(numberOf, intIn(SettingsFieldMsg.invalid(f.label), 1, 2_147_483_647)),
        ),
      };
    case 'dateRange':
      return {
        [f.key]: maybe(required, SettingsFieldMsg.choose(f.label), day(SettingsFieldMsg.invalid(f.label))),
        [f.endKey]: maybe(required, SettingsFieldMsg.choose(f.endLabel), day(SettingsFieldMsg.invalid(f.endLabel))),
      };
  }
}

/** The fields' schemas by key. */
export const fieldsShape = (fields: SettingsField[]): Record<string, z.ZodType> =>
  Object.assign({}, ...fields.map(fieldSchema));

/** The date ranges' order: the first day not after the last. */
export function checkRanges(fields: SettingsField[], v: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const r of fields) {
    if (r.widget !== 'dateRange') continue;
    const from = v[r.key];
    const to = v[r.endKey];
    if (typeof from === 'string' && typeof to === 'string' && from > to)
      ctx.addIssue({ code: 'custom', message: SettingsFieldMsg.dayOrder(r.label, r.endLabel), path: [r.endKey] });
  }
}

/** The schema of an object made of these fields, with the date ranges' order checked. */
export const fieldsObject = (fields: SettingsField[]) =>
  z.object(fieldsShape(fields)).superRefine((v, ctx) => checkRanges(fields, v, ctx));

/** The schema of one sub-table: its rows, their count, and the value no two rows may share. */
export function itemsSchema(items: SettingsItems) {
  const row = fieldsObject(items.fields);
  return z.preprocess(
    (v) => (blank(v) ? [] : typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.values(v) : v),
    z
      .array(row, { error: SettingsFieldMsg.invalid(items.label) })
      .min(items.min, { error: SettingsFieldMsg.itemsCount(items.label, items.min, items.max) })
      .max(items.max, { error: SettingsFieldMsg.itemsCount(items.label, items.min, items.max) })
      .superRefine((rows: Record<string, unknown>[], ctx) => {
        for (const r of rows) {
          const msg = items.rowCheck?.(r);
          if (msg) return void ctx.addIssue({ code: 'custom', message: msg });
        }
        const d = items.distinct;
        if (!d) return;
        const seen = rows.map((r) => r[d.key]).filter((x) => x !== null && x !== undefined);
        if (new Set(seen).size !== seen.length) ctx.addIssue({ code: 'custom', message: d.msg });
      }),
  );
}

/** The answer's type of one field's value (money in fen, refs with their name beside them). */
export function fieldAnswer(f: SettingsField): Record<string, z.ZodType> {
  switch (f.widget) {
    case 'text':
      return { [f.key]: z.string() };
    case 'number':
    case 'percent':
    case 'money':
      return { [f.key]: z.number().int().nullable() };
    case 'switch':
      return { [f.key]: z.boolean() };
    case 'select':
      return { [f.key]: f.multiple ? z.array(z.string()) : z.string().nullable() };
    case 'ref':
      return { [f.key]: z.number().int().nullable(), [`${f.key}Name`]: z.string() };
    case 'dateRange':
      return { [f.key]: z.string().nullable(), [f.endKey]: z.string().nullable() };
  }
}
