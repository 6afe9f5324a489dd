import { describe, expect, it } from 'vitest';
import { FEN_MAX, fenOf, fenToYuan, parseYuan, showFen, sumFen } from './fen.ts';

describe('parseYuan', () => {
  it.each([
    ['12.30', 1230],
    ['12.3', 1230],
    ['12', 1200],
    ['0', 0],
    ['0.01', 1],
    ['0.1', 10],
    [' 7.05 ', 705],
    ['9999999999.99', FEN_MAX],
    [12.3, 1230],
    [0.07, 7],
    [1234567.89, 123456789],
  ])('%j → %i fen', (input, fen) => expect(parseYuan(input)).toEqual({ ok: true, fen }));

  it.each([
    ['12.345', '金额须为数字，最多两位小数'],
    ['1e3', '金额须为数字，最多两位小数'],
    ['1,000', '金额须为数字，最多两位小数'],
    ['.5', '金额须为数字，最多两位小数'],
    ['abc', '金额须为数字，最多两位小数'],
    ['', '请输入金额'],
    [Number.NaN, '请输入金额'],
    ['-1', '金额不能为负数'],
    ['-0.01', '金额不能为负数'],
    ['10000000000', '金额超出上限'],
    ['99999999999.00', '金额超出上限'],
  ])('%j is refused: %s', (input, msg) => expect(parseYuan(input)).toEqual({ ok: false, msg }));

  it('names the field and applies the options', () => {
    expect(parseYuan('1.234', { label: '微信' })).toEqual({ ok: false, msg: '微信须为数字，最多两位小数' });
    expect(parseYuan('-5.5', { allowNegative: true })).toEqual({ ok: true, fen: -550 });
    expect(parseYuan('-0', { allowNegative: false })).toEqual({ ok: true, fen: 0 });
    expect(parseYuan('0', { label: '充值金额', allowZero: false })).toEqual({ ok: false, msg: '充值金额须大于0' });
  });
});

describe('fenToYuan and fenOf', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [1230, '12.30'],
    [-5, '-0.05'],
    [-123456, '-1234.56'],
    [FEN_MAX, '9999999999.99'],
  ])('%i ↔ %s', (fen, text) => {
    expect(fenToYuan(fen)).toBe(text);
    expect(fenOf(text)).toBe(fen);
  });
  it('refuses floats', () => {
    expect(() => fenToYuan(0.5)).toThrow(RangeError);
    expect(() => sumFen([1, 0.1])).toThrow(RangeError);
    expect(() => fenOf('1.234')).toThrow(RangeError);
  });
  it('shows money with the yuan sign, as the desk and the receipt print it', () =>
    expect([showFen(188_000), showFen(5), showFen(-1230)]).toEqual(['¥1880.00', '¥0.05', '¥-12.30']));
  it('reads what the database sends', () => expect([fenOf('0'), fenOf('-0.50'), fenOf(3)]).toEqual([0, -50, 300]));
  it('sums exactly where floats would not', () => {
    // 0.1 + 0.2 in yuan would be 0.30000000000000004; in fen it is 30.
    expect(sumFen([10, 20])).toBe(30);
    expect(fenToYuan(sumFen(Array(1000).fill(fenOf('0.10'))))).toBe('100.00');
  });
});
