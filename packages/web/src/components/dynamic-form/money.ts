/** Two decimals with thousands separators: 12,345.60. */
export const formatMoney = (n: number): string =>
  n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Capital numerals come from the one shared function (packages/shared/src/approval-forms/money.ts). */
export { toChineseMoney } from '@crm/shared';
