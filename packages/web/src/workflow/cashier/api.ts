import type { Input, PayMethod } from '@crm/shared';
import { call } from '@/shell/call';

/** The cashier desk's calls (docs/clinic-money.md "The cashier desk"). Money in answers is fen; amounts sent are yuan text. */

// Payments are a list of objects: sent as JSON (the form encoding flattens arrays to text). The
// charge dialog shows its refusals itself, beside the amounts they are about.
const json = { json: true };

export type PaymentBody = { method: PayMethod; amount: string };

export const cashierApi = {
  unpaid: (body: Input<'/clinic/cashier/queryUnpaid'>) => call('/clinic/cashier/queryUnpaid', body),
  accounts: (body: Input<'/clinic/cashier/queryAccounts'>) => call('/clinic/cashier/queryAccounts', body),
  charged: (body: Input<'/clinic/cashier/queryCharged'>) => call('/clinic/cashier/queryCharged', body),
  tiers: () => call('/clinic/cashier/topUpTiers', {}),
  receipt: (orderId: number) => call('/clinic/cashier/receipt', { orderId }),
  // couponId: coupons at the desk (issue 25, h-coupons).
  charge: (orderId: number, payments: PaymentBody[], couponId?: number) =>
    call('/clinic/cashier/charge', { orderId, payments, couponId }, { json: true, silent: true }),
  cancel: (orderId: number) => call('/CrmCustomerProjectDealRecord/cancel', { orderId }),
  topUp: (
    customerId: number,
    payments: PaymentBody[],
    salespeople: { userId: number; rate: number }[],
    batchId: string,
  ) => call('/clinic/cashier/topUp', { customerId, payments, salespeople, batchId }, json),
  repay: (customerId: number, payments: PaymentBody[], batchId: string) =>
    call('/clinic/cashier/repay', { customerId, payments, batchId }, json),
  waive: (customerId: number, amount: string, reason: string, batchId: string) =>
    call('/clinic/cashier/waive', { customerId, amount, reason, batchId }),
};

export const cashierKeys = {
  all: ['workflow', 'cashier'] as const,
  unpaid: (body: Input<'/clinic/cashier/queryUnpaid'>) => ['workflow', 'cashier', 'unpaid', body] as const,
  accounts: (body: Input<'/clinic/cashier/queryAccounts'>) => ['workflow', 'cashier', 'accounts', body] as const,
  charged: (body: Input<'/clinic/cashier/queryCharged'>) => ['workflow', 'cashier', 'charged', body] as const,
  tiers: ['workflow', 'cashier', 'tiers'] as const,
};

/** The receipt page of an order, opened in a new tab to print. */
/** A new batch id for a desk call: a double click sends the same one, so the server answers the first. */
export const newBatch = (): string => crypto.randomUUID();

export const openReceipt = (orderId: number) => window.open(`/printCashPage?orderId=${orderId}`, '_blank', 'noopener');
