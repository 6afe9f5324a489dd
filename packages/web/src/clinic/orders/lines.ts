import { dealFromPercent, discountPercent, fenToYuan, type OrderInfoLine, type Project, splitTotal } from '@crm/shared';
import type { OrderLineBody } from './api';

/** A salesperson of a line with their whole-percent share. */
export type SalesShare = { userId: number; name: string; rate: number };

/**
 * A line of the 开单 form: the project's prices per package (so a quantity change re-prices the
 * line), the deal price in fen, the settlement department and the salespeople. The server prices
 * it again from the catalogue and decides.
 */
export type FormLine = {
  key: string;
  projectId: number;
  name: string;
  sessionsEach: number;
  priceEach: number;
  salesPriceEach: number;
  quantity: number;
  dealPrice: number;
  deptId: number | null;
  salespeople: SalesShare[];
};

let seq = 0;
const nextKey = () => `line-${++seq}`;

/** A new line at 执行价, the project's settlement department, the current user selling 100 %. */
export function lineOf(p: Project, me: { userId: number; realname: string }): FormLine {
  return {
    key: nextKey(),
    projectId: p.projectId,
    name: p.name,
    sessionsEach: p.sessions,
    priceEach: p.price,
    salesPriceEach: p.salesPrice,
    quantity: 1,
    dealPrice: p.salesPrice,
    deptId: p.settleDeptId,
    salespeople: [{ userId: me.userId, name: me.realname, rate: 100 }],
  };
}

/** A saved order's line, to edit (prices per package from the line's totals). */
export function lineFromOrder(l: OrderInfoLine): FormLine {
  const q = Math.max(1, l.quantity);
  return {
    key: nextKey(),
    projectId: l.projectId ?? 0,
    name: l.name,
    sessionsEach: Math.round(l.sessions / q),
    priceEach: Math.round(l.price / q),
    salesPriceEach: Math.round(l.salesPrice / q),
    quantity: q,
    dealPrice: l.dealPrice,
    deptId: l.deptId,
    salespeople: l.salespeople.map((s) => ({ userId: s.userId, name: s.name, rate: s.rate })),
  };
}

export const linePrice = (l: FormLine) => l.priceEach * l.quantity;
export const lineSalesPrice = (l: FormLine) => l.salesPriceEach * l.quantity;
export const lineSessions = (l: FormLine) => l.sessionsEach * l.quantity;
export const lineDiscount = (l: FormLine) => discountPercent(l.dealPrice, linePrice(l));

/**
 * A new quantity scales the deal price per package (two at 2000 → one at 1000), half up to the fen;
 * going through the rounded discount instead would drift by fen.
 */
export function withQuantity(l: FormLine, quantity: number): FormLine {
  const scaled = (BigInt(l.dealPrice) * BigInt(quantity) * 2n + BigInt(l.quantity)) / (2n * BigInt(l.quantity));
  return { ...l, quantity, dealPrice: Math.min(Number(scaled), l.priceEach * quantity) };
}

/** A discount typed in percent of 原价 sets the deal price. */
export const withDiscount = (l: FormLine, percent: number): FormLine => ({
  ...l,
  dealPrice: dealFromPercent(linePrice(l), percent),
});

/** The lines a save or update sends (deal price as yuan text). */
export const lineBodies = (lines: readonly FormLine[]): OrderLineBody[] =>
  lines.map((l) => ({
    projectId: l.projectId,
    quantity: l.quantity,
    dealPrice: fenToYuan(l.dealPrice),
    deptId: l.deptId,
    salespeople: l.salespeople.map((s) => ({ userId: s.userId, rate: s.rate })),
  }));

/** Whether every line's split totals 100 (the save refuses otherwise). */
export const splitsComplete = (lines: readonly FormLine[]) => lines.every((l) => splitTotal(l.salespeople) === 100);
