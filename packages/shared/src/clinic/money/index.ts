export * from './allocate.ts';
// The approver picker of 开单 and refunds (h-moneyweb).
export * from './approval-flow.ts';
export * from './charge.ts';
// The approval center's clinic rows (h-capprove).
export * from './clinic-examines.ts';
export * from './convert.ts';
// Conversions, repairs, /crm/make, doctors, developers (h-convert).
export * from './convert-calls.ts';
export * from './customer-refunds.ts';
export * from './discount-approval.ts';
export { FEN_MAX, fenOf, fenToYuan, parseYuan, showFen, sumFen } from './fen.ts';
export { type Checked, MoneyMsg, moneyMsg } from './messages.ts';
// Reads and the 开单 page (h-orders).
export * from './order-lines.ts';
export * from './orders.ts';
export * from './performance.ts';
export * from './reads.ts';
export * from './refund.ts';
export * from './refund-calls.ts';
export * from './set-meal-lines.ts';
export * from './states.ts';
