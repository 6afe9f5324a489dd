import { describe, expect, it } from 'vitest';
import {
  allocateCharge,
  type ChargeInput,
  type ChargeSplit,
  cashMethods,
  checkCharge,
  checkRepay,
  checkTopUp,
  lineTotal,
  type Payment,
  sessionValues,
  spendBalance,
  tierFor,
} from './charge.ts';

describe('spendBalance: principal first, then gift', () => {
  it.each([
    [0, { principal: 100, gift: 50 }, { principal: 0, gift: 0 }],
    [80, { principal: 100, gift: 50 }, { principal: 80, gift: 0 }],
    [100, { principal: 100, gift: 50 }, { principal: 100, gift: 0 }],
    [101, { principal: 100, gift: 50 }, { principal: 100, gift: 1 }],
    [150, { principal: 100, gift: 50 }, { principal: 100, gift: 50 }],
    [30, { principal: 0, gift: 50 }, { principal: 0, gift: 30 }],
  ])('%i of %j → %j', (amount, balances, value) => expect(spendBalance(amount, balances)).toEqual({ ok: true, value }));
  it('refuses more than both balances', () =>
    expect(spendBalance(151, { principal: 100, gift: 50 })).toEqual({ ok: false, msg: '余额不足' }));
});

const base: ChargeInput = {
  payable: 10_000,
  payments: [],
  balances: { principal: 3_000, gift: 1_000 },
  couponRemaining: 500,
  arrearsAllowed: true,
};
const pay = (...payments: Payment[]) => ({ ...base, payments });

describe('checkCharge refusals', () => {
  it.each<[string, ChargeInput, string]>([
    ['a method twice', pay({ method: 'cash', amount: 1 }, { method: 'cash', amount: 2 }), '同一支付方式只能使用一次'],
    ['an amount of 0', pay({ method: 'wechat', amount: 0 }), '支付金额须大于0'],
    ['a negative amount', pay({ method: 'card', amount: -100 }), '支付金额须大于0'],
    ['a fraction of a fen', pay({ method: 'card', amount: 1.5 }), '支付金额须大于0'],
    ['an unknown method', pay({ method: 'bitcoin' as never, amount: 1 }), '支付方式有误'],
    ['principal above its balance', pay({ method: 'principal', amount: 3_001 }), '本金余额不足'],
    [
      'gift above its balance',
      pay({ method: 'principal', amount: 3_000 }, { method: 'gift', amount: 1_001 }),
      '赠金余额不足',
    ],
    [
      'gift before principal is used up',
      pay({ method: 'principal', amount: 2_999 }, { method: 'gift', amount: 1 }),
      '请先使用本金余额，再使用赠金余额',
    ],
    ['coupon above what is left', pay({ method: 'coupon', amount: 501 }), '优惠券余额不足'],
    [
      'more than payable',
      pay({ method: 'cash', amount: 9_000 }, { method: 'alipay', amount: 1_001 }),
      '实收金额超出应收金额',
    ],
    [
      'arrears where forbidden',
      { ...pay({ method: 'cash', amount: 9_999 }), arrearsAllowed: false },
      '欠款不允许，请收齐应收金额',
    ],
  ])('%s', (_, input, msg) => expect(checkCharge(input)).toEqual({ ok: false, msg }));
});

describe('checkCharge splits', () => {
  it('mixed methods with arrears', () => {
    const r = checkCharge(
      pay(
        { method: 'cash', amount: 2_000 },
        { method: 'wechat', amount: 1_500 },
        { method: 'principal', amount: 3_000 },
        { method: 'gift', amount: 1_000 },
        { method: 'coupon', amount: 500 },
      ),
    );
    expect(r).toEqual({
      ok: true,
      value: {
        cash: { cash: 2_000, wechat: 1_500, alipay: 0, card: 0 },
        cashTotal: 3_500,
        principal: 3_000,
        gift: 1_000,
        coupon: 500,
        received: 8_000,
        arrears: 2_000,
      },
    });
  });
  it('paid in full leaves no arrears, even where arrears are forbidden', () => {
    const r = checkCharge({ ...pay({ method: 'card', amount: 10_000 }), arrearsAllowed: false });
    expect(r.ok && r.value.arrears).toBe(0);
  });
  it('nothing paid: all arrears', () =>
    expect(checkCharge(base)).toMatchObject({ ok: true, value: { arrears: 10_000 } }));
  it('a free order with nothing paid', () =>
    expect(checkCharge({ ...base, payable: 0, arrearsAllowed: false })).toMatchObject({
      ok: true,
      value: { received: 0, arrears: 0 },
    }));
  it('gift alone when there is no principal', () =>
    expect(checkCharge({ ...pay({ method: 'gift', amount: 10 }), balances: { principal: 0, gift: 10 } }).ok).toBe(
      true,
    ));
});

describe('top-up, tiers and repayment', () => {
  it.each<[Payment[], number, { ok: boolean; value?: number; msg?: string }]>([
    [[{ method: 'cash', amount: 100_000 }], 0, { ok: true, value: 100_000 }],
    [
      [
        { method: 'cash', amount: 60_000 },
        { method: 'wechat', amount: 40_000 },
      ],
      0,
      { ok: true, value: 100_000 },
    ],
    [[{ method: 'cash', amount: 100 }], 1, { ok: false, msg: '顾客有欠款，请还款后充值' }],
    [[{ method: 'principal', amount: 100 }], 0, { ok: false, msg: '充值不能使用余额或优惠券支付' }],
    [[{ method: 'coupon', amount: 100 }], 0, { ok: false, msg: '充值不能使用余额或优惠券支付' }],
    [[], 0, { ok: false, msg: '请输入充值金额' }],
    [[{ method: 'card', amount: 0 }], 0, { ok: false, msg: '支付金额须大于0' }],
    [
      [
        { method: 'card', amount: 1 },
        { method: 'card', amount: 1 },
      ],
      0,
      { ok: false, msg: '同一支付方式只能使用一次' },
    ],
  ])('%j with arrears %i → %j', (payments, arrears, answer) => expect(checkTopUp(payments, arrears)).toEqual(answer));

  const tiers = [
    { min: 100_000, gift: 10_000 },
    { min: 500_000, gift: 80_000 },
    { min: 300_000, gift: 40_000 },
  ];
  it.each([
    [99_999, undefined],
    [100_000, 10_000],
    [299_999, 10_000],
    [300_000, 40_000],
    [1_000_000, 80_000],
  ])('a top-up of %i fen earns %j', (amount, gift) => expect(tierFor(amount, tiers)?.gift).toBe(gift));

  it.each([
    [100, 100, { ok: true, value: 100 }],
    [1, 100, { ok: true, value: 1 }],
    [101, 100, { ok: false, msg: '还款金额超出欠款金额' }],
    [0, 100, { ok: false, msg: '支付金额须大于0' }],
  ])('repay %i of %i → %j', (amount, arrears, answer) => expect(checkRepay(amount, arrears)).toEqual(answer));
});

const splitOf = (s: Partial<Omit<ChargeSplit, 'cash'>> & { cash?: Partial<ChargeSplit['cash']> }): ChargeSplit => {
  const cash = { cash: 0, wechat: 0, alipay: 0, card: 0, ...s.cash };
  const cashTotal = cashMethods.reduce((a, m) => a + cash[m], 0);
  const principal = s.principal ?? 0;
  const gift = s.gift ?? 0;
  const coupon = s.coupon ?? 0;
  return {
    cash,
    cashTotal,
    principal,
    gift,
    coupon,
    received: cashTotal + principal + gift + coupon,
    arrears: s.arrears ?? 0,
  };
};

describe('allocateCharge: lines add up to the order to the fen', () => {
  const cases: [string, number[], ChargeSplit][] = [
    ['one line', [10_000], splitOf({ cash: { cash: 6_000 }, principal: 3_000, arrears: 1_000 })],
    ['three equal lines, odd fen', [1, 1, 1], splitOf({ cash: { wechat: 1 }, gift: 1, arrears: 1 })],
    [
      'uneven lines, every source',
      [33_333, 1, 66_666, 0],
      splitOf({ cash: { cash: 10_001, alipay: 7 }, principal: 50_000, gift: 3_333, coupon: 1_000, arrears: 35_659 }),
    ],
    ['a small line beside big ones', [1_000, 1_000, 1], splitOf({ cash: { card: 2_000 }, arrears: 1 })],
    ['all arrears', [500, 700], splitOf({ arrears: 1_200 })],
    ['all free', [0, 0], splitOf({})],
  ];
  it.each(cases)('%s', (_, lines, split) => {
    const out = allocateCharge(lines, split);
    out.forEach((l, i) => {
      expect(lineTotal(l)).toBe(lines[i]);
      for (const v of [l.principal, l.gift, l.coupon, l.arrears, ...Object.values(l.cash)])
        expect(v).toBeGreaterThanOrEqual(0);
    });
    const total = (f: (l: (typeof out)[number]) => number) => out.reduce((s, l) => s + f(l), 0);
    expect(total((l) => l.principal)).toBe(split.principal);
    expect(total((l) => l.gift)).toBe(split.gift);
    expect(total((l) => l.coupon)).toBe(split.coupon);
    expect(total((l) => l.arrears)).toBe(split.arrears);
    for (const m of cashMethods) expect(total((l) => l.cash[m])).toBe(split.cash[m]);
  });
  it('splits each source in proportion to the lines', () => {
    const out = allocateCharge([30_000, 70_000], splitOf({ cash: { cash: 50_000 }, arrears: 50_000 }));
    expect(out.map((l) => [l.cash.cash, l.arrears])).toEqual([
      [15_000, 15_000],
      [35_000, 35_000],
    ]);
  });
  it('refuses a charge that does not match the lines', () =>
    expect(() => allocateCharge([100], splitOf({ cash: { cash: 99 } }))).toThrow(RangeError));
  it('values sessions with the remainder on the last', () => expect(sessionValues(1_000, 3)).toEqual([333, 333, 334]));
});
