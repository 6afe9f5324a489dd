/**
 * The settings' rules other features apply (CLINIC.md money rules), pure and in whole fen: the
 * order form calls the discount floor, the cashier the recharge tier, the nurses' station the
 * role pools.
 */

/** A role's configured lowest discount rate, in whole percent (80 = 八折). */
export type RoleRate = { roleId: number; minRate: number };

/**
 * The lowest rate of the user's roles that have one configured; null when none has (then only the
 * project's minimum price binds). Several roles: the most generous (lowest) rate wins.
 */
export function lowestRate(userRoleIds: number[], rates: RoleRate[]): number | null {
  const mine = rates.filter((r) => userRoleIds.includes(r.roleId)).map((r) => r.minRate);
  return mine.length ? Math.min(...mine) : null;
}

/**
 * The lowest deal price a line may have without approval: max(price × rate, minimum price).
 * price × rate rounds up to the fen, so a price at the floor is never below the exact product.
 */
export function discountFloorFen(priceFen: number, rate: number | null, minPriceFen: number | null): number {
  const byRate = rate === null ? 0 : Math.ceil((priceFen * rate) / 100);
  return Math.max(byRate, minPriceFen ?? 0);
}

/** Whether a deal price needs the 折扣审批 approval. */
export const needsDiscountApproval = (dealFen: number, floorFen: number): boolean => dealFen < floorFen;

export type RechargeTierRule = {
  id: number;
  thresholdFen: number;
  enabled: boolean;
  activeFrom: string | null;
  activeTo: string | null;
  sort?: number;
};

/**
 * The tier a top-up of `amountFen` on `day` (YYYY-MM-DD, the company's day) earns: among the
 * enabled tiers active that day, the one with the highest threshold not above the amount (on a
 * tie the first by sort); null when none applies.
 */
export function rechargeTierFor<T extends RechargeTierRule>(tiers: T[], amountFen: number, day: string): T | null {
  let best: T | null = null;
  for (const t of tiers) {
    if (!t.enabled || t.thresholdFen > amountFen) continue;
    if ((t.activeFrom && day < t.activeFrom) || (t.activeTo && day > t.activeTo)) continue;
    if (
      !best ||
      t.thresholdFen > best.thresholdFen ||
      (t.thresholdFen === best.thresholdFen && (t.sort ?? 0) < (best.sort ?? 0))
    )
      best = t;
  }
  return best;
}

export const OperatorPoolMsg = { sum: (total: number) => `划扣角色分成合计须为100%，当前为${total}%` } as const;

/** The 划扣 role pools of a department must share all of the consumption (100 %); none is allowed. */
export function poolsIssue(pools: { percent: number | null }[]): string | null {
  if (pools.length === 0) return null;
  const total = pools.reduce((s, p) => s + (p.percent ?? 0), 0);
  return total === 100 ? null : OperatorPoolMsg.sum(total);
}

/** A set meal's total: the sum of its items' in-meal prices (each item's price for all its sessions). */
export const setMealTotalFen = (prices: (number | null)[]): number => prices.reduce<number>((s, p) => s + (p ?? 0), 0);
