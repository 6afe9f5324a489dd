import { describe, expect, it } from 'vitest';
import { fenOf, numericOf } from './money.ts';

describe('amounts between numeric(12,2) and fen', () => {
  it.each([
    ['0', 0],
    ['0.00', 0],
    ['1280.5', 128050],
    ['1280.50', 128050],
    ['0.01', 1],
    ['-3.07', -307],
    ['9999999999.99', 999_999_999_999],
  ])('%s ↔ %i', (text, fen) => {
    expect(fenOf(text)).toBe(fen);
    expect(fenOf(numericOf(fen))).toBe(fen);
  });
  it('writes two decimals', () => {
    expect(numericOf(128050)).toBe('1280.50');
    expect(numericOf(-7)).toBe('-0.07');
  });
  it('refuses what is not an amount', () => {
    expect(() => fenOf('1.234')).toThrow();
    expect(() => numericOf(1.5)).toThrow();
  });
});
