import { z } from 'zod';
import type { FormType } from '../fields/field-types.ts';
import { emailPattern, mobilePattern } from '../fields/patterns.ts';
import { boolish, idField, intEnum, optionalId, optionalText, requiredText, type TextRule } from '../schemas/fields.ts';
import { codeOfWord, type FixedField, type RecordKind } from './kind.ts';
import { defaultOnCreate, requiredIfFillable } from './schemas.ts';

/**
 * The save schema's fixed-field part derived from a kind's declaration: each field's rule comes
 * from its form type, `isNull`, limit (`maxLength`, else its column's length) and messages, so a
 * limit declared once is what the form, the server and the import enforce. A kind passes rules of
 * its own only for what the declaration cannot say (the customer's signing rules, money figures).
 */

/** A field's required message: declared, else `<名称>不能为空`. */
export const requiredMsgOf = (f: FixedField) => f.requiredMsg ?? `${f.name}不能为空`;
/** A field's format message (手机, 邮箱): declared, else `<名称>格式有误`. */
export const invalidMsgOf = (f: FixedField) => f.invalidMsg ?? `${f.name}格式有误`;

/** The text rule of a text-like field: its name, its limit, line breaks in a textarea. */
export function textRuleOf(f: FixedField): TextRule {
  const max = f.maxLength ?? f.column.length;
  if (max === undefined) throw new Error(`${f.fieldName}: a text field declares its limit (maxLength)`);
  return { label: f.name, max, ...(f.formType === 'textarea' ? { multiline: true } : {}) };
}

const textTypes = new Set<FormType>(['text', 'textarea', 'select', 'mobile', 'email']);
const patterns: Partial<Record<string, RegExp>> = { mobile: mobilePattern, email: emailPattern };

const numberTypes = new Set<FormType>(['number', 'floatnumber']);

/**
 * Ids of a linked record (客户名称 of a contact, 所属门店 of a customer): an integer column that is
 * no number a person types, or an id the declaration says is read as a name (`named`).
 */
const isLink = (f: FixedField) =>
  f.column.type === 'integer' &&
  (f.named !== undefined || (!textTypes.has(f.formType) && !numberTypes.has(f.formType)));

const isYesNo = (f: FixedField) => f.codes !== undefined && Object.values(f.codes).every((v) => typeof v === 'boolean');
/** A choice stored as a number code (性别 男 → 1). */
const isNumberCoded = (f: FixedField) =>
  f.codes !== undefined && Object.values(f.codes).every((v) => typeof v === 'number');

/**
 * The rule of a field for whoever fills it: a required field is required. `fill` false gives the
 * save's rule, where a field required of whoever may fill it (`fillableOnly`) is relaxed.
 */
function ruleOf(f: FixedField, fill: boolean): z.ZodType | undefined {
  const relaxed = (rule: z.ZodType) => (f.fillableOnly && !fill ? requiredIfFillable(rule) : rule);
  if (isYesNo(f)) {
    // 是/否 as a spreadsheet writes them, a boolean as the form sends it; left out, the column's
    // default (create) or the stored value (update): a hidden one is never sent.
    return defaultOnCreate(z.preprocess((v) => codeOfWord(f.codes, v), boolish));
  }
  if (isNumberCoded(f)) {
    // The code, or the word a spreadsheet holds; left out, as a 是/否 choice.
    const codes = Object.values(f.codes ?? {}) as number[];
    return defaultOnCreate(z.preprocess((v) => codeOfWord(f.codes, v), intEnum(codes, invalidMsgOf(f))));
  }
  if (isLink(f)) {
    if (f.isNull === 0) return optionalId(`${f.name}不存在`);
    return relaxed(idField(requiredMsgOf(f)));
  }
  if (textTypes.has(f.formType) && f.codes === undefined) {
    const rule = textRuleOf(f);
    const pattern = patterns[f.formType];
    const msg = invalidMsgOf(f);
    if (pattern && f.isNull === 1)
      return relaxed(requiredText(rule, requiredMsgOf(f)).refine((v) => pattern.test(v), { error: msg }));
    if (pattern) return optionalText(rule).refine((v) => v === '' || pattern.test(v), { error: msg });
    return relaxed(f.isNull === 1 ? requiredText(rule, requiredMsgOf(f)) : optionalText(rule));
  }
  return undefined;
}

/** The derived save rule of one fixed field, or undefined where the kind must give its own. */
export const fixedRuleOf = (f: FixedField): z.ZodType | undefined => ruleOf(f, false);

/**
 * What a kind's declaration gives its save's entity (`Fill` false) or its own form (`Fill` true,
 * nothing relaxed): each field's rule, typed by its declaration.
 */
export type DerivedShape<K extends RecordKind, Fill extends boolean = false> = {
  [F in K['fixedFields'][number] as F['fieldName']]: z.ZodType<RuleOutput<F, Fill>, unknown>;
};
type RuleOutput<F extends FixedField, Fill extends boolean> = F extends
  | { codes: { 是: true } }
  | { column: { type: 'boolean' } }
  ? boolean | undefined
  : F extends { codes: infer C extends Record<string, number> }
    ? C[keyof C] | undefined
    : F['column'] extends { type: 'integer' }
      ? F extends { fillableOnly: true }
        ? Fill extends true
          ? number
          : number | '' | undefined
        : F extends { isNull: 1 }
          ? number
          : number | undefined
      : F extends { fillableOnly: true }
        ? Fill extends true
          ? string
          : string | undefined
        : string;

function shapeOf(kind: RecordKind, own: z.ZodRawShape | undefined, fill: boolean) {
  const shape: Record<string, z.core.$ZodType> = {};
  for (const f of kind.fixedFields) {
    const rule = own?.[f.fieldName] ?? ruleOf(f, fill);
    if (!rule) throw new Error(`${kind.key}.${f.fieldName}: no rule derives from its declaration; the kind gives one`);
    shape[f.fieldName] = rule;
  }
  return { ...shape, ...own };
}

/**
 * The entity's fixed-field rules of a kind: derived from its declaration, with the kind's `own`
 * rules where it has them. A fixed field neither derives nor is given is a mistake in the kind's
 * module, refused when it loads (and by records/kinds.test.ts).
 */
export function fixedShape<K extends RecordKind, O extends z.ZodRawShape = Record<never, never>>(
  kind: K,
  own?: O,
): Omit<DerivedShape<K>, keyof O> & O {
  return shapeOf(kind, own, false) as Omit<DerivedShape<K>, keyof O> & O;
}

/**
 * The same rules for a kind's own form, which checks what the person fills in: a field required
 * of whoever may fill it is required there (the form relaxes the ones it shows read-only or
 * hides, `relaxFillable`); the save relaxes them all and the server requires what the user may fill.
 */
export function fillShape<K extends RecordKind, O extends z.ZodRawShape = Record<never, never>>(
  kind: K,
  own?: O,
): Omit<DerivedShape<K, true>, keyof O> & O {
  return shapeOf(kind, own, true) as Omit<DerivedShape<K, true>, keyof O> & O;
}

/**
 * A derived choice as a kind's own form starts it (a new customer is an old customer, male, not
 * signing): blank is `start`, where the save leaves it to the column's default.
 */
export const startingAt = <T>(rule: z.ZodType<T | undefined, unknown>, start: NonNullable<T>) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? start : v), rule) as unknown as z.ZodType<
    NonNullable<T>,
    unknown
  >;

/** The names of a kind's fields required of whoever may fill them. */
export type FillableName<K extends RecordKind> = Extract<K['fixedFields'][number], { fillableOnly: true }>['fieldName'];
type Relaxed<S extends z.ZodRawShape, N extends PropertyKey> = {
  [P in keyof S]: P extends N ? (S[P] extends z.ZodType ? ReturnType<typeof requiredIfFillable<S[P]>> : S[P]) : S[P];
};

/**
 * A kind's own rules (a form's) with the fields required of whoever may fill them relaxed, all of
 * them or those named in `only` (the form's hidden and read-only ones): left out or empty they
 * pass, and whoever knows the user's field access requires the rest (docs/api/fields.md).
 */
export function relaxFillable<K extends RecordKind, S extends z.ZodRawShape>(
  kind: K,
  shape: S,
  only?: Iterable<string>,
): Relaxed<S, FillableName<K>> {
  const named = only === undefined ? null : new Set(only);
  const out: Record<string, z.core.$ZodType> = { ...shape };
  for (const f of kind.fixedFields) {
    const rule = shape[f.fieldName];
    if (f.fillableOnly && rule && (named === null || named.has(f.fieldName)))
      out[f.fieldName] = requiredIfFillable(rule as z.ZodType);
  }
  return out as Relaxed<S, FillableName<K>>;
}

/**
 * The fields required of whoever may fill them (docs/api/fields.md) with their messages:
 * `ServerKind.required` and the web's required marks read this, the save relaxes the same fields.
 */
export function fillableOnlyFields(kind: RecordKind): Record<string, string> {
  return Object.fromEntries(kind.fixedFields.filter((f) => f.fillableOnly).map((f) => [f.fieldName, requiredMsgOf(f)]));
}
