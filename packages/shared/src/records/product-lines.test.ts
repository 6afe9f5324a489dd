import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  discountOf,
  discountRateOf,
  editLine,
  keepAmountTyping,
  newLine,
  productLinesError,
  productLinesSchema,
  productTotalsFields,
  round2,
  salesPriceOf,
  subtotalOf,
  sumOf,
  totalOf,
} from './product-lines.ts';

describe('product arithmetic (crm-records §5)', () => {
  it.each([
    [1.005, 1.01],
    [0.1 + 0.2, 0.3],
    [2.675, 2.68],
    [-1.005, -1.01],
    [10, 10],
  ])('round2(%s) = %s', (x, want) => expect(round2(x)).toBe(want));

  it.each([
    // price, salesPrice, discount %
    [100, 80, 20],
    [300, 299.99, 0],
    [3, 2, 33.33],
    [0, 0, 0],
    [100, 120, -20],
  ])('discount of %s sold at %s is %s%%', (price, sales, want) => expect(discountOf(price, sales)).toBe(want));

  it.each([
    [100, 20, 80],
    [199.99, 15, 169.99],
    [3, 33.33, 2],
  ])('sales price of %s at %s%% off is %s', (price, discount, want) =>
    expect(salesPriceOf(price, discount)).toBe(want),
  );

  it.each([
    [80, 3, 240],
    [19.99, 3, 59.97],
    [0.1, 0.5, 0.05],
  ])('subtotal of %s × %s is %s', (sales, num, want) => expect(subtotalOf(sales, num)).toBe(want));

  it.each([
    [[240, 59.97], 0, 299.97],
    [[240, 60], 10, 270],
    [[100], 33.33, 66.67],
    [[0.1, 0.2], 0, 0.3],
  ])('total of %j with %s%% whole-order discount is %s', (subtotals, rate, want) =>
    expect(totalOf(sumOf(subtotals), rate)).toBe(want),
  );

  it.each([
    [300, 270, 10],
    [300, 300, 0],
    [300, 0, 100],
    [300, 400, 0],
    [0, 10, 0],
    [3, 2, 33.33],
  ])('editing the total of %s to %s makes the discount %s%%', (sum, total, want) =>
    expect(discountRateOf(sum, total)).toBe(want),
  );

  it('moves the sales price with the discount and the discount with the sales price', () => {
    const line = newLine(7, 100);
    expect(line).toEqual({ productId: 7, price: 100, salesPrice: 100, num: 1, discount: 0, subtotal: 100 });
    const discounted = editLine({ ...line, num: 2 }, { discount: 25 });
    expect(discounted).toMatchObject({ salesPrice: 75, discount: 25, subtotal: 150 });
    const priced = editLine(discounted, { salesPrice: 90 });
    expect(priced).toMatchObject({ salesPrice: 90, discount: 10, subtotal: 180 });
    expect(editLine(priced, { num: 3 })).toMatchObject({ subtotal: 270 });
  });

  it.each([
    ['', '1', '1'],
    ['1', '12', '12'],
    ['12', '12.', '12.'],
    ['12.3', '12.34', '12.34'],
    ['12.34', '12.345', '12.34'],
    ['12', '12a', '12'],
    ['12', '12..', '12.'],
    ['', '-', ''],
    ['5', 'abc', '5'],
  ])('typing from %j to %j keeps %j', (prev, typed, want) => expect(keepAmountTyping(prev, typed)).toBe(want));
});

describe('the server re-check of submitted lines', () => {
  const a = { productId: 1, price: 100, salesPrice: 80, num: 3, discount: 20, subtotal: 240 };
  const b = { productId: 2, price: 20, salesPrice: 20, num: 3, discount: 0, subtotal: 60 };

  it.each([
    ['consistent lines and total', [a, b], { totalPrice: 270, discountRate: 10 }, null],
    ['no lines, nothing to pay', [], { totalPrice: 0, discountRate: 0 }, null],
    [
      'a subtotal above sales price × quantity',
      [{ ...a, subtotal: 1 }, b],
      { totalPrice: 55.8, discountRate: 10 },
      '产品小计与单价、数量不符，请重新填写',
    ],
    [
      'a discount that does not follow from the prices',
      [{ ...a, discount: 50 }, b],
      { totalPrice: 270, discountRate: 10 },
      '产品小计与单价、数量不符，请重新填写',
    ],
    ['a tampered total', [a, b], { totalPrice: 1, discountRate: 10 }, '产品合计与整单折扣不符，请重新填写'],
    [
      'a total without its discount',
      [a, b],
      { totalPrice: 270, discountRate: 0 },
      '产品合计与整单折扣不符，请重新填写',
    ],
    // 277 typed gives 7.67%, which gives 276.99 back: the typed total stands with its discount.
    ['a total typed by hand with its recomputed discount', [a, b], { totalPrice: 277, discountRate: 7.67 }, null],
    ['a typed total above the sum', [a, b], { totalPrice: 301, discountRate: 0 }, '产品合计与整单折扣不符，请重新填写'],
    ['a total with no lines', [], { totalPrice: 5, discountRate: 0 }, '产品合计与整单折扣不符，请重新填写'],
  ])('%s', (_name, lines, totals, want) => expect(productLinesError(lines, totals)).toBe(want));

  const body = z.object({ product: productLinesSchema, ...productTotalsFields });
  const first = (v: unknown) => {
    const r = body.safeParse(v);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it.each([
    ['string amounts as forms send them', { product: [{ ...a, price: '100', num: '3' }] }, null],
    ['three decimals', { product: [{ ...a, salesPrice: 80.001 }] }, '产品金额须为数字，最多两位小数'],
    ['a letter', { product: [{ ...a, price: '1e3' }] }, '产品金额须为数字，最多两位小数'],
    ['quantity zero', { product: [{ ...a, num: 0 }] }, '产品数量须大于0'],
    ['no product', { product: [{ ...a, productId: '' }] }, '请选择产品'],
    ['the same product twice', { product: [a, a] }, '同一产品不能重复添加'],
    ['a discount over 100', { product: [], discountRate: 101 }, '整单折扣须在0到100之间'],
    ['a discount with three decimals', { product: [], discountRate: 1.234 }, '整单折扣须在0到100之间'],
  ])('%s', (_name, v, want) => expect(first(v)).toBe(want));
});
