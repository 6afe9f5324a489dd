export * from './allocate.ts';
export * from './charge.ts';
export * from './discount-approval.ts';
export { FEN_MAX, fenOf, fenToYuan, parseYuan, sumFen } from './fen.ts';
export { type Checked, MoneyMsg, moneyMsg } from './messages.ts';
export * from './orders.ts';
export * from './performance.ts';
export * from './refund.ts';
export * from './states.ts';
