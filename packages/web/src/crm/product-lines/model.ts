import {
  discountRateOf,
  editLine,
  newLine,
  type ProductLine,
  type ProductLineRow,
  round2,
  sumOf,
  totalOf,
} from '@crm/shared';

/**
 * The product block's value in a record form: the lines with their products' display fields and
 * the whole-order figures, always consistent by the shared arithmetic (records/product-lines.ts),
 * so what the form sends is what the server's re-check computes.
 */
export type ProductLinesValue = { lines: ProductLineRow[]; discountRate: number; totalPrice: number };

export const emptyProductLines: ProductLinesValue = { lines: [], discountRate: 0, totalPrice: 0 };

const withTotal = (lines: ProductLineRow[], discountRate: number): ProductLinesValue => ({
  lines,
  discountRate,
  totalPrice: totalOf(sumOf(lines.map((l) => l.subtotal)), discountRate),
});

/** Products picked in the picker join the table at their list price (ones already there stay as they are). */
export function addProducts(
  value: ProductLinesValue,
  picked: { productId: number; name: string; categoryName: string | null; unit: string | null; price: number }[],
): ProductLinesValue {
  const have = new Set(value.lines.map((l) => l.productId));
  const added = picked
    .filter((p) => !have.has(p.productId))
    .map((p) => ({ ...newLine(p.productId, p.price), name: p.name, categoryName: p.categoryName, unit: p.unit }));
  return withTotal([...value.lines, ...added], value.discountRate);
}

export function changeLine(
  value: ProductLinesValue,
  productId: number,
  change: Partial<Pick<ProductLine, 'salesPrice' | 'num' | 'discount'>>,
): ProductLinesValue {
  return withTotal(
    value.lines.map((l) => (l.productId === productId ? { ...l, ...editLine(l, change) } : l)),
    value.discountRate,
  );
}

export const removeLine = (value: ProductLinesValue, productId: number): ProductLinesValue =>
  withTotal(
    value.lines.filter((l) => l.productId !== productId),
    value.discountRate,
  );

export const setDiscountRate = (value: ProductLinesValue, rate: number): ProductLinesValue =>
  withTotal(value.lines, Math.min(100, Math.max(0, rate)));

/**
 * Editing the total recomputes the whole-order discount (crm-records §5). The typed total stays
 * (the server accepts a total whose recomputed discount is the one sent); one above the sum
 * becomes the sum.
 */
export function setTotal(value: ProductLinesValue, total: number): ProductLinesValue {
  const sum = sumOf(value.lines.map((l) => l.subtotal));
  const typed = round2(Math.min(Math.max(total, 0), sum));
  return { lines: value.lines, discountRate: discountRateOf(sum, typed), totalPrice: typed };
}

/** The save body's part: `product` and the entity's totalPrice and discountRate (crm-records §3). */
export const toSubmission = (value: ProductLinesValue) => ({
  product: value.lines.map(({ productId, price, salesPrice, num, discount, subtotal }) => ({
    productId,
    price,
    salesPrice,
    num,
    discount,
    subtotal,
  })),
  totals: { totalPrice: value.totalPrice, discountRate: value.discountRate },
});
