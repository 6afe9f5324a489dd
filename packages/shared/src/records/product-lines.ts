import { z } from 'zod';
import { idField, numberOf } from '../schemas/fields.ts';

/**
 * Product lines of a record (crm-records §3 "Product line item", §5 "Product arithmetic"): the
 * same pure functions compute the form's table and re-check the server's save, so what is stored
 * is what the arithmetic gives, never what a client claims (docs/decisions.md "Product lines").
 * Money and discounts carry 2 decimals; amounts are computed in cents so 0.1 + 0.2 stays 0.3.
 */

export const ProductLineMsg = {
  productRequired: '请选择产品',
  amountInvalid: '产品金额须为数字，最多两位小数',
  numInvalid: '产品数量须大于0',
  discountRateInvalid: '整单折扣须在0到100之间',
  tooMany: '一次最多添加200个产品',
  duplicate: '同一产品不能重复添加',
  lineTampered: '产品小计与单价、数量不符，请重新填写',
  totalTampered: '产品合计与整单折扣不符，请重新填写',
  productMissing: '产品不存在',
} as const;

/** Round to cents, half away from zero, without the float error of `x * 100` (1.005 → 1.01). */
export function round2(x: number): number {
  if (!Number.isFinite(x)) return 0;
  const sign = x < 0 ? -1 : 1;
  return (sign * Math.round(Number(`${Math.abs(x)}e2`))) / 100;
}

/** Discount percent = (standard price − sales price) / standard price × 100; 0 when the price is 0. */
export const discountOf = (price: number, salesPrice: number): number =>
  price === 0 ? 0 : round2(((price - salesPrice) / price) * 100);

/** Sales price = standard price × (100 − discount) / 100. */
export const salesPriceOf = (price: number, discount: number): number => round2((price * (100 - discount)) / 100);

/** Subtotal = sales price × quantity. */
export const subtotalOf = (salesPrice: number, num: number): number => round2(salesPrice * num);

/** Σ subtotals, in cents. */
export const sumOf = (subtotals: number[]): number =>
  round2(subtotals.reduce((s, v) => s + Math.round(v * 100), 0) / 100);

/** Total = Σ subtotals × (100 − whole-order discount) / 100. */
export const totalOf = (sum: number, discountRate: number): number => round2((sum * (100 - discountRate)) / 100);

/** Editing the total recomputes the whole-order discount: (1 − total / Σ) × 100, within 0 … 100. */
export function discountRateOf(sum: number, total: number): number {
  if (sum <= 0) return 0;
  return Math.min(100, Math.max(0, round2((1 - total / sum) * 100)));
}

/** What a line's inputs may hold while typing: digits with up to 2 decimals (crm-records §5). */
export const amountTyping = /^\d*(\.\d{0,2})?$/;

/**
 * The product table's inputs accept only digits with up to 2 decimals: when the newly typed text
 * is invalid its last character is dropped, and if that is still invalid the previous text stays.
 */
export function keepAmountTyping(previous: string, typed: string): string {
  if (amountTyping.test(typed)) return typed;
  const dropped = typed.slice(0, -1);
  return amountTyping.test(dropped) ? dropped : previous;
}

export type ProductLine = {
  productId: number;
  price: number;
  salesPrice: number;
  num: number;
  discount: number;
  subtotal: number;
};

/** A line after a change of one of its inputs: the others follow (crm-records §5). */
export function editLine(line: ProductLine, change: Partial<Pick<ProductLine, 'salesPrice' | 'num' | 'discount'>>) {
  const next = { ...line, ...change };
  if (change.discount !== undefined) next.salesPrice = salesPriceOf(next.price, next.discount);
  else if (change.salesPrice !== undefined) next.discount = discountOf(next.price, next.salesPrice);
  next.subtotal = subtotalOf(next.salesPrice, next.num);
  return next;
}

/** A new line for a picked product at its standard price, quantity 1, no discount. */
export const newLine = (productId: number, price: number): ProductLine => ({
  productId,
  price: round2(price),
  salesPrice: round2(price),
  num: 1,
  discount: 0,
  subtotal: round2(price),
});

export type ProductTotals = { totalPrice: number; discountRate: number };

/**
 * A total agrees with the whole-order discount when the discount gives it, or when it is a total
 * typed by hand whose recomputed discount is that discount (editing the total recomputes the
 * discount to 2 decimals, which cannot always give the typed total back to the cent).
 */
export function totalMatches(sum: number, totals: ProductTotals): boolean {
  const total = round2(totals.totalPrice);
  if (totalOf(sum, totals.discountRate) === total) return true;
  return total >= 0 && total <= sum && discountRateOf(sum, total) === round2(totals.discountRate);
}

/**
 * The server's re-check of a submission: each line's discount and subtotal and the total must be
 * what the arithmetic gives from the line's price, sales price and quantity and the whole-order
 * discount; answers the first mismatch's message, or null. (A discount is compared to the cent:
 * it is derived from the two prices either way.)
 */
export function productLinesError(lines: ProductLine[], totals: ProductTotals): string | null {
  for (const l of lines) {
    if (Math.abs(discountOf(l.price, l.salesPrice) - l.discount) > 0.01) return ProductLineMsg.lineTampered;
    if (subtotalOf(l.salesPrice, l.num) !== round2(l.subtotal)) return ProductLineMsg.lineTampered;
  }
  const sum = sumOf(lines.map((l) => l.subtotal));
  if (!totalMatches(sum, totals)) return ProductLineMsg.totalTampered;
  return null;
}

const TWO_DECIMALS = /^\d{1,10}(\.\d{1,2})?$/;

/** A non-negative amount with at most 2 decimals and 10 integer digits, as a number or a string. */
const amount = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg })
      .regex(TWO_DECIMALS, { error: msg })
      .transform((s) => Number(s)),
  );

/** A discount may be negative when a sales price is above the standard price. */
const signedAmount = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg })
      .regex(/^-?\d{1,10}(\.\d{1,2})?$/, { error: msg })
      .transform((s) => Number(s)),
  );

/** One line as submitted (crm-records §3: `product: [...]`); display fields (name, unit) are ignored. */
export const productLineSchema = z.object({
  productId: idField(ProductLineMsg.productRequired),
  price: amount(ProductLineMsg.amountInvalid),
  salesPrice: amount(ProductLineMsg.amountInvalid),
  num: amount(ProductLineMsg.amountInvalid).refine((n) => n > 0, { error: ProductLineMsg.numInvalid }),
  discount: signedAmount(ProductLineMsg.amountInvalid),
  subtotal: amount(ProductLineMsg.amountInvalid),
});

export const productLinesSchema = z
  .array(productLineSchema, { error: ProductLineMsg.productRequired })
  .max(200, { error: ProductLineMsg.tooMany })
  .refine((ls) => new Set(ls.map((l) => l.productId)).size === ls.length, { error: ProductLineMsg.duplicate })
  .default([]);

/** The entity's totals beside the lines: absent means no discount and the plain sum. */
export const productTotalsFields = {
  totalPrice: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    amount(ProductLineMsg.amountInvalid).optional(),
  ),
  discountRate: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : numberOf(v)),
    z
      .number({ error: ProductLineMsg.discountRateInvalid })
      .min(0, { error: ProductLineMsg.discountRateInvalid })
      .max(100, { error: ProductLineMsg.discountRateInvalid })
      .refine((n) => round2(n) === n, { error: ProductLineMsg.discountRateInvalid }),
  ),
};

/** A line as answered: the stored line and the product's display fields. */
export const productLineRowSchema = z.object({
  productId: z.number(),
  name: z.string(),
  categoryName: z.string().nullable(),
  unit: z.string().nullable(),
  price: z.number(),
  salesPrice: z.number(),
  num: z.number(),
  discount: z.number(),
  subtotal: z.number(),
});
export type ProductLineRow = z.infer<typeof productLineRowSchema>;

/** `queryProduct` (business), the contract's product list: `{list, money, discountRate}`. */
export const productLinesResponse = z.object({
  list: z.array(productLineRowSchema),
  money: z.number(),
  discountRate: z.number(),
});
export type ProductLinesAnswer = z.infer<typeof productLinesResponse>;
