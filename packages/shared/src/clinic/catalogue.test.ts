import { describe, expect, it } from 'vitest';
import { projectClassSaveSchema, projectSaveSchema, projectStatusSchema } from './catalogue.ts';
import { yuanField, yuanToFen } from './catalogue-yuan.ts';
import { fenToYuan } from './money/fen.ts';

/** The catalogue's shared rules: what the project form checks and the server parses with. */

describe('yuan to fen', () => {
  it.each([
    ['0', 0],
    ['1280', 128000],
    ['1280.5', 128050],
    ['0.05', 5],
    [' 99.90 ', 9990],
    ['9999999999.99', 999999999999],
  ])('%s yuan is %i fen', (text, fen) => {
    expect(yuanToFen(text)).toBe(fen);
  });

  it.each(['', '-1', '1.234', '1e3', '0x10', '12,5', '10000000000', 'abc', '.5'])('refuses %j', (text) => {
    expect(yuanToFen(text)).toBeNull();
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [128050, '1280.50'],
    [-1999, '-19.99'],
  ])('%i fen shows as %s', (fen, text) => {
    expect(fenToYuan(fen)).toBe(text);
  });

  it('reads numbers as forms send them without float error, and takes a fallback when blank', () => {
    const field = yuanField('金额有误', 0);
    expect(field.parse(19.9)).toBe(1990);
    expect(field.parse(0.1)).toBe(10);
    expect(field.parse('')).toBe(0);
    expect(field.safeParse('1.001').error?.issues[0]?.message).toBe('金额有误');
    expect(yuanField('金额有误').safeParse(undefined).error?.issues[0]?.message).toBe('金额有误');
  });
});

const base = { classId: 3, name: '光子嫩肤', price: '1280', salesPrice: '880', minPrice: '680', sessions: 5 };
const issue = (body: object) => projectSaveSchema.safeParse({ ...base, ...body }).error?.issues[0]?.message;

describe('the project form', () => {
  it('reads a form body into fen, switches and defaults', () => {
    const p = projectSaveSchema.parse({
      ...base,
      cost: '',
      needsVerify: '0',
      countsAsDeal: 'false',
      earnsPoints: 1,
      partIds: '4,5',
      settleDeptId: '',
    });
    expect(p).toMatchObject({
      price: 128000,
      salesPrice: 88000,
      minPrice: 68000,
      cost: 0,
      unit: '次',
      validityMonths: 0,
      needsVerify: false,
      countsAsDeal: false,
      earnsPerformance: true,
      earnsPoints: true,
      partIds: [4, 5],
      settleDeptId: null,
      enabled: true,
      sort: 0,
    });
  });

  it.each([
    ['sales price equal to the price', { salesPrice: '1280' }, undefined],
    ['minimum price equal to the sales price', { minPrice: '880' }, undefined],
    ['sales price above the price', { salesPrice: '1280.01' }, '执行价不能高于原价'],
    ['minimum price above the sales price', { minPrice: '880.01' }, '最低价不能高于执行价'],
    ['no price', { price: '' }, '原价须为不超过2位小数的非负金额'],
    ['three decimals', { salesPrice: '1.001' }, '执行价须为不超过2位小数的非负金额'],
    ['a negative minimum', { minPrice: '-1' }, '最低价须为不超过2位小数的非负金额'],
    ['0 sessions', { sessions: 0 }, '次数须为1到9999的整数'],
    ['10000 sessions', { sessions: 10000 }, '次数须为1到9999的整数'],
    ['1.5 sessions', { sessions: '1.5' }, '次数须为1到9999的整数'],
    ['600 months', { validityMonths: 600 }, undefined],
    ['601 months', { validityMonths: 601 }, '有效期须为0到600个月的整数（0为长期有效）'],
    ['no class', { classId: '' }, '请选择项目分类'],
    ['a blank name', { name: '  ' }, '请输入项目名称'],
    ['a name of 51 characters', { name: '项'.repeat(51) }, '项目名称不能超过50个字符'],
    ['a code with a space', { code: 'A 1' }, '项目编码只能包含字母、数字、横线和下划线'],
    ['a code of 31 characters', { code: 'A'.repeat(31) }, '项目编码不能超过30个字符'],
    ['a switch that is no boolean', { needsVerify: 'maybe' }, '开关取值有误'],
    ['a remark of 501 characters', { remark: 'x'.repeat(501) }, '备注不能超过500个字符'],
  ])('%s: %s', (_n, body, msg) => {
    expect(issue(body)).toBe(msg);
  });

  it('the class form and the status switch', () => {
    expect(projectClassSaveSchema.parse({ name: '光电', pid: '' })).toEqual({ name: '光电', pid: null, enabled: true });
    expect(projectClassSaveSchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('请输入分类名称');
    expect(projectStatusSchema.parse({ ids: '1,2', enabled: '0' })).toEqual({ ids: [1, 2], enabled: false });
    expect(projectStatusSchema.safeParse({ ids: '', enabled: 1 }).error?.issues[0]?.message).toBe('请选择项目');
    expect(projectStatusSchema.safeParse({ ids: '1' }).error?.issues[0]?.message).toBe('状态有误');
  });
});
