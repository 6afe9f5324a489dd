import type { FormType } from './field-types.ts';

/**
 * The shape of a number field's value: how many digits before and after the point, and whether
 * it may carry a sign. One rule per kind of number drives both the check of a finished value
 * (validate.ts, on the server and in forms) and what an input lets a person type at all.
 */
export type NumericRule = {
  integerDigits: number;
  fractionDigits: number;
  signed: boolean;
  /** The field type whose digit counts these are: its message (FieldMsg) tells a broken value. */
  digitsOf: 'number' | 'floatnumber';
};

/** formType number (数字): up to 12 integer and 4 decimal digits, as the original's validators. */
export const numberRule: NumericRule = { integerDigits: 12, fractionDigits: 4, signed: true, digitsOf: 'number' };
/** formType floatnumber (货币): up to 10 integer and 2 decimal digits. */
export const moneyRule: NumericRule = { integerDigits: 10, fractionDigits: 2, signed: true, digitsOf: 'floatnumber' };
/** The cost cells of an expense item: money that cannot be negative. */
export const costRule: NumericRule = { ...moneyRule, signed: false };
/** The days of a trip item: a number that cannot be negative. */
export const daysRule: NumericRule = { ...numberRule, signed: false };

const sign = (rule: NumericRule) => (rule.signed ? '[-+]?' : '');

/** A finished value that obeys the rule: `-12.5`, not `12.`, `.5` or `1e3`. */
export function numericPattern(rule: NumericRule): RegExp {
  return new RegExp(`^${sign(rule)}\\d{1,${rule.integerDigits}}(\\.\\d{1,${rule.fractionDigits}})?$`);
}

/**
 * Text on its way to such a value, as a person types it: an optional sign (when the rule has
 * one), digits and at most one point, in that order. Letters, spaces, a second point or a sign
 * in the middle never are. Digit counts are left to the finished check, whose message says them.
 */
export function isNumericDraft(rule: NumericRule, text: string): boolean {
  return new RegExp(`^${sign(rule)}\\d*(\\.\\d*)?$`).test(text);
}

/** The rule of a number-valued field type; undefined for every other type. */
export function numericRuleOf(formType: FormType): NumericRule | undefined {
  return formType === 'number' ? numberRule : formType === 'floatnumber' ? moneyRule : undefined;
}
