import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './field-types.ts';
import { fieldDefinitionSchema } from './field-types.ts';
import { expenseSubtotal, FieldMsg, validateFieldValue } from './validate.ts';

const field = (formType: FieldDefinition['formType'], extra: Partial<FieldDefinition> = {}) => ({
  name: '金额',
  formType,
  isNull: 0,
  options: [] as string[],
  ...extra,
});

const expense = {
  startAddress: '成都',
  endAddress: '北京',
  startTime: '2026-11-01',
  endTime: '2026-11-03',
  traffic: 1200,
  stay: 600,
  diet: 150,
  other: 0,
};
const trip = {
  vehicle: '飞机',
  trip: '往返',
  startAddress: '成都',
  endAddress: '北京',
  startTime: '2026-11-01 08:00',
  endTime: '2026-11-03 20:00',
  duration: 3,
};

describe('validateFieldValue', () => {
  it.each([
    ['number', '123456789012', null],
    ['number', '-12.5', null],
    ['number', '1234.5678', null],
    ['number', '1234567890123', '数字的整数部分须少于12位，小数部分须少于4位'],
    ['number', '1.23456', '数字的整数部分须少于12位，小数部分须少于4位'],
    ['number', 'abc', '数字的整数部分须少于12位，小数部分须少于4位'],
    ['floatnumber', '1234567890.12', null],
    ['floatnumber', '12345678901', '货币的整数部分须少于10位，小数部分须少于2位'],
    ['floatnumber', '1.234', '货币的整数部分须少于10位，小数部分须少于2位'],
    ['mobile', '13800000000', null],
    ['mobile', '+86 13800000000', null],
    ['mobile', '12ab', '手机格式有误'],
    ['email', 'a.b@example.com', null],
    ['email', 'a@b', '邮箱格式有误'],
    ['email', 'x@example.toolong', '邮箱格式有误'],
    ['text', 'x'.repeat(200), null],
    ['text', 'x'.repeat(201), '金额不能超过200个字符'],
    ['date', '2026-11-22', null],
  ] as const)('%s %j → %s', (formType, value, msg) => {
    expect(validateFieldValue(field(formType), value)).toBe(msg);
  });

  it.each(['number', 'floatnumber', 'mobile', 'email', 'examine_cause'] as const)(
    'an empty %s passes unless required',
    (formType) => {
      expect(validateFieldValue(field(formType), '')).toBeNull();
      expect(validateFieldValue(field(formType), null)).toBeNull();
      expect(validateFieldValue(field(formType, { isNull: 1 }), '')).toBe('金额不能为空');
    },
  );

  it('select and checkbox values must be among the options', () => {
    const opts = { options: ['A', 'B'] };
    expect(validateFieldValue(field('select', opts), 'A')).toBeNull();
    expect(validateFieldValue(field('select', opts), 'C')).toBe(FieldMsg.option);
    expect(validateFieldValue(field('checkbox', opts), 'A,B')).toBeNull();
    expect(validateFieldValue(field('checkbox', opts), ['A', 'C'])).toBe(FieldMsg.option);
  });

  it('expense and trip rows need every listed field: 请完善明细', () => {
    expect(validateFieldValue(field('examine_cause'), [expense])).toBeNull();
    expect(validateFieldValue(field('examine_cause'), [expense, { ...expense, endAddress: '' }])).toBe('请完善明细');
    expect(validateFieldValue(field('business_cause'), [trip])).toBeNull();
    expect(validateFieldValue(field('business_cause'), [{ ...trip, vehicle: undefined }])).toBe('请完善明细');
    expect(validateFieldValue(field('business_cause'), [{ ...trip, description: 'x'.repeat(201) }])).toBe(
      FieldMsg.description,
    );
  });
});

describe('expenseSubtotal', () => {
  it.each([
    [{ traffic: 0.1, stay: 0.2, diet: 0, other: 0 }, 0.3],
    [{ traffic: '1200', stay: '600.5', diet: 150, other: '' }, 1950.5],
    [{}, 0],
  ])('%j → %d', (item, total) => expect(expenseSubtotal(item)).toBe(total));
});

describe('fieldDefinitionSchema', () => {
  it('requires options for select and checkbox', () => {
    const r = fieldDefinitionSchema.safeParse({ name: '类型', formType: 'select', options: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('请为选项类字段设置至少一个选项');
  });
  it('refuses unknown form types', () => {
    expect(fieldDefinitionSchema.safeParse({ name: 'x', formType: 'script' }).error?.issues[0]?.message).toBe(
      '字段类型有误',
    );
  });
});
