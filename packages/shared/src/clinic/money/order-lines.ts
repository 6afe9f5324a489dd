/**
 * The 开单 form's line arithmetic in whole fen (the server prices and decides; the page shows the
 * same figures while typing). Discounts are percent of 原价 with two decimals, as the order lines
 * store them.
 */

/** Deal price ÷ 原价 in percent, two decimals, half up: 880 of 1280 → 68.75. 原价 0: 100. */
export function discountPercent(dealFen: number, priceFen: number): number {
  if (priceFen <= 0) return 100;
  const hundredths = (BigInt(dealFen) * 20_000n + BigInt(priceFen)) / (2n * BigInt(priceFen));
  return Number(hundredths) / 100;
}

/** The deal price a discount gives: 原价 × percent (two decimals), half up to the fen, never above 原价. */
export function dealFromPercent(priceFen: number, percent: number): number {
  const hundredths = BigInt(Math.round(Math.max(0, Math.min(100, percent)) * 100));
  return Number((BigInt(priceFen) * hundredths * 2n + 10_000n) / 20_000n);
}

/** The salespeople's split total in percent (must be 100). */
export const splitTotal = (sales: readonly { rate: number }[]): number => sales.reduce((s, x) => s + x.rate, 0);

/** A form line's figures: prices × quantity, the deal price, and the floor when known. */
export type FormLineFigures = { price: number; salesPrice: number; dealPrice: number; floor?: number | null };

/** The order's totals: 原价, 执行价, payable (Σ deal prices), the discount given and its percent. */
export function orderTotals(lines: readonly FormLineFigures[]) {
  const price = lines.reduce((s, l) => s + l.price, 0);
  const salesPrice = lines.reduce((s, l) => s + l.salesPrice, 0);
  const payable = lines.reduce((s, l) => s + l.dealPrice, 0);
  return { price, salesPrice, payable, saved: price - payable, discount: discountPercent(payable, price) };
}

/** Whether a line's deal price is below the user's floor (the save refuses it or asks for approval). */
export const belowFloor = (line: FormLineFigures): boolean => line.floor != null && line.dealPrice < line.floor;
