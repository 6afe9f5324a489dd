import type { CrmFigures } from '@crm/shared';

/** The share of a target reached, in whole percent; none without a positive target or a visible figure. */
export function reached(value: number | null, target: number | null): number | undefined {
  if (value === null || target === null || target <= 0) return undefined;
  return Math.floor((value * 100) / target);
}

/** Where each figure opens: the kind's list on "mine" (the month is the page's, the list shows all of mine). */
export const figureTargets: Partial<Record<keyof CrmFigures, string>> = {
  newCustomers: '/crm/customer?scene=-2',
  contractMoney: '/crm/contract?scene=-2',
  receivablesMoney: '/crm/receivables?scene=-2',
};
