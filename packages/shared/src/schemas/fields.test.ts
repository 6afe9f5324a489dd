import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { oaExamineSaveSchema } from './examine.ts';
import {
  idField,
  idList,
  intEnum,
  intWithDefault,
  isDay,
  nullableId,
  numberOf,
  optionalId,
  optionalText,
  pageFields,
  requiredText,
  textIssue,
} from './fields.ts';

const MSG = '员工不存在';
const parse = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? { ok: r.data } : { msg: r.error.issues[0]?.message };
};

describe('numberOf: a number, or a string of decimal digits; nothing else', () => {
  it.each([
    [7, 7],
    ['7', 7],
    [' 12 ', 12],
    ['-3', -3],
    ['1.5', 1.5],
    [true, true],
    [[2], [2]],
    ['1e3', '1e3'],
    ['0x10', '0x10'],
    ['NaN', 'NaN'],
    ['', ''],
  ])('%j → %j', (v, expected) => {
    expect(numberOf(v)).toEqual(expected);
  });
});

describe('idField', () => {
  const id = idField(MSG);
  it.each([
    [1, 1],
    ['1', 1],
    [' 42 ', 42],
    [2147483647, 2147483647],
    ['2147483647', 2147483647],
  ])('accepts %j as %j', (v, expected) => {
    expect(parse(id, v)).toEqual({ ok: expected });
  });
  it.each([
    true,
    false,
    [1],
    [[2]],
    ['1'],
    {},
    { id: 1 },
    0,
    -1,
    1.5,
    '1.5',
    2147483648,
    '2147483648',
    2 ** 53 + 2,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    'NaN',
    'abc',
    '1e3',
    '0x10',
    '',
    '  ',
    null,
    undefined,
  ])('refuses %j with its message', (v) => {
    expect(parse(id, v)).toEqual({ msg: MSG });
  });
});

describe('optional and nullable ids', () => {
  it.each(['', null, undefined, ' '])('optionalId reads %j as absent', (v) => {
    expect(parse(optionalId(MSG), v)).toEqual({ ok: undefined });
  });
  it.each([true, [3], 0, 2147483648])('optionalId refuses %j', (v) => {
    expect(parse(optionalId(MSG), v)).toEqual({ msg: MSG });
  });
  it.each([
    ['', null],
    [null, null],
    [0, null],
    ['0', null],
    ['5', 5],
  ])('nullableId reads %j as %j', (v, expected) => {
    expect(parse(nullableId(MSG), v)).toEqual({ ok: expected });
  });
  it.each([true, [5], -1, 2147483648])('nullableId refuses %j', (v) => {
    expect(parse(nullableId(MSG), v)).toEqual({ msg: MSG });
  });
});

describe('idList', () => {
  it.each([
    ['1,2,3', [1, 2, 3]],
    ['1, 2,', [1, 2]],
    [
      [1, '2'],
      [1, 2],
    ],
    [3, [3]],
    ['', []],
    [null, []],
    [undefined, []],
  ])('reads %j as %j', (v, expected) => {
    expect(parse(idList(MSG), v)).toEqual({ ok: expected });
  });
  it.each([[[[2]]], [[true]], ['a,b'], [{}], [true], [[2147483648]], [[0]], [['1e3']]])('refuses %j', (v) => {
    expect(parse(idList(MSG), v)).toEqual({ msg: MSG });
  });
  it('refuses more than 5000 ids', () => {
    expect(
      parse(
        idList(MSG),
        Array.from({ length: 5001 }, (_, i) => i + 1),
      ),
    ).toEqual({ msg: '一次最多选择5000项' });
  });
});

describe('integers with a default, enums and paging', () => {
  it.each([
    [undefined, 3],
    ['', 3],
    ['2', 2],
    [9, 9],
  ])('intWithDefault reads %j as %j', (v, expected) => {
    expect(parse(intWithDefault('登录端类型有误', 3, { min: 1, max: 9 }), v)).toEqual({ ok: expected });
  });
  it.each([true, [2], 10, 0, '2.5'])('intWithDefault refuses %j', (v) => {
    expect(parse(intWithDefault('登录端类型有误', 3, { min: 1, max: 9 }), v)).toEqual({ msg: '登录端类型有误' });
  });
  it.each([
    [undefined, { ok: 1 }],
    ['4', { ok: 4 }],
    [3, { msg: '审批操作有误' }],
    [true, { msg: '审批操作有误' }],
    [[1], { msg: '审批操作有误' }],
  ])('intEnum reads %j', (v, expected) => {
    expect(parse(intEnum([1, 2, 4] as const, '审批操作有误', 1), v)).toEqual(expected);
  });
  it.each([
    [pageFields.page, 0, '页码有误'],
    [pageFields.page, 2147483648, '页码有误'],
    [pageFields.page, [1], '页码有误'],
    [pageFields.limit, 1001, '每页条数须在1到1000之间'],
    [pageFields.limit, true, '每页条数须在1到1000之间'],
  ])('paging refuses %#', (schema, v, msg) => {
    expect(parse(schema, v)).toEqual({ msg });
  });
});

describe('texts: one rule per field, messages that name it', () => {
  const name = requiredText({ label: '部门名称', max: 5 }, '请输入部门名称');
  const remark = optionalText({ label: '备注', max: 5, multiline: true });
  it.each([
    [name, ' 销售部 ', { ok: '销售部' }],
    [name, 12, { ok: '12' }],
    [name, '', { msg: '请输入部门名称' }],
    [name, '   ', { msg: '请输入部门名称' }],
    [name, undefined, { msg: '请输入部门名称' }],
    [name, '销售一部二部', { msg: '部门名称不能超过5个字符' }],
    [name, 'a\u0000b', { msg: '部门名称不能包含控制字符' }],
    [name, 'a\nb', { msg: '部门名称不能包含控制字符' }],
    [name, 'a\tb', { msg: '部门名称不能包含控制字符' }],
    [name, 'a\u007fb', { msg: '部门名称不能包含控制字符' }],
    [name, true, { msg: '部门名称格式有误' }],
    [name, ['a'], { msg: '部门名称格式有误' }],
    [name, { a: 1 }, { msg: '部门名称格式有误' }],
    [remark, undefined, { ok: '' }],
    [remark, null, { ok: '' }],
    [remark, 'a\nb\tc', { ok: 'a\nb\tc' }],
    [remark, 'a\r\nb', { ok: 'a\r\nb' }],
    [remark, 'a\u0000', { msg: '备注不能包含控制字符' }],
    [remark, 'a\u001bb', { msg: '备注不能包含控制字符' }],
    [remark, '😀😀😀', { msg: '备注不能超过5个字符' }],
    [remark, false, { msg: '备注格式有误' }],
  ] as const)('%#: %j', (schema, v, expected) => {
    expect(parse(schema, v)).toEqual(expected);
  });
  it('textIssue gives forms the same answer as the schema', () => {
    expect(textIssue({ label: '审批内容', max: 100 }, 'x'.repeat(101))).toBe('审批内容不能超过100个字符');
    expect(textIssue({ label: '审批内容', max: 100 }, 'x'.repeat(100))).toBeNull();
  });
});

describe('the general approval texts (spec: approvals §5 General approval)', () => {
  const body = (content: string, detail: string) => ({ oaExamine: { categoryId: 1, content, detail } });
  it.each([
    ['x'.repeat(101), '详情', '审批内容不能超过100个字符'],
    ['内容', 'x'.repeat(801), '审批详情不能超过800个字符'],
    ['a\u0000', '详情', '审批内容不能包含控制字符'],
    ['第一行\n第二行', '详情', '审批内容不能包含控制字符'],
  ])('refuses %#', (content, detail, msg) => {
    expect(parse(oaExamineSaveSchema, body(content, detail))).toEqual({ msg });
  });
  it('accepts 100 and 800 characters, line breaks in the detail', () => {
    expect(oaExamineSaveSchema.safeParse(body('x'.repeat(100), `a\n${'x'.repeat(798)}`)).success).toBe(true);
  });
});

describe('isDay', () => {
  it.each([
    ['2026-11-23', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['0000-01-01', false],
    ['2026-1-1', false],
    ['2026-11-23 10:00', false],
  ])('%s → %s', (v, ok) => {
    expect(isDay(v)).toBe(ok);
  });
});
