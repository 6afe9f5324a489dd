import { describe, expect, it } from 'vitest';
import { belowFloor, dealFromPercent, discountPercent, orderTotals, splitTotal } from './order-lines.ts';

describe('discount ↔ deal price in fen', () => {
  it.each([
    [88_000, 128_000, 68.75],
    [200_050, 396_000, 50.52],
    [128_000, 128_000, 100],
    [0, 128_000, 0],
    [1, 3, 33.33],
    [2, 3, 66.67],
    [500, 0, 100],
  ])('deal %i of 原价 %i is %f %%', (deal, price, percent) => {
    expect(discountPercent(deal, price)).toBe(percent);
  });

  it.each([
    [128_000, 68.75, 88_000],
    [396_000, 50.52, 200_059],
    [128_000, 100, 128_000],
    [128_000, 0, 0],
    [999, 33.33, 333],
    [1_000, 12.345, 124],
    [128_000, 120, 128_000],
    [128_000, -5, 0],
  ])('原价 %i at %f %% is %i fen', (price, percent, deal) => {
    expect(dealFromPercent(price, percent)).toBe(deal);
  });

  it('a discount typed from a deal price gives back a deal price within half a percent step', () => {
    for (const [deal, price] of [
      [88_000, 128_000],
      [123_457, 999_999],
      [1, 1_000],
    ] as const) {
      const back = dealFromPercent(price, discountPercent(deal, price));
      expect(Math.abs(back - deal)).toBeLessThanOrEqual(Math.ceil(price / 20_000));
    }
  });
});

describe('the split and the totals', () => {
  it.each([
    [[{ rate: 100 }], 100],
    [[{ rate: 60 }, { rate: 40 }], 100],
    [[{ rate: 60 }, { rate: 30 }], 90],
    [[], 0],
  ])('split %j totals %i', (sales, total) => {
    expect(splitTotal(sales)).toBe(total);
  });

  it('totals add the lines to the fen and the discount is of 原价', () => {
    expect(
      orderTotals([
        { price: 128_000, salesPrice: 88_000, dealPrice: 88_000 },
        { price: 396_000, salesPrice: 256_000, dealPrice: 200_050 },
      ]),
    ).toEqual({ price: 524_000, salesPrice: 344_000, payable: 288_050, saved: 235_950, discount: 54.97 });
    expect(orderTotals([])).toEqual({ price: 0, salesPrice: 0, payable: 0, saved: 0, discount: 100 });
  });

  it.each([
    [{ price: 1, salesPrice: 1, dealPrice: 67_999, floor: 68_000 }, true],
    [{ price: 1, salesPrice: 1, dealPrice: 68_000, floor: 68_000 }, false],
    [{ price: 1, salesPrice: 1, dealPrice: 0, floor: null }, false],
    [{ price: 1, salesPrice: 1, dealPrice: 0 }, false],
  ])('%j below the floor: %s', (line, below) => {
    expect(belowFloor(line)).toBe(below);
  });
});
