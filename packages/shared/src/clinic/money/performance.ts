import { allocate } from './allocate.ts';
import { type Checked, MoneyMsg, ok, refuse } from './messages.ts';

/** A salesperson's share of an order line, in whole percent. */
export type SalesShare = { userId: number; rate: number };

/** The salespeople's split: someone, each once, each 1–100 %, summing to exactly 100. */
export function checkSalesSplit(split: readonly SalesShare[]): Checked<SalesShare[]> {
  if (split.length === 0) return refuse(MoneyMsg.splitEmpty);
  const users = new Set<number>();
  let total = 0;
  for (const s of split) {
    if (!Number.isInteger(s.rate) || s.rate < 1 || s.rate > 100) return refuse(MoneyMsg.splitRateInvalid);
    if (users.has(s.userId)) return refuse(MoneyMsg.splitRepeated);
    users.add(s.userId);
    total += s.rate;
  }
  if (total !== 100) return refuse(MoneyMsg.splitNotHundred);
  return ok([...split]);
}

/** A performance row before it is stored (the server adds source, shop, department, date). */
export type PerformanceShare = { userId: number; role: string; base: number; rate: number; amount: number };

/**
 * 现金业绩: the cash and principal a line received, split by the salespeople's rates (remainder to
 * the last). A refund passes a negative base and gets the mirrored negative rows.
 */
export function cashPerformance(base: number, split: readonly SalesShare[]): PerformanceShare[] {
  const amounts = allocate(
    base,
    split.map((s) => s.rate),
  );
  return split.map((s, i) => ({ userId: s.userId, role: 'sales', base, rate: s.rate, amount: amounts[i] as number }));
}

/** A 划扣 role pool (deptOperatorConfig): the role's percent of the value, shared by its staff. */
export type RolePool = { role: string; rate: number; staff: readonly { userId: number; share?: number }[] };

export function checkPools(pools: readonly RolePool[]): Checked<RolePool[]> {
  const total = pools.reduce((s, p) => s + p.rate, 0);
  if (pools.some((p) => !Number.isInteger(p.rate) || p.rate < 0) || total !== 100)
    return refuse(MoneyMsg.poolNotHundred);
  return ok([...pools]);
}

/**
 * 消耗业绩: the value of the sessions used, first over the role pools by their percent, then each
 * pool over its staff by share (equal when none is given). A pool with nobody in it earns nothing
 * (its part is not moved to another role: the setting says who earns what). Rows sum to the
 * value when every pool is staffed.
 */
export function consumptionPerformance(value: number, pools: readonly RolePool[]): PerformanceShare[] {
  const poolAmounts = allocate(
    value,
    pools.map((p) => p.rate),
  );
  return pools.flatMap((pool, i) => {
    if (pool.staff.length === 0) return [];
    const parts = allocate(
      poolAmounts[i] as number,
      pool.staff.map((s) => s.share ?? 1),
    );
    return pool.staff.map((s, j) => ({
      userId: s.userId,
      role: pool.role,
      base: value,
      rate: pool.rate,
      amount: parts[j] as number,
    }));
  });
}

/** 开发业绩: the developer's percent of the cash received, rounded toward zero. */
export function developerPerformance(base: number, userId: number, rate: number): PerformanceShare {
  const amount = Number((BigInt(Math.abs(base)) * BigInt(rate)) / 100n);
  return { userId, role: 'developer', base, rate, amount: base < 0 && amount !== 0 ? -amount : amount };
}
