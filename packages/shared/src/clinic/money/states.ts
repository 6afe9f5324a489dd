/**
 * The money records' kinds and states as stored (smallint codes), with their Chinese names
 * (CLINIC.md "States"). The server's tables, the cashier and the reports read them from here.
 */
export const OrderKind = { sale: 1, topUp: 2, repayment: 3, refundPayout: 4 } as const;
export const orderKindNames: Record<number, string> = { 1: '开单', 2: '充值', 3: '还款', 4: '退款' };
/** The same names in English (the web's English mode; issue 26). */
export const orderKindNamesEn: Record<number, string> = { 1: 'Sale', 2: 'Top-up', 3: 'Repayment', 4: 'Refund' };

/** 草稿 → 待审批 → 待收费 → 已收费 / 已收费(欠款) → 已结清; 待收费 → 已作废. */
export const OrderStatus = {
  draft: 0,
  pendingApproval: 1,
  unpaid: 2,
  paid: 3,
  paidWithArrears: 4,
  settled: 5,
  cancelled: 6,
} as const;
export const orderStatusNames: Record<number, string> = {
  0: '草稿',
  1: '待审批',
  2: '待收费',
  3: '已收费',
  4: '已收费(欠款)',
  5: '已结清',
  6: '已作废',
};
export const orderStatusNamesEn: Record<number, string> = {
  0: 'Draft',
  1: 'Awaiting approval',
  2: 'Unpaid',
  3: 'Paid',
  4: 'Paid (arrears)',
  5: 'Settled',
  6: 'Cancelled',
};
/** States in which an order's money is final (its payments and allocations exist). */
export const chargedOrderStatuses = [OrderStatus.paid, OrderStatus.paidWithArrears, OrderStatus.settled] as const;

export const LineItem = { project: 1, setMeal: 2 } as const;

/** 未使用 → 疗程中 → 已完成; 已退费; 已转换; 已过期. */
export const DealStatus = { unused: 1, inTreatment: 2, finished: 3, refunded: 4, converted: 5, expired: 6 } as const;
export const dealStatusNames: Record<number, string> = {
  1: '未使用',
  2: '疗程中',
  3: '已完成',
  4: '已退费',
  5: '已转换',
  6: '已过期',
};
export const dealStatusNamesEn: Record<number, string> = {
  1: 'Unused',
  2: 'In treatment',
  3: 'Finished',
  4: 'Refunded',
  5: 'Converted',
  6: 'Expired',
};
export const DealKind = { normal: 1, repair: 2 } as const;

export const TreatmentStatus = { normal: 1, undone: 2 } as const;

/** Submitted (sessions held) → approved → paid out; rejected or withdrawn release the sessions. */
export const RefundStatus = { pending: 1, approved: 2, paid: 3, rejected: 4, withdrawn: 5 } as const;
export const refundStatusNames: Record<number, string> = {
  1: '审核中',
  2: '待退款',
  3: '已退款',
  4: '已驳回',
  5: '已撤回',
};
export const refundStatusNamesEn: Record<number, string> = {
  1: 'Under review',
  2: 'To pay out',
  3: 'Refunded',
  4: 'Rejected',
  5: 'Withdrawn',
};

export const ArrearsKind = { new: 1, repaid: 2, waived: 3 } as const;
export const PerformanceKind = { cash: 1, consumption: 2, developer: 3 } as const;

/** What caused a balance change (the ledger's `cause`). */
export const balanceCauses = ['topUp', 'tierGift', 'charge', 'refund', 'conversion', 'adjust'] as const;
export type BalanceCause = (typeof balanceCauses)[number];
