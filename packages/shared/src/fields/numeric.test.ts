import { describe, expect, it } from 'vitest';
import { costRule, isNumericDraft, moneyRule, numberRule, numericPattern, numericRuleOf } from './numeric.ts';

describe('numeric input rules', () => {
  it.each(['', '-', '+', '12', '-12', '12.', '.', '.5', '-0.25', '1234567890123.12345'])(
    'money accepts %j while typing',
    (text) => {
      expect(isNumericDraft(moneyRule, text)).toBe(true);
    },
  );

  it.each(['a', '12a', '1e3', '1.2.3', '1-2', '--1', ' 12', '12 ', '１２', '1,000', '¥12', 'NaN'])(
    'money refuses %j while typing',
    (text) => {
      expect(isNumericDraft(moneyRule, text)).toBe(false);
    },
  );

  it('an unsigned rule refuses a sign', () => {
    expect(isNumericDraft(costRule, '-1')).toBe(false);
    expect(isNumericDraft(costRule, '+1')).toBe(false);
    expect(isNumericDraft(costRule, '1.5')).toBe(true);
  });

  it('a finished value needs digits on both sides of the point, within the digit counts', () => {
    const money = numericPattern(moneyRule);
    expect(['1', '-12.5', '1234567890.12'].every((t) => money.test(t))).toBe(true);
    expect(['12.', '.5', '-', '12345678901', '1.234'].some((t) => money.test(t))).toBe(false);
    expect(numericPattern(numberRule).test('123456789012.1234')).toBe(true);
  });

  it('number and floatnumber fields have a rule, other types none', () => {
    expect(numericRuleOf('number')).toBe(numberRule);
    expect(numericRuleOf('floatnumber')).toBe(moneyRule);
    expect(numericRuleOf('mobile')).toBeUndefined();
  });
});
