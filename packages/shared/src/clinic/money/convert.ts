import { allocate, sessionsValue } from './allocate.ts';
import type { Conversion } from './refund.ts';

/** Where a deal's money came from, in fen; `unpaid` is what was waived (never received). */
export type PaidParts = { cash: number; principal: number; gift: number; coupon: number; unpaid: number };

export type DealValue = {
  dealValue: number;
  bought: number;
  left: number;
  paidCash: number;
  paidPrincipal: number;
  paidGift: number;
  paidCoupon: number;
};

const order = ['cash', 'principal', 'gift', 'coupon', 'unpaid'] as const;

/**
 * The value of `sessions` left sessions (the next ones: from bought − left, as a 划扣 takes them;
 * the last session carries the remainder) and that value split over where the deal's money came
 * from, in proportion. A conversion moves exactly these parts, so gift money stays gift money.
 */
export function leftValueParts(deal: DealValue, sessions: number): PaidParts & { value: number } {
  const value = sessionsValue(deal.dealValue, deal.bought, deal.bought - deal.left, sessions);
  return { value, ...valueParts(deal, value) };
}

/** `value` of the deal split over where its money came from, in proportion (the last part takes the fen left over). */
export function valueParts(deal: DealValue, value: number): PaidParts {
  const paid = deal.paidCash + deal.paidPrincipal + deal.paidGift + deal.paidCoupon;
  const weights = [
    deal.paidCash,
    deal.paidPrincipal,
    deal.paidGift,
    deal.paidCoupon,
    Math.max(0, deal.dealValue - paid),
  ];
  const [cash, principal, gift, coupon, unpaid] = allocate(value, weights) as [number, number, number, number, number];
  return { cash, principal, gift, coupon, unpaid };
}

/**
 * What the target deal of a conversion carries from the moved parts. A dearer or equal target
 * takes them all (its difference comes from its own order). A cheaper one gives `toPrincipal`
 * back out of cash, then principal, and forfeits the rest out of unpaid, coupon, then gift, so the
 * parts still add up to the target's value.
 */
export function targetParts(moved: PaidParts, outcome: Conversion): PaidParts {
  const out = { ...moved };
  const take = (amount: number, from: readonly (keyof PaidParts)[]) => {
    let rest = amount;
    for (const k of from) {
      const part = Math.min(rest, out[k]);
      out[k] -= part;
      rest -= part;
    }
    if (rest !== 0) throw new RangeError(`cannot take ${amount} from the moved value`);
  };
  take(outcome.toPrincipal, ['cash', 'principal']);
  take(outcome.forfeited, ['unpaid', 'coupon', 'gift', 'principal', 'cash']);
  return out;
}

export const sumParts = (p: PaidParts) => order.reduce((s, k) => s + p[k], 0);
