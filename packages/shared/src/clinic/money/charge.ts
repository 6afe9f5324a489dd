import { allocate, allocateWithin } from './allocate.ts';
import { type Checked, MoneyMsg, ok, refuse } from './messages.ts';

/** Money that leaves a pocket at the desk (counts as 现金业绩). */
export const cashMethods = ['cash', 'wechat', 'alipay', 'card'] as const;
export type CashMethod = (typeof cashMethods)[number];
/** Every way an order can be paid: the cash methods, the two stored balances and a coupon. */
export const payMethods = [...cashMethods, 'principal', 'gift', 'coupon'] as const;
export type PayMethod = (typeof payMethods)[number];
export const payMethodNames: Record<PayMethod, string> = {
  cash: '现金',
  wechat: '微信',
  alipay: '支付宝',
  card: '银行卡',
  principal: '本金余额',
  gift: '赠金余额',
  coupon: '优惠券',
};
/** The same in English (the web's English mode; issue 26). */
export const payMethodNamesEn: Record<PayMethod, string> = {
  cash: 'Cash',
  wechat: 'WeChat',
  alipay: 'Alipay',
  card: 'Bank card',
  principal: 'Principal balance',
  gift: 'Gift balance',
  coupon: 'Coupon',
};
export const isCashMethod = (m: PayMethod): m is CashMethod => (cashMethods as readonly string[]).includes(m);

export type Payment = { method: PayMethod; amount: number };
export type Balances = { principal: number; gift: number };

/**
 * Spending `amount` of stored balance: principal first, then gift (CLINIC.md); refused when the
 * two together fall short.
 */
export function spendBalance(amount: number, balances: Balances): Checked<Balances> {
  if (amount < 0) return refuse(MoneyMsg.paymentNotPositive);
  if (amount > balances.principal + balances.gift) return refuse(MoneyMsg.balanceShort);
  const principal = Math.min(amount, balances.principal);
  return ok({ principal, gift: amount - principal });
}

/** A sale's charge, by source. `received` is what was paid now (cash + balances + coupon). */
export type ChargeSplit = {
  cash: Record<CashMethod, number>;
  cashTotal: number;
  principal: number;
  gift: number;
  coupon: number;
  received: number;
  arrears: number;
};

export type ChargeInput = {
  payable: number;
  payments: readonly Payment[];
  balances: Balances;
  /** What is left on the coupon offered (0 when none). */
  couponRemaining: number;
  /** The order-form setting: may a charge leave arrears? */
  arrearsAllowed: boolean;
};

/**
 * The cashier's check of a sale's charge (CLINIC.md "Charging"): each method at most once and
 * above 0; principal ≤ its balance; gift only once principal is used up (principal first) and ≤ its
 * balance; coupon ≤ what is left on it; everything paid ≤ payable; the rest is arrears unless the
 * setting forbids them.
 */
export function checkCharge(input: ChargeInput): Checked<ChargeSplit> {
  const seen = new Set<PayMethod>();
  const split: ChargeSplit = {
    cash: { cash: 0, wechat: 0, alipay: 0, card: 0 },
    cashTotal: 0,
    principal: 0,
    gift: 0,
    coupon: 0,
    received: 0,
    arrears: 0,
  };
  for (const p of input.payments) {
    if (!(payMethods as readonly string[]).includes(p.method)) return refuse(MoneyMsg.methodInvalid);
    if (seen.has(p.method)) return refuse(MoneyMsg.methodRepeated);
    seen.add(p.method);
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0) return refuse(MoneyMsg.paymentNotPositive);
    if (isCashMethod(p.method)) {
      split.cash[p.method] = p.amount;
      split.cashTotal += p.amount;
    } else split[p.method] = p.amount;
  }
  if (split.principal > input.balances.principal) return refuse(MoneyMsg.principalShort);
  if (split.gift > input.balances.gift) return refuse(MoneyMsg.giftShort);
  if (split.gift > 0 && split.principal < input.balances.principal) return refuse(MoneyMsg.principalFirst);
  if (split.coupon > input.couponRemaining) return refuse(MoneyMsg.couponShort);
  split.received = split.cashTotal + split.principal + split.gift + split.coupon;
  if (split.received > input.payable) return refuse(MoneyMsg.overpaid);
  split.arrears = input.payable - split.received;
  if (split.arrears > 0 && !input.arrearsAllowed) return refuse(MoneyMsg.arrearsForbidden);
  return ok(split);
}

/**
 * A top-up (充值): paid in cash methods only, refused while the customer owes arrears, and worth
 * more than 0. Answers the principal it adds.
 */
export function checkTopUp(payments: readonly Payment[], customerArrears: number): Checked<number> {
  if (customerArrears > 0) return refuse(MoneyMsg.topUpWithArrears);
  if (payments.length === 0) return refuse(MoneyMsg.topUpEmpty);
  const seen = new Set<PayMethod>();
  let total = 0;
  for (const p of payments) {
    if (!isCashMethod(p.method)) return refuse(MoneyMsg.topUpFromBalance);
    if (seen.has(p.method)) return refuse(MoneyMsg.methodRepeated);
    seen.add(p.method);
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0) return refuse(MoneyMsg.paymentNotPositive);
    total += p.amount;
  }
  return ok(total);
}

/** A top-up tier (recharge): paying at least `min` earns `gift` gift money. */
export type TopUpTier = { min: number; gift: number };
/** The tier a top-up reaches: the one with the highest threshold not above the amount, or none. */
export function tierFor(amount: number, tiers: readonly TopUpTier[]): TopUpTier | undefined {
  let best: TopUpTier | undefined;
  for (const t of tiers) if (t.min <= amount && (!best || t.min > best.min)) best = t;
  return best;
}

/** Repaying arrears: at most what is owed. */
export function checkRepay(amount: number, arrears: number): Checked<number> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse(MoneyMsg.paymentNotPositive);
  if (amount > arrears) return refuse(MoneyMsg.repayTooMuch);
  return ok(amount);
}

/** One order line's share of a charge. Its parts add up to the line's payable. */
export type LineAllocation = {
  cash: Record<CashMethod, number>;
  principal: number;
  gift: number;
  coupon: number;
  arrears: number;
};

/**
 * Spreads a checked charge over the order's lines (payables in fen, Σ = the order's payable):
 * every source in proportion to the room each line has left, in a fixed order (coupon, gift,
 * principal, the cash methods), and the arrears last take exactly what is still open on each
 * line. So every line adds up to its payable and every source adds up to the order, to the fen.
 */
export function allocateCharge(
  linePayables: readonly number[],
  split: ChargeSplit,
  /** Coupons (issue 25, h-coupons): the lines the coupon pays for (its projects); absent: all. */
  couponLines?: readonly boolean[],
): LineAllocation[] {
  const payable = linePayables.reduce((a, b) => a + b, 0);
  if (split.received + split.arrears !== payable) throw new RangeError('charge does not match the lines');
  const room = [...linePayables];
  const out: LineAllocation[] = linePayables.map(() => ({
    cash: { cash: 0, wechat: 0, alipay: 0, card: 0 },
    principal: 0,
    gift: 0,
    coupon: 0,
    arrears: 0,
  }));
  const take = (amount: number, put: (line: LineAllocation, part: number) => void) => {
    const parts = allocateWithin(amount, room);
    parts.forEach((part, i) => {
      put(out[i] as LineAllocation, part);
      room[i] = (room[i] as number) - part;
    });
  };
  // The coupon first, and only on its lines: the other sources then fill what is left.
  const couponParts = allocateWithin(
    split.coupon,
    room.map((r, i) => (!couponLines || couponLines[i] ? r : 0)),
  );
  couponParts.forEach((part, i) => {
    (out[i] as LineAllocation).coupon = part;
    room[i] = (room[i] as number) - part;
  });
  take(split.gift, (l, p) => {
    l.gift = p;
  });
  take(split.principal, (l, p) => {
    l.principal = p;
  });
  for (const m of cashMethods)
    take(split.cash[m], (l, p) => {
      l.cash[m] = p;
    });
  room.forEach((r, i) => {
    (out[i] as LineAllocation).arrears = r;
  });
  return out;
}

/** Sum of a line allocation's parts (its payable). */
export const lineTotal = (l: LineAllocation) =>
  cashMethods.reduce((s, m) => s + l.cash[m], 0) + l.principal + l.gift + l.coupon + l.arrears;

/** A line's deal price over its sessions: the value of each session, the last carrying the remainder. */
export const sessionValues = (dealPrice: number, sessions: number) => allocate(dealPrice, Array(sessions).fill(1));
