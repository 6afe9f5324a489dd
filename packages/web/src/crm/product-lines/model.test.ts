import { describe, expect, it } from 'vitest';
import {
  addProducts,
  changeLine,
  emptyProductLines,
  removeLine,
  setDiscountRate,
  setTotal,
  toSubmission,
} from './model';

const shuiguang = { productId: 1, name: '水光针', categoryName: '注射类', unit: '次', price: 980 };
const niaosuan = { productId: 2, name: '玻尿酸填充', categoryName: '注射类', unit: '支', price: 3800 };
const two = addProducts(emptyProductLines, [shuiguang, niaosuan]);

describe('the product block of a record form (crm-records §5)', () => {
  it('adds picked products at their list price, once each', () => {
    expect(two.lines.map((l) => [l.name, l.salesPrice, l.num, l.discount, l.subtotal])).toEqual([
      ['水光针', 980, 1, 0, 980],
      ['玻尿酸填充', 3800, 1, 0, 3800],
    ]);
    expect(two.totalPrice).toBe(4780);
    expect(addProducts(two, [shuiguang]).lines).toHaveLength(2);
  });

  it.each([
    ['quantity 2', { num: 2 }, { subtotal: 1960, discount: 0, salesPrice: 980 }, 5760],
    ['a sales price of 900', { salesPrice: 900 }, { subtotal: 900, discount: 8.16 }, 4700],
    ['a discount of 50%', { discount: 50 }, { subtotal: 490, salesPrice: 490 }, 4290],
  ])('a line with %s moves the others and the total', (_name, change, line, total) => {
    const v = changeLine(two, 1, change);
    expect(v.lines[0]).toMatchObject(line);
    expect(v.totalPrice).toBe(total);
  });

  it.each([
    ['a whole-order discount of 10%', (v: typeof two) => setDiscountRate(v, 10), 10, 4302],
    ['a discount above 100 kept at 100', (v: typeof two) => setDiscountRate(v, 120), 100, 0],
    ['a total of 4302 (the discount follows)', (v: typeof two) => setTotal(v, 4302), 10, 4302],
    ['a total of 4000 (discount 16.32%, the typed total kept)', (v: typeof two) => setTotal(v, 4000), 16.32, 4000],
    ['a total above the sum (the sum)', (v: typeof two) => setTotal(v, 9999), 0, 4780],
  ])('%s', (_name, edit, rate, total) => {
    const v = edit(two);
    expect([v.discountRate, v.totalPrice]).toEqual([rate, total]);
  });

  it('keeps the discount when a line goes, and sends lines and totals as the save reads them', () => {
    const v = removeLine(setDiscountRate(two, 10), 2);
    expect([v.discountRate, v.totalPrice]).toEqual([10, 882]);
    expect(toSubmission(v)).toEqual({
      product: [{ productId: 1, price: 980, salesPrice: 980, num: 1, discount: 0, subtotal: 980 }],
      totals: { totalPrice: 882, discountRate: 10 },
    });
  });
});
