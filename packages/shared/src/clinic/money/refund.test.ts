import { describe, expect, it } from 'vitest';
import { checkRefund, conversionDifference, type DealMoney, refundLimit } from './refund.ts';

const deal = (d: Partial<DealMoney>): DealMoney => ({
  bought: 10,
  left: 10,
  held: 0,
  refundedSessions: 0,
  paidCash: 100_000,
  paidPrincipal: 0,
  refundedAmount: 0,
  arrearsUnpaid: 0,
  ...d,
});

describe('refundLimit: (cash + principal) × left ÷ bought − refunded − arrears', () => {
  it.each<[string, Partial<DealMoney>, number]>([
    ['nothing used', {}, 100_000],
    ['four of ten used', { left: 6 }, 60_000],
    ['cash and principal both come back', { left: 5, paidCash: 30_000, paidPrincipal: 70_000 }, 50_000],
    ['gift and coupon never come back (not part of paid)', { paidCash: 40_000 }, 40_000],
    ['unpaid arrears come off', { left: 6, arrearsUnpaid: 10_000 }, 50_000],
    ['arrears above the value: nothing', { left: 1, arrearsUnpaid: 20_000 }, 0],
    ['everything used', { left: 0 }, 0],
    ['odd fen round down', { bought: 3, left: 1, paidCash: 100 }, 33],
    ['a second refund after the first five', { left: 5, refundedSessions: 5, refundedAmount: 50_000 }, 50_000],
    ['a second refund after a generous first one', { left: 5, refundedSessions: 5, refundedAmount: 60_000 }, 40_000],
    ['nothing bought', { bought: 0, left: 0 }, 0],
    ['a 1-fen deal', { bought: 1, left: 1, paidCash: 1 }, 1],
  ])('%s', (_, d, limit) => expect(refundLimit(deal(d))).toBe(limit));

  it('part of the left sessions: that part’s share', () => {
    expect(refundLimit(deal({ left: 6 }), 3)).toBe(30_000);
    expect(refundLimit(deal({ left: 6, arrearsUnpaid: 50_000 }), 3)).toBe(10_000);
  });
});

describe('checkRefund', () => {
  it.each<[string, Partial<DealMoney>, number, number, { ok: boolean; value?: number; msg?: string }]>([
    ['within the limit', { left: 6 }, 6, 60_000, { ok: true, value: 60_000 }],
    ['less than the limit', { left: 6 }, 6, 1, { ok: true, value: 1 }],
    ['zero money (sessions only)', {}, 1, 0, { ok: true, value: 0 }],
    ['one fen above', { left: 6 }, 6, 60_001, { ok: false, msg: '退款金额超出可退金额' }],
    ['more sessions than left', { left: 2 }, 3, 1, { ok: false, msg: '剩余次数不足' }],
    ['held sessions cannot be refunded twice', { left: 2, held: 2 }, 1, 1, { ok: false, msg: '剩余次数不足' }],
    ['no sessions', {}, 0, 1, { ok: false, msg: '次数须为正整数' }],
  ])('%s', (_, d, sessions, amount, answer) => expect(checkRefund(deal(d), sessions, amount)).toEqual(answer));
});

describe('conversionDifference', () => {
  it.each([
    ['dearer target: the customer pays', 30_000, 30_000, 50_000, { toPay: 20_000, toPrincipal: 0, forfeited: 0 }],
    ['same value', 30_000, 30_000, 30_000, { toPay: 0, toPrincipal: 0, forfeited: 0 }],
    ['cheaper target: principal back', 30_000, 30_000, 10_000, { toPay: 0, toPrincipal: 20_000, forfeited: 0 }],
    [
      'cheaper, paid partly by gift: only the paid part',
      30_000,
      5_000,
      10_000,
      { toPay: 0, toPrincipal: 5_000, forfeited: 15_000 },
    ],
    ['all gift', 30_000, 0, 0, { toPay: 0, toPrincipal: 0, forfeited: 30_000 }],
    ['1 fen', 1, 1, 0, { toPay: 0, toPrincipal: 1, forfeited: 0 }],
  ])('%s', (_, left, paid, target, out) => expect(conversionDifference(left, paid, target)).toEqual(out));
});
