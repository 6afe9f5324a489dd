import { z } from 'zod';
import type { FormType } from '../fields/field-types.ts';
import { emailPattern, mobilePattern } from '../fields/patterns.ts';
import { boolish, idField, optionalId, optionalText, requiredText, type TextRule } from '../schemas/fields.ts';
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

/** Ids of a linked record (客户名称 of a contact): the declared column is an integer. */
const isLink = (f: FixedField) => f.column.type === 'integer' && !textTypes.has(f.formType);

const isYesNo = (f: FixedField) => f.codes !== undefined && Object.values(f.codes).every((v) => typeof v === 'boolean');

/** The derived rule of one fixed field, or undefined where the kind must give its own. */
export function fixedRuleOf(f: FixedField): z.ZodType | undefined {
  if (isYesNo(f)) {
    // 是/否 as a spreadsheet writes them, a boolean as the form sends it; left out, the column's
    // default (create) or the stored value (update): a hidden one is never sent.
    return defaultOnCreate(z.preprocess((v) => codeOfWord(f.codes, v), boolish));
  }
  if (isLink(f)) {
    if (f.isNull === 0) return optionalId(`${f.name}不存在`);
    const rule = idField(requiredMsgOf(f));
    return f.fillableOnly ? requiredIfFillable(rule) : rule;
  }
  if (textTypes.has(f.formType) && f.codes === undefined) {
    const rule = textRuleOf(f);
    const pattern = patterns[f.formType];
    if (pattern) {
      if (f.isNull === 1) return undefined;
      const msg = invalidMsgOf(f);
      return optionalText(rule).refine((v) => v === '' || pattern.test(v), { error: msg });
    }
    const text = f.isNull === 1 ? requiredText(rule, requiredMsgOf(f)) : optionalText(rule);
    return f.fillableOnly ? requiredIfFillable(text) : text;
  }
  return undefined;
}

/** What a kind's declaration gives its save's entity: each field's rule, typed by its declaration. */
export type DerivedShape<K extends RecordKind> = {
  [F in K['fixedFields'][number] as F['fieldName']]: z.ZodType<RuleOutput<F>, unknown>;
};
type RuleOutput<F extends FixedField> = F extends { codes: { 是: true } }
  ? boolean | undefined
  : F['column'] extends { type: 'integer' }
    ? F extends { fillableOnly: true }
      ? number | '' | undefined
      : F extends { isNull: 1 }
        ? number
        : number | undefined
    : F extends { fillableOnly: true }
      ? string | undefined
      : string;

/**
 * The entity's fixed-field rules of a kind: derived from its declaration, with the kind's `own`
 * rules where it has them. A fixed field neither derives nor is given is a mistake in the kind's
 * module, refused when it loads (and by records/kinds.test.ts).
 */
export function fixedShape<K extends RecordKind, O extends z.ZodRawShape = Record<never, never>>(
  kind: K,
  own?: O,
): Omit<DerivedShape<K>, keyof O> & O {
  const shape: Record<string, z.core.$ZodType> = {};
  for (const f of kind.fixedFields) {
    const given = own?.[f.fieldName];
    const rule = given ?? fixedRuleOf(f);
    if (!rule) throw new Error(`${kind.key}.${f.fieldName}: no rule derives from its declaration; the kind gives one`);
    shape[f.fieldName] = rule;
  }
  return { ...shape, ...own } as Omit<DerivedShape<K>, keyof O> & O;
}

/**
 * The fields required of whoever may fill them (docs/api/fields.md) with their messages:
 * `ServerKind.required` and the web's required marks read this, the save relaxes the same fields.
 */
export function fillableOnlyFields(kind: RecordKind): Record<string, string> {
  return Object.fromEntries(kind.fixedFields.filter((f) => f.fillableOnly).map((f) => [f.fieldName, requiredMsgOf(f)]));
}
