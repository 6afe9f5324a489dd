export * from './allocate.ts';
export * from './charge.ts';
// FEN_MAX and fenToYuan are exported by the catalogue's catalogue-yuan.ts (same rule); one of the two copies should go at merge.
export { fenOf, parseYuan, sumFen } from './fen.ts';
export { type Checked, MoneyMsg, moneyMsg } from './messages.ts';
export * from './orders.ts';
export * from './performance.ts';
export * from './refund.ts';
export * from './states.ts';
