import { type Checked, MoneyMsg, ok, refuse } from './messages.ts';

/** What a deal record knows about its money and sessions (fen and counts). */
export type DealMoney = {
  bought: number;
  /** Sessions still left (held ones included: they leave only when the refund is paid out). */
  left: number;
  /** Sessions held by refunds not yet decided or paid out. */
  held: number;
  /** Sessions already refunded (paid out). */
  refundedSessions: number;
  paidCash: number;
  paidPrincipal: number;
  /** Money already refunded or held by a pending refund. */
  refundedAmount: number;
  /** Arrears of the deal not yet repaid or waived. */
  arrearsUnpaid: number;
};

/**
 * The most that may come back as money for the deal's left sessions (CLINIC.md "Refund"):
 * (cash + principal paid) × sessions ever refundable ÷ bought, less what was already refunded and
 * less the unpaid arrears; never below 0. "Sessions ever refundable" is left + already refunded, so
 * a second partial refund is not charged the first one twice. Gift and coupon money never come back.
 * For part of the left sessions (`sessions` < left − held) the limit is also that part's share.
 */
export function refundLimit(deal: DealMoney, sessions = deal.left - deal.held): number {
  if (deal.bought <= 0) return 0;
  const paid = BigInt(deal.paidCash + deal.paidPrincipal);
  const refundable = Number((paid * BigInt(deal.left + deal.refundedSessions)) / BigInt(deal.bought));
  const all = Math.max(0, refundable - deal.refundedAmount - deal.arrearsUnpaid);
  if (sessions >= deal.left - deal.held) return all;
  return Math.min(all, Number((paid * BigInt(sessions)) / BigInt(deal.bought)));
}

/** A refund request's check: whole sessions that are left and not held, an amount within the limit. */
export function checkRefund(deal: DealMoney, sessions: number, amount: number): Checked<number> {
  if (!Number.isSafeInteger(sessions) || sessions <= 0) return refuse(MoneyMsg.sessionsInvalid);
  if (sessions > deal.left - deal.held) return refuse(MoneyMsg.sessionsShort);
  if (!Number.isSafeInteger(amount) || amount < 0) return refuse(MoneyMsg.paymentNotPositive);
  if (amount > refundLimit(deal, sessions)) return refuse(MoneyMsg.refundTooMuch);
  return ok(amount);
}

/** The outcome of converting a deal's left sessions into another project. */
export type Conversion = {
  /** A positive difference: a new order the customer pays. */
  toPay: number;
  /** A negative difference: credited to principal balance. */
  toPrincipal: number;
  /** Value of gift or coupon money that does not become principal. */
  forfeited: number;
};

/**
 * Conversion (CLINIC.md): the left value moves to the target; the customer pays a positive
 * difference; a negative one goes to principal balance, but never more than the cash and principal
 * part of the left value (`leftPaid`), so gift and coupon money cannot turn into principal.
 */
export function conversionDifference(leftValue: number, leftPaid: number, targetValue: number): Conversion {
  const diff = targetValue - leftValue;
  if (diff >= 0) return { toPay: diff, toPrincipal: 0, forfeited: 0 };
  const toPrincipal = Math.min(-diff, Math.max(0, leftPaid));
  return { toPay: 0, toPrincipal, forfeited: -diff - toPrincipal };
}
