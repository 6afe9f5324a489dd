import { describe, expect, it } from 'vitest';
import { type BuiltinFormType, type FieldDefinition, fieldDefinitionSchema, formTypes } from './field-types.ts';
import { emailPattern, mobilePattern } from './patterns.ts';
import { expenseSubtotal, FieldMsg, fieldRules, normalizeFieldValues, validateFieldValue } from './validate.ts';

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

describe('normalizeFieldValues', () => {
  const when = { fieldName: 'visitAt', name: '到店时间', formType: 'datetime' as const, isNull: 0 as const };
  const note = { fieldName: 'note', name: '备注', formType: 'text' as const, isNull: 0 as const };
  it("stores a datetime as the company's local text, from ISO or local input alike", () => {
    const defs = [when, note] as FieldDefinition[];
    expect(normalizeFieldValues(defs, { visitAt: '2026-11-22T00:30:00.000Z', note: '2026-11-22T00:30:00Z' })).toEqual({
      visitAt: '2026-11-22 08:30:00',
      note: '2026-11-22T00:30:00Z',
    });
    expect(normalizeFieldValues(defs, { visitAt: '2026-11-22 08:30' })).toEqual({ visitAt: '2026-11-22 08:30:00' });
    expect(normalizeFieldValues(defs, { visitAt: '' })).toEqual({ visitAt: '' });
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
  it('refuses form types that are neither built in nor a kind’s link type', () => {
    for (const formType of ['Script', '<b>', 'a b', 7])
      expect(fieldDefinitionSchema.safeParse({ name: 'x', formType }).error?.issues[0]?.message).toBe('字段类型有误');
  });
  it('takes a link to a kind declared beside the built-in types, whose value is its records’ ids', () => {
    const parsed = fieldDefinitionSchema.parse({ name: '样品', formType: 'probe' });
    expect(validateFieldValue(parsed, '3,4')).toBeNull();
    expect(validateFieldValue(parsed, 'x')).toBe('样品格式有误');
  });
});

/** Per type: values the rule accepts and values it refuses with the message shown. */
const bad = '金额格式有误';
const cases: Record<BuiltinFormType, { ok: unknown[]; refused: [unknown, string][] }> = {
  text: {
    ok: ['x', 12, 'x'.repeat(200)],
    refused: [
      ['x'.repeat(201), '金额不能超过200个字符'],
      [{ a: 1 }, bad],
    ],
  },
  textarea: {
    ok: ['x'.repeat(200), 'a\nb'],
    refused: [
      ['x'.repeat(201), '金额不能超过200个字符'],
      [['a'], bad],
    ],
  },
  number: {
    ok: ['-12.5', 7],
    refused: [
      ['1e5', FieldMsg.number],
      [true, FieldMsg.number],
    ],
  },
  floatnumber: {
    ok: ['+10.25'],
    refused: [
      ['1.234', FieldMsg.floatnumber],
      [{}, FieldMsg.floatnumber],
    ],
  },
  mobile: {
    ok: ['13800000000', '+86 13800000000', '0086-1380000'],
    refused: [
      ['12ab', '手机格式有误'],
      ['12345', '手机格式有误'],
    ],
  },
  email: {
    ok: ['a.b@example.com'],
    refused: [
      ['a@b', '邮箱格式有误'],
      ['a b@example.com', '邮箱格式有误'],
    ],
  },
  select: {
    ok: ['A'],
    refused: [
      ['C', FieldMsg.option],
      [['A'], FieldMsg.option],
    ],
  },
  checkbox: {
    ok: ['A,B', ['B']],
    refused: [
      ['A,C', FieldMsg.option],
      [[1], FieldMsg.option],
    ],
  },
  date: {
    ok: ['2026-02-28', '2024-02-29'],
    refused: [
      ['2026-02-30', bad],
      ['2026-11-22 10:00', bad],
      [20261122, bad],
    ],
  },
  datetime: {
    ok: [
      '2026-11-22 08:30:00',
      '2026-11-22 08:30',
      '2026-11-22T23:59:59',
      // ISO with an offset, as a machine client sends it (issue 20).
      '2026-11-22T00:30:00.000Z',
      '2026-11-22T08:30:00+08:00',
    ],
    refused: [
      ['2026-11-22', bad],
      ['2026-11-22T08:30:00+25:00', bad],
      ['2026-02-30 08:00', bad],
      ['2026-11-22 24:00', bad],
      ['2026-13-01 08:00', bad],
    ],
  },
  user: {
    ok: ['1,2', 3, [4, '5']],
    refused: [
      ['1,x', bad],
      [[0], bad],
      [true, bad],
      [[1.5], bad],
    ],
  },
  structure: {
    ok: ['7'],
    refused: [
      ['-1', bad],
      [{ id: 1 }, bad],
    ],
  },
  file: {
    ok: ['3f2a9c1e-0b5d-4e7a-9c1f-2b3d4e5f6a7b'],
    refused: [
      ['../etc', bad],
      [['a'], bad],
    ],
  },
  customer: { ok: ['1,2'], refused: [['a', bad]] },
  contacts: { ok: [[1]], refused: [[[null], bad]] },
  business: { ok: ['9'], refused: [['9;1', bad]] },
  contract: { ok: [12], refused: [[-3, bad]] },
  leads: { ok: ['4'], refused: [['4,', bad]] },
  category: {
    ok: [3, '3'],
    refused: [
      ['3,4', bad],
      [[3], bad],
    ],
  },
  business_type: { ok: [1], refused: [['x', bad]] },
  business_status: { ok: ['2'], refused: [[0, bad]] },
  receivables_plan: { ok: [5], refused: [[{ id: 5 }, bad]] },
  product: {
    ok: [[{ productId: 1, num: 2 }], { product: [{ productId: '3' }], totalPrice: 10 }],
    refused: [
      [[{ num: 2 }], bad],
      ['1', bad],
    ],
  },
  map_address: {
    ok: [{ address: '成都市', detailAddress: '天府大道1号', lng: 104.06, lat: 30.57 }],
    refused: [
      ['成都市', bad],
      [{ address: 'x'.repeat(201) }, bad],
      [{ address: { a: 1 } }, bad],
    ],
  },
  examine_cause: {
    ok: [[expense]],
    refused: [
      [[{ ...expense, traffic: '' }], '请完善明细'],
      ['x', '请完善明细'],
    ],
  },
  business_cause: { ok: [[trip]], refused: [[[{ ...trip, duration: null }], '请完善明细']] },
};

describe('the rule table', () => {
  it('has a rule and test cases for every field type of the closed union', () => {
    expect(Object.keys(fieldRules).sort()).toEqual([...formTypes].sort());
    expect(Object.keys(cases).sort()).toEqual([...formTypes].sort());
  });

  describe.each(formTypes)('%s', (formType) => {
    const f = field(formType, { options: ['A', 'B'] });
    it.each(cases[formType].ok.map((v) => [v]))('accepts %j', (value) => {
      expect(validateFieldValue(f, value)).toBeNull();
    });
    it.each(cases[formType].refused)('refuses %j: %s', (value, msg) => {
      expect(validateFieldValue(f, value)).toBe(msg);
    });
    it('lets an empty value pass unless required', () => {
      expect(validateFieldValue(f, '')).toBeNull();
      expect(validateFieldValue(field(formType, { isNull: 1 }), [])).toBe('金额不能为空');
    });
  });

  it('refuses a type neither built in nor link-shaped instead of letting it through', () => {
    expect(validateFieldValue(field('Script!' as FieldDefinition['formType']), 'x')).toBe(bad);
  });
});

describe('the one mobile and email pattern', () => {
  it.each([
    ['13800000000', true],
    ['+86 13800000000', true],
    ['+8613800000000', true],
    ['12345', false],
    ['1380000000000000', false],
    ['tel13800000000', false],
  ])('mobile %s → %s', (v, ok) => expect(mobilePattern.test(v)).toBe(ok));
  it.each([
    ['a.b+c@mail.example.cn', true],
    ['x@example.toolong', false],
    ['x@@example.com', false],
  ])('email %s → %s', (v, ok) => expect(emailPattern.test(v)).toBe(ok));
});
